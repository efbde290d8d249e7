import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCitationVerifier } from '../../answer/citation-verifier.ts';
import { type DatabaseHandle } from '../../db/client.ts';
import { openTestPglite } from '../../test/databases.ts';
import { createPassageGuide } from '../../question/guide/passage-guide.ts';
import type { PassageHit, PassageIndex } from '../../retrieval/passage-index.ts';
import { createVerseRetriever } from '../../retrieval/verse-retriever.ts';
import { inCanon } from '../../scripture/canon.ts';
import type { ReferenceParser } from '../../scripture/references.parser.ts';
import type { Tradition } from '../../scripture/references.types.ts';
import { buildTestApp } from '../../test/test-app.ts';

const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../test/fixtures/corpus');
const TRADITIONS: Tradition[] = ['protestant', 'catholic', 'orthodox'];

let database: DatabaseHandle;
let t: Awaited<ReturnType<typeof buildTestApp>>;
let parser: ReferenceParser;
let codes: string[];

beforeAll(async () => {
  database = await openTestPglite();
  t = await buildTestApp({ database, env: { CORPUS_DIR: FIXTURE } });
  expect((await t.container.services.corpus.ingest())?.status).toBe('built');
  const tools = await t.container.services.bible.tools();
  parser = tools.parser;
  codes = [...tools.books.keys()];
});
afterAll(async () => {
  await t.app.close();
  await t.container.close();
});

/** /bible/books: the books the reader's Bible lists. */
async function listed(tradition: Tradition): Promise<Set<string>> {
  const res = await t.app.inject({ url: `/webapi/bible/books?lang=en&expression=${tradition}` });
  return new Set((res.json().data as { code: string }[]).map((b) => b.code));
}

/** A retriever over an index that finds a verse of every book, whatever the query. */
function retrieverOverEveryBook() {
  const hits: PassageHit[] = codes.map((code) => ({
    id: `kjv:${code}.1.1`,
    kind: 'verse',
    lang: 'en',
    translation: 'kjv',
    ref: `${code}.1.1`,
    text: 'grace and mercy',
    highlight: '',
    score: 1,
    matchedBy: ['text'],
  }));
  const index: PassageIndex = {
    info: { version: 'v', docCount: hits.length, builtAt: '', analyzerVersion: 2 },
    search: async (q) => (q.kinds?.includes('verse') ? hits : []),
    close() {},
  };
  // No guide: the question below names nothing, so what comes back is what the retriever offers on its own.
  const guide = createPassageGuide([]);
  return createVerseRetriever({ index, parser, guide, entryRefs: async () => new Map(), prominence: () => 0 });
}

/** Every fixture book cited at 1:1, named the reader's way. */
const citingEveryBook = (tradition: Tradition) =>
  codes.map((code) => `${parser.catalogue.name(code, 'en', tradition)} 1:1`).join('; ');

/** The retriever on its own (a question naming no book or guide entry): the books whose verses it offers. */
async function found(tradition: Tradition): Promise<Set<string>> {
  const { verses } = await retrieverOverEveryBook().retrieve('grace mercy', { language: 'en', tradition, limit: 50 });
  return new Set(verses.map((v) => v.ref.split('.')[0]!));
}

/** The retriever when the reader cites every book: each is shown, and which are marked outside the canon. */
async function cited(tradition: Tradition): Promise<{ shown: Set<string>; outside: Set<string> }> {
  const { verses } = await retrieverOverEveryBook().retrieve(citingEveryBook(tradition), {
    language: 'en',
    tradition,
    limit: 50,
  });
  const book = (v: { ref: string }) => v.ref.split('.')[0]!;
  return { shown: new Set(verses.map(book)), outside: new Set(verses.filter((v) => v.outsideCanon).map(book)) };
}

/** The verifier: which cited books it links, and which it marks outside the canon, when every verse exists. */
async function verified(tradition: Tradition): Promise<{ linked: Set<string>; outside: Set<string> }> {
  const verifier = createCitationVerifier(
    parser,
    {
      lookup: async (ref) => ({
        label: ref.book,
        text: 'grace and mercy',
        reference: `${ref.book}.1.1`,
        translation: 'kjv',
        language: 'en',
      }),
    },
    { language: 'en', tradition },
  );
  const citations = await verifier.verify(citingEveryBook(tradition));
  expect(citations).toHaveLength(codes.length);
  const books = (status: string) =>
    new Set(citations.filter((c) => c.status === status).map((c) => c.reference!.split('.')[0]!));
  return { linked: books('linked'), outside: books('outside-canon') };
}

describe('one canon for the Bible routes, the retriever and the verifier', () => {
  it('the fixture corpus has books of every standing: shared, deuterocanon, Orthodox, appendix, none', () => {
    expect(codes).toEqual(expect.arrayContaining(['JHN', 'SIR', '3MA', '4MA', '2ES']));
  });

  it.each(TRADITIONS)('agree book by book for a %s reader', async (tradition) => {
    const canon = new Set(codes.filter((code) => inCanon(code, tradition)));
    const every = new Set(codes);
    // What the reader's Bible lists is what the retriever offers unasked.
    expect(await listed(tradition)).toEqual(canon);
    expect(await found(tradition)).toEqual(canon);
    // A book the reader cites is shown whatever their canon; the retriever and the verifier mark exactly the others.
    const asked = await cited(tradition);
    const others = new Set(codes.filter((code) => !canon.has(code)));
    expect(asked.shown).toEqual(every);
    expect(asked.outside).toEqual(others);
    const checked = await verified(tradition);
    expect(checked.linked).toEqual(canon);
    expect(checked.outside).toEqual(others);
  });

  it('marks 4 Maccabees as an appendix of the Orthodox Bible only', async () => {
    const res = await t.app.inject({ url: '/webapi/bible/books?lang=en&expression=orthodox' });
    const books = res.json().data as { code: string; appendix: boolean }[];
    expect(books.filter((b) => b.appendix).map((b) => b.code)).toEqual(['4MA']);
  });
});
