import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chapterSchema, type Chapter } from '@bible-qa/contract';
import type { DatabaseHandle } from '../../db/client.ts';
import { databaseTargets } from '../../test/databases.ts';
import { buildTestApp } from '../../test/test-app.ts';

const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../test/fixtures/corpus');

describe.each(databaseTargets)('the chapter reader’s API on $name', (target) => {
  let database: DatabaseHandle;
  let t: Awaited<ReturnType<typeof buildTestApp>>;

  beforeAll(async () => {
    database = await target.open();
    t = await buildTestApp({ database, env: { CORPUS_DIR: FIXTURE } });
    expect((await t.container.services.corpus.ingest())?.status).toBe('built');
  });
  afterAll(async () => {
    await t.app.close();
    await t.container.close();
  });

  async function get(url: string, locale = 'zh-cn') {
    const res = await t.app.inject({ method: 'GET', url: `/webapi/bible${url}`, headers: { locale } });
    expect(res.statusCode).toBeLessThan(500);
    return res.json() as { code: number; msg: string; data: unknown };
  }
  async function chapter(query: string, locale = 'zh-cn'): Promise<Chapter> {
    const body = await get(`/chapter?${query}`, locale);
    expect(body.code, body.msg).toBe(0);
    return chapterSchema.parse(body.data);
  }
  const ids = (list: { id: string }[]) => list.map((x) => x.id);

  it('reads John 3 whole in the Union Version, with its neighbours and the texts that hold it', async () => {
    const john = await chapter('book=JHN&chapter=3');
    expect(john).toMatchObject({
      book: 'JHN',
      chapter: 3,
      bookName: '约翰福音',
      title: '约翰福音 3章',
      numbering: null,
      missing: null,
      outsideCanon: false,
      translation: { id: 'cuv-hans', abbr: '和合本' },
    });
    expect(john.verses.map((v) => v.verse)).toEqual(Array.from({ length: 36 }, (_, i) => i + 1));
    expect(john.verses[15]).toMatchObject({ verse: 16, refVerse: 16, text: expect.stringContaining('神爱世人') });
    // John 4 is next; before John 3 the fixture holds no chapter of John, so the previous is the last psalm it has.
    expect(john.next).toEqual({ book: 'JHN', chapter: 4, title: '约翰福音 4章' });
    expect(john.previous).toEqual({ book: 'PSA', chapter: 23, title: '诗篇 23篇' });
    // The reader's text first; the Catholic Vulgate text without John (cpdv holds Genesis and Sirach only) is not offered.
    expect(ids(john.translations)).toEqual(['cuv-hans', 'kjv', 'drc']);
  });

  it('goes on to John 4, and back', async () => {
    const four = await chapter('book=JHN&chapter=4&translation=kjv', 'en');
    expect(four.title).toBe('John 4');
    expect(four.verses[0]!.text).toMatch(/Pharisees/);
    expect(four.previous).toMatchObject({ book: 'JHN', chapter: 3 });
    expect(four.next).toMatchObject({ book: 'ROM', chapter: 8 });
    expect(ids(four.translations)).toEqual(['kjv', 'cuv-hans']);
  });

  it('shows an Orthodox reader the Septuagint number of a psalm with the Protestant one beside', async () => {
    const psalm = await chapter('book=PSA&chapter=23&translation=kjv&expression=orthodox', 'en');
    expect(psalm.title).toBe('Psalm 22 (23)');
    expect(psalm.numbering).toBe('Psalm 23');
    expect(psalm.verses[0]!.text).toMatch(/shepherd/);
  });

  it('reads a Vulgate-numbered text in its own numbering, each verse standing for the one asked', async () => {
    const psalm = await chapter('book=PSA&chapter=23&translation=drc&expression=catholic', 'en');
    expect(psalm).toMatchObject({ title: 'Psalm 23', numbering: 'Psalm 22', translation: { id: 'drc' } });
    expect(psalm.verses.map((v) => [v.chapter, v.verse, v.refVerse])).toEqual(
      [1, 2, 3, 4, 5, 6].map((n) => [22, n, n]),
    );
    expect(psalm.verses[0]!.text).toMatch(/ruleth me/i);
  });

  it('gives a Catholic reader the deuterocanon, in the order their Bible prints it', async () => {
    const sirach = await chapter('book=SIR&chapter=1&expression=catholic', 'en');
    expect(sirach).toMatchObject({ outsideCanon: false, translation: { id: 'cpdv' } });
    expect(sirach.previous).toMatchObject({ book: 'WIS', chapter: 3 });
    expect(sirach.next).toMatchObject({ book: 'JHN', chapter: 3 });
    // After the Psalms come Wisdom and Sirach in a Catholic Bible; a Protestant goes on to John.
    expect((await chapter('book=PSA&chapter=23&expression=catholic', 'en')).next).toMatchObject({ book: 'WIS' });
    expect((await chapter('book=PSA&chapter=23&expression=protestant', 'en')).next).toMatchObject({ book: 'JHN' });
  });

  it('lists the books for the picker in the order each tradition prints them', async () => {
    const codes = async (expression: string) =>
      ((await get(`/books?lang=en&expression=${expression}`)).data as { code: string }[]).map((b) => b.code);
    expect(await codes('catholic')).toEqual(['GEN', 'DEU', 'PSA', 'WIS', 'SIR', 'JHN', 'ROM', '1JN']);
    expect(await codes('orthodox')).toEqual(['GEN', 'DEU', '3MA', 'PSA', 'WIS', 'SIR', '4MA', 'JHN', 'ROM', '1JN']);
    expect(await codes('protestant')).toEqual(['GEN', 'DEU', 'PSA', 'JHN', 'ROM', '1JN']);
  });

  it('shows a Protestant a book outside their canon when asked, with no neighbours from outside it', async () => {
    const sirach = await chapter('book=SIR&chapter=1&expression=protestant', 'en');
    expect(sirach.outsideCanon).toBe(true);
    expect(sirach.verses.length).toBeGreaterThan(0);
    expect([sirach.previous, sirach.next]).toEqual([null, null]);
  });

  it('says so when the asked translation lacks the chapter, and shows the reader’s own', async () => {
    const john = await chapter('book=JHN&chapter=3&translation=cpdv');
    expect(john.missing).toBe('cpdv');
    expect(john.translation.id).toBe('cuv-hans');
  });

  it('answers a chapter no text of the library holds with no verses, and still its neighbours', async () => {
    const third = await chapter('book=3MA&chapter=1&expression=orthodox', 'en');
    expect(third.verses).toEqual([]);
    expect(third.translations).toEqual([]);
    expect(third.next ?? third.previous).not.toBeNull();
  });

  it.each([
    ['book=XYZ&chapter=1', 10500],
    ['book=JHN&chapter=22', 10501],
    ['book=JHN&chapter=3&translation=nope', 10504],
  ])('refuses %s with a clear business error', async (query, code) => {
    const body = await get(`/chapter?${query}`, 'en');
    expect(body.code).toBe(code);
    expect(body.msg.length).toBeGreaterThan(5);
  });

  it.each(['book=jhn&chapter=3', 'book=JHN&chapter=0', 'book=JHN&chapter=x', 'chapter=3', 'book=JHN'])(
    'refuses the malformed query %s',
    async (query) => {
      const body = await get(`/chapter?${query}`, 'en');
      expect([10000, 10002]).toContain(body.code);
    },
  );

  it('lists only the translations that hold a passage, the reader’s own first', async () => {
    const john = await get(`/translations?ref=${encodeURIComponent('约翰福音3:16')}`);
    expect(ids(john.data as { id: string }[])).toEqual(['cuv-hans', 'kjv', 'drc']);
    expect((john.data as { abbr: string }[])[0]!.abbr).toBe('和合本');
    const sirach = await get(`/translations?ref=${encodeURIComponent('Sirach 1:10')}&expression=catholic`, 'en');
    // cpdv holds Sirach 1:1-6 only in the fixture; the Douay-Rheims holds all of chapter 1.
    expect(ids(sirach.data as { id: string }[])).toEqual(['drc']);
    expect((await get('/translations?ref=nothing%20here')).code).toBe(10502);
  });

  it('searches in the tradition the query names', async () => {
    const catholic = await get(`/search?q=${encodeURIComponent('若望福音3:16')}&expression=catholic`);
    expect((catholic.data as { passage: { title: string } }).passage.title).toBe('若望福音 3:16');
  });
});
