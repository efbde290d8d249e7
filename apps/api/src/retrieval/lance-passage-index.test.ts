import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIndex, openIndex } from './lance-passage-index.ts';
import type { PassageIndex } from './passage-index.ts';
import { FIXTURE_DOCS } from './test-fixtures.ts';

let dir: string;
let index: PassageIndex;
const ids = async (query: Parameters<PassageIndex['search']>[0]) => (await index.search(query)).map((h) => h.id);

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'passage-index-'));
  await buildIndex(dir, FIXTURE_DOCS);
  index = await openIndex(dir);
});

afterAll(async () => {
  index?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('LancePassageIndex search', () => {
  it('finds the 神爱世人 verse for 世人, in both scripts', async () => {
    expect(await ids({ query: '世人' })).toEqual(['cuv-hans:JHN.3.16']);
    expect(await ids({ query: '世人', lang: 'zh-Hans' })).toEqual(['cuv-hans:JHN.3.16']);
    expect(await ids({ query: '神愛世人' })).toEqual(['cuv-hans:JHN.3.16']);
  });

  it('asks for the characters of Han bigrams only when told, and ranks the verse holding most of them first', async () => {
    // 独子 is no bigram of 独生子: only its characters find John 3:16 (and 子 in 儿子, Matthew 5:9, after it).
    expect(await ids({ query: '独子' })).toEqual([]);
    const found = await ids({ query: '独子', hanCharacters: true });
    expect(found[0]).toBe('cuv-hans:JHN.3.16');
    expect(found).toContain('cuv-hans:MAT.5.9');
    // A bigram the index holds still leads its characters' other verses.
    expect((await ids({ query: '世人', hanCharacters: true }))[0]).toBe('cuv-hans:JHN.3.16');
  });

  it('finds Traditional verses with a Simplified query', async () => {
    expect(await ids({ query: '道路 真理 生命' })).toEqual(['cuv-hant:JHN.14.6']);
    const [hit] = await index.search({ query: '万事互相效力' });
    expect(hit?.id).toBe('cuv-hant:ROM.8.28');
    expect(hit?.highlight).toContain('<mark>萬事</mark>');
  });

  it('ranks by BM25 and returns the hit fields', async () => {
    const [hit] = await index.search({ query: 'shepherd', lang: 'en' });
    expect(hit).toMatchObject({
      id: 'kjv:PSA.23.1',
      kind: 'verse',
      lang: 'en',
      translation: 'kjv',
      ref: 'PSA.23.1',
      testament: 'OT',
      matchedBy: ['text'],
    });
    expect(hit?.score).toBeGreaterThan(0);
    expect(hit?.highlight).toBe('A Psalm of David. The LORD is my <mark>shepherd</mark>; I shall not want.');
  });

  it('filters by language, translation, kind and collection', async () => {
    expect(await ids({ query: 'David' })).toHaveLength(3);
    expect(await ids({ query: 'David', lang: 'es' })).toEqual(['rv1909:PSA.23.1']);
    expect(await ids({ query: 'David', lang: ['fr', 'es'] })).toHaveLength(2);
    expect(await ids({ query: 'David', translations: ['darby-fr'] })).toEqual(['darby-fr:PSA.23.1']);
    expect(await ids({ query: 'shepherd', kinds: ['entry'] })).toEqual(['eastons-dictionary:aaron#1']);
    expect(await ids({ query: 'shepherd', collections: ['eastons-dictionary'] })).toEqual([
      'eastons-dictionary:aaron#1',
    ]);
    expect(await ids({ query: 'David', translations: ['nope'] })).toEqual([]);
  });

  it('keeps deuterocanonical verses out of the Protestant canon only', async () => {
    expect(await ids({ query: 'Tobias', canon: 'protestant' })).toEqual([]);
    expect(await ids({ query: 'Tobias', canon: 'catholic' })).toEqual(['drc:TOB.1.1']);
    expect(await ids({ query: 'Aaron', canon: 'protestant' })).toEqual(['eastons-dictionary:aaron#1']);
  });

  it('matches Spanish and French without accents, and respects the limit', async () => {
    expect(await ids({ query: 'jehova faltara', lang: 'es' })).toEqual(['rv1909:PSA.23.1']);
    expect(await ids({ query: "l'éternel", lang: 'fr' })).toEqual(['darby-fr:PSA.23.1']);
    expect(await ids({ query: 'God Dieu Dios 神', limit: 2 })).toHaveLength(2);
  });

  it('escapes highlights of stored markup', async () => {
    const [hit] = await index.search({ query: 'shepherd', kinds: ['entry'] });
    expect(hit?.highlight).toBe(
      'The eldest son of Amram and Jochebed, a daughter of Levi. &lt;b&gt;<mark>Shepherd</mark>&lt;/b&gt; &amp; brother of Moses.',
    );
    expect(hit?.text).toContain('<b>');
  });

  const hostile = [
    '"love" AND NOT (hate) OR world*',
    'NEAR(world, God, 3)',
    'tok:world) OR (1=1',
    "world'; DROP TABLE passages; --",
    'w'.repeat(1 << 20),
    `${'神爱世人 world '.repeat(60_000)}`,
    '\uD800\uDFFF\uDC00 world \u202E\u200B',
    '',
    '*',
    '()[]{}:^~"',
  ];
  it.each(hostile.map((q) => [q.length > 40 ? `${q.slice(0, 40)}… (${q.length} chars)` : q, q]))(
    'answers hostile query %j without throwing',
    async (_label, query) => {
      const hits = await index.search({ query, translations: ["kjv' OR '1'='1"], limit: 5 });
      expect(hits).toEqual([]);
      const open = await index.search({ query, limit: 5 });
      expect(Array.isArray(open)).toBe(true);
      for (const hit of open) expect(hit.highlight).not.toMatch(/<(?!\/?mark>)/);
    },
  );

  it('answers odd filter values without throwing', async () => {
    const query = { query: 'world', limit: Number.NaN, lang: ["en') OR ('1'='1"], canon: 'x' as never };
    expect(await index.search(query)).toEqual([]);
    expect(await ids({ query: 'world', limit: 10_000 })).toContain('kjv:JHN.3.16');
  });
});

describe('buildIndex publishing', () => {
  it('switches CURRENT to a new version and keeps serving the old one until then', async () => {
    const before = (await readFile(join(dir, 'CURRENT'), 'utf8')).trim();
    const info = await buildIndex(dir, FIXTURE_DOCS.slice(0, 3));
    expect((await readFile(join(dir, 'CURRENT'), 'utf8')).trim()).toBe(info.version);
    expect(await readdir(dir)).toEqual(expect.arrayContaining([before, info.version]));
    expect(await ids({ query: 'shepherd' })).toContain('kjv:PSA.23.1');
    const reopened = await openIndex(dir);
    expect(reopened.info.docCount).toBe(3);
    reopened.close();
  });

  it('leaves the published index in place when a build fails', async () => {
    const current = (await readFile(join(dir, 'CURRENT'), 'utf8')).trim();
    async function* failing() {
      yield FIXTURE_DOCS[0]!;
      throw new Error('ingestion crashed');
    }
    await expect(buildIndex(dir, failing(), undefined, { batchSize: 1 })).rejects.toThrow('ingestion crashed');
    await expect(buildIndex(dir, [])).rejects.toThrow(/empty corpus/);
    expect((await readFile(join(dir, 'CURRENT'), 'utf8')).trim()).toBe(current);
    expect((await readdir(dir)).filter((e) => e.startsWith('index-'))).toHaveLength(2);
  });
});

describe('LancePassageIndex titles and stems', () => {
  let titledDir: string;
  let titled: PassageIndex;
  const entry = (id: string, title: string, text: string) =>
    ({ id, kind: 'entry', lang: 'en', collection: 'naves-topical', title, text }) as const;

  beforeAll(async () => {
    titledDir = await mkdtemp(join(tmpdir(), 'passage-index-titles-'));
    await buildIndex(titledDir, [
      entry('naves-topical:moses', 'Moses', 'Levite, son of Amram; the lawgiver of Israel and leader of the Exodus.'),
      entry('naves-topical:aaron', 'Aaron', 'Brother of Moses; spoke for Moses before Pharaoh; first high priest.'),
      {
        id: 'kjv:MAT.6.14',
        kind: 'verse',
        lang: 'en',
        translation: 'kjv',
        ref: 'MAT.6.14',
        text: 'For if ye forgive men their trespasses, your heavenly Father will also forgive you:',
      },
    ]);
    titled = await openIndex(titledDir);
  });

  afterAll(async () => {
    titled?.close();
    await rm(titledDir, { recursive: true, force: true });
  });

  it('ranks an entry whose title matches first when titles are boosted', async () => {
    const plain = await titled.search({ query: 'Moses', kinds: ['entry'] });
    expect(plain.map((h) => h.id)).toEqual(['naves-topical:aaron', 'naves-topical:moses']);
    const boosted = await titled.search({ query: 'Moses', kinds: ['entry'], titleBoost: 3 });
    expect(boosted.map((h) => h.id)).toEqual(['naves-topical:moses', 'naves-topical:aaron']);
  });

  it('finds an inflected form through its stem and highlights it', async () => {
    const [hit] = await titled.search({ query: 'forgiving', lang: 'en' });
    expect(hit?.id).toBe('kjv:MAT.6.14');
    expect(hit?.highlight).toContain('<mark>forgive</mark>');
  });
});
