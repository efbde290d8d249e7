import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle } from '../../db/client.ts';
import { openTestPglite } from '../../test/databases.ts';
import { buildTestApp } from '../../test/test-app.ts';

const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../test/fixtures/corpus');

let database: DatabaseHandle;
let t: Awaited<ReturnType<typeof buildTestApp>>;

async function get(url: string, locale = 'zh-cn') {
  const res = await t.app.inject({ method: 'GET', url: `/webapi/bible${url}`, headers: { locale } });
  expect(res.statusCode).toBeLessThan(500);
  return res.json();
}

beforeAll(async () => {
  database = await openTestPglite();
  t = await buildTestApp({ database, env: { CORPUS_DIR: FIXTURE } });
});
afterAll(async () => {
  await t.app.close();
  await t.container.close();
});

describe('before the corpus is ingested', () => {
  it('says the library is unavailable rather than failing, with 503 so a proxy knows to try again', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/webapi/bible/passage?ref=John%203:16',
      headers: { locale: 'en' },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().code).toBe(10505);
  });
});

describe('the Bible API over the fixture corpus', () => {
  beforeAll(async () => {
    const result = await t.container.services.corpus.ingest();
    expect(result?.status).toBe('built');
  });

  it('shows a Chinese reference in the Union Version with its Chinese title', async () => {
    const body = await get(`/passage?ref=${encodeURIComponent('约翰福音3:16')}`);
    expect(body.code).toBe(0);
    expect(body.data).toMatchObject({ reference: 'JHN.3.16', title: '约翰福音 3:16', translation: { id: 'cuv-hans' } });
    expect(body.data.verses[0].text).toContain('神爱世人');
  });

  it.each([
    ['約翰福音 3章16節', 'JHN.3.16'],
    ['约3:16', 'JHN.3.16'],
    ['John 3:16-18', 'JHN.3.16-JHN.3.18'],
    ['Rom 8:28–39', 'ROM.8.28-ROM.8.39'],
    ['诗篇23篇', 'PSA.23'],
  ])('resolves %s', async (ref, expected) => {
    const body = await get(`/passage?ref=${encodeURIComponent(ref)}&translation=kjv`);
    expect(body.code).toBe(0);
    expect(body.data.reference).toBe(expected);
    expect(body.data.verses.length).toBeGreaterThan(0);
  });

  it('names books the Catholic way for Catholic readers', async () => {
    const body = await get(`/passage?ref=${encodeURIComponent('若望福音3:16')}&expression=catholic`);
    expect(body.data.title).toBe('若望福音 3:16');
    expect(body.data.verses[0].text).toContain('神爱世人');
  });

  it('shows Psalm 23 as the Vulgate-numbered Psalm 22 in the Douay-Rheims', async () => {
    const body = await get(`/passage?ref=${encodeURIComponent('Psalm 23:1')}&translation=drc`, 'en');
    expect(body.data.translationReference).toMatch(/^PSA\.22\./);
    expect(body.data.verses.map((v: { text: string }) => v.text).join(' ')).toMatch(/ruleth me/i);
  });

  it('shows one passage in several translations', async () => {
    const body = await get(`/parallel?ref=${encodeURIComponent('John 3:16')}&translations=kjv,cuv-hans,drc`, 'en');
    expect(body.data.passages.map((p: { translation: { id: string } }) => p.translation.id)).toEqual([
      'kjv',
      'cuv-hans',
      'drc',
    ]);
    expect(body.data.passages[0].verses[0].text).toMatch(/God so loved the world/);
  });

  it.each([
    ['Hezekiah 3:1', 10500],
    ['John 99:1', 10501],
    ['John 3:99', 10501],
    ['hello there', 10502],
  ])('answers %s with a clear business error', async (ref, code) => {
    const body = await get(`/passage?ref=${encodeURIComponent(ref)}&translation=kjv`, 'en');
    expect(body.code).toBe(code);
    expect(body.msg.length).toBeGreaterThan(5);
  });

  it('refuses an unknown translation', async () => {
    expect((await get('/passage?ref=John%203:16&translation=nope', 'en')).code).toBe(10504);
  });

  it('finds 神爱世人 for the query 世人, and a reference query resolves straight to the passage', async () => {
    const words = await get(`/search?q=${encodeURIComponent('世人')}`);
    expect(words.code).toBe(0);
    expect(words.data.hits.map((h: { id: string }) => h.id)).toContain('cuv-hans:JHN.3.16');
    const ref = await get(`/search?q=${encodeURIComponent('John 3:16')}&translation=kjv`, 'en');
    expect(ref.data.passage.reference).toBe('JHN.3.16');
  });

  it('reads a query in its own language when it is plainly not the interface’s, unless `lang` says otherwise', async () => {
    // Default Locale zh-cn: an English question still searches the English Bible, as its answer would.
    const english = await get(`/search?q=${encodeURIComponent('How old was Moses when he died?')}`);
    const hits = english.data.hits as { ref: string; translation: string }[];
    expect(hits.map((h) => h.ref)).toContain('DEU.34.7');
    expect(hits.every((h) => h.translation === 'kjv')).toBe(true);
    const asked = await get(`/search?q=${encodeURIComponent('How old was Moses when he died?')}&lang=zh-Hans`);
    expect((asked.data.hits as { translation: string }[]).every((h) => h.translation === 'cuv-hans')).toBe(true);
  });

  it('gives each verse once, in the reader’s translation, with the words marked', async () => {
    const res = await get(`/search?q=${encodeURIComponent('神爱世人')}&limit=20`);
    const hits = res.data.hits as { ref: string; translation: string; highlight: string; title: string }[];
    expect(hits.length).toBeGreaterThan(0);
    expect(new Set(hits.map((h) => h.ref)).size).toBe(hits.length);
    expect(hits.every((h) => h.translation === 'cuv-hans')).toBe(true);
    expect(hits[0]).toMatchObject({ ref: 'JHN.3.16', title: '约翰福音 3:16' });
    expect(hits[0]!.highlight).toContain('<mark>');
  });

  it.each([
    '"unclosed AND (love OR NOT faith) NEAR(x y) * : col:val',
    '\uD800 lone surrogate \uDFFF',
    '\u200B\u200D\u202E love \u202C',
    '',
    'x'.repeat(2000),
  ])('answers hostile search text normally: %#', async (q) => {
    const res = await t.app.inject({ method: 'POST', url: '/webapi/bible/search', payload: { q } });
    expect(res.statusCode).toBe(200);
    expect(res.json().code).toBe(0);
  });

  it('refuses 1 MB of search text with a clear error', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/webapi/bible/search',
      payload: { q: '爱'.repeat(300_000) },
    });
    expect(res.statusCode).toBeLessThan(500);
    expect([10000, 10002]).toContain(res.json().code);
  });

  it('lists the deuterocanon only for Catholic and Orthodox readers, with Catholic Chinese names', async () => {
    const protestant = await get('/books?lang=zh-Hans&expression=protestant');
    const catholic = await get('/books?lang=zh-Hans&expression=catholic');
    expect(protestant.data.map((b: { code: string }) => b.code)).not.toContain('WIS');
    const wisdom = catholic.data.find((b: { code: string }) => b.code === 'WIS');
    expect(wisdom.name).toMatch(/智慧/);
    expect(catholic.data.find((b: { code: string }) => b.code === 'JHN').name).toBe('若望福音');
  });

  it('lists the cross-references of a verse with their text', async () => {
    const body = await get(`/crossrefs?ref=${encodeURIComponent('John 3:16')}&translation=kjv&limit=5`, 'en');
    expect(body.code).toBe(0);
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.data[0]).toMatchObject({
      reference: expect.any(String),
      title: expect.any(String),
      votes: expect.any(Number),
    });
  });

  it('lists the translations with their licences and sources', async () => {
    const body = await get('/translations');
    expect(body.data.map((t: { id: string }) => t.id).sort()).toEqual(['cpdv', 'cuv-hans', 'drc', 'kjv']);
    for (const translation of body.data) expect(translation.license).toBeTruthy();
  });

  it('renders a verse card PNG with the Chinese text actually drawn', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/webapi/bible/verse-card?ref=${encodeURIComponent('约翰福音3:16')}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    const png = res.rawPayload;
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(png.readUInt32BE(16)).toBe(1080);
    // the same card without its text is much smaller: glyphs were drawn, not tofu or nothing
    const { renderVerseCard } = await import('./verse-card.ts');
    const blank = await renderVerseCard({ text: '', label: '', translationName: '', brand: '', theme: 'light' });
    expect(png.length).toBeGreaterThan(blank.length * 1.5);
  });

  it('reports the corpus as ready in the health check', async () => {
    const body = (await t.app.inject({ method: 'GET', url: '/webapi/health' })).json();
    expect(body.data.corpus).toMatchObject({ status: 'ready' });
  });
});
