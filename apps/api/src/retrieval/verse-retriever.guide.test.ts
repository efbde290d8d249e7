// The retriever with the passage guide: named passages read as cited, topics and people as strong rankings,
// Chinese names kept whole, and the relevance floor for questions outside the domain.
import { describe, expect, it } from 'vitest';
import { TEST_BOOKS } from '../scripture/fixtures/books.fixture.ts';
import { createReferenceParser } from '../scripture/references.parser.ts';
import { createVerseCountTable } from '../scripture/verse-counts.ts';
import { createPassageGuide, type GuideEntry } from '../question/guide/passage-guide.ts';
import type { PassageHit, PassageIndex, PassageQuery } from './passage-index.ts';
import { createVerseRetriever } from './verse-retriever.ts';

const parser = createReferenceParser(TEST_BOOKS, {
  verseCounts: createVerseCountTable([
    { scheme: 'kjv', book: 'MAT', chapter: 6, verses: 34 },
    { scheme: 'kjv', book: 'LUK', chapter: 11, verses: 54 },
    { scheme: 'kjv', book: 'PHP', chapter: 4, verses: 23 },
    { scheme: 'kjv', book: '1PE', chapter: 5, verses: 14 },
    { scheme: 'kjv', book: '2KI', chapter: 2, verses: 25 },
    { scheme: 'kjv', book: 'NUM', chapter: 20, verses: 29 },
    { scheme: 'kjv', book: 'TOB', chapter: 12, verses: 22 },
    { scheme: 'kjv', book: 'PRO', chapter: 21, verses: 31 },
    { scheme: 'kjv', book: 'ISA', chapter: 58, verses: 14 },
    { scheme: 'kjv', book: 'JOL', chapter: 2, verses: 32 },
  ]),
});

const GUIDE: GuideEntry[] = [
  {
    id: 'lords-prayer',
    kind: 'passage',
    refs: ['MAT.6.9-MAT.6.13', 'LUK.11.2-LUK.11.4'],
    names: { 'zh-Hans': ['主祷文'], en: ["Lord's Prayer"] },
  },
  {
    id: 'anxiety',
    kind: 'topic',
    refs: ['PHP.4.6-PHP.4.7', '1PE.5.7'],
    names: { 'zh-Hans': ['焦虑'], en: ['anxiety', 'worry'] },
  },
  {
    id: 'fasting',
    kind: 'topic',
    refs: ['MAT.6.16-MAT.6.18', 'ISA.58.6', 'JOL.2.12'],
    deuterocanon: ['TOB.12.8-TOB.12.9'],
    names: { 'zh-Hans': ['禁食'], en: ['fasting'] },
  },
  { id: 'investing', kind: 'topic', refs: ['PRO.21.5'], names: { 'zh-Hans': ['股票'], en: ['investing', 'stocks'] } },
  { id: 'elijah', kind: 'person', refs: ['2KI.2.11'], names: { 'zh-Hans': ['以利亚'] } },
  { id: 'eleazar', kind: 'person', refs: ['NUM.20.28'], names: { 'zh-Hans': ['以利亚撒'] } },
  { id: 'raphael', kind: 'topic', refs: ['TOB.12.15'], names: { en: ['Raphael'] }, canon: 'catholic' },
  {
    id: 'sirach-friendship',
    kind: 'passage',
    refs: ['SIR.6.14-SIR.6.16'],
    names: { en: ['Sirach on friendship'] },
    canon: 'catholic',
  },
];

const hit = (ref: string, text: string, lang = 'en', translation = 'webbe'): PassageHit => ({
  id: `${translation}:${ref}`,
  kind: 'verse',
  lang,
  translation,
  ref,
  text,
  highlight: '',
  score: 1,
  matchedBy: ['text'],
});

function retriever(verses: PassageHit[] = []) {
  const queries: PassageQuery[] = [];
  const index: PassageIndex = {
    info: { version: 'v', docCount: 0, builtAt: '', analyzerVersion: 2 },
    async search(q) {
      queries.push(q);
      return (q.kinds ?? []).includes('verse') ? verses : [];
    },
    close() {},
  };
  const r = createVerseRetriever({
    index,
    parser,
    entryRefs: async () => new Map(),
    prominence: () => 0,
    guide: createPassageGuide(GUIDE),
  });
  return { r, queries };
}

const en = { language: 'en', tradition: 'protestant' } as const;
const zh = { language: 'zh-Hans', tradition: 'protestant' } as const;
const refs = (verses: { ref: string }[]) => verses.map((v) => v.ref);

describe('createVerseRetriever with the passage guide', () => {
  it('reads a named passage as if it were cited: the head of each account, then the rest of the range', async () => {
    const { r } = retriever();
    const { verses } = await r.retrieve('主祷文的内容是什么？', { ...zh, limit: 8 });
    expect(refs(verses)).toEqual([
      'MAT.6.9',
      'MAT.6.10',
      'MAT.6.11',
      'LUK.11.2',
      'LUK.11.3',
      'LUK.11.4',
      'MAT.6.12',
      'MAT.6.13',
    ]);
    expect(verses.every((v) => v.sources.join() === 'guide')).toBe(true);
  });

  it('ranks a topic’s key verses above text hits that only share a word', async () => {
    const { r } = retriever([
      hit('GEN.24.16', 'the damsel went down to the well'),
      hit('PHP.4.6', 'Be careful for nothing'),
    ]);
    const { verses } = await r.retrieve('What does the Bible say about worry?', en);
    expect(refs(verses).slice(0, 4)).toEqual(['PHP.4.6', 'PHP.4.7', '1PE.5.7', 'GEN.24.16']);
    expect(verses[0]!.sources).toEqual(['text', 'guide']);
  });

  it('gives a Catholic or Orthodox reader a topic’s deuterocanon after its first key texts, a Protestant none', async () => {
    const { r } = retriever();
    const heads = ['MAT.6.16', 'MAT.6.17', 'MAT.6.18', 'ISA.58.6'];
    for (const tradition of ['catholic', 'orthodox'] as const) {
      const { verses } = await r.retrieve('圣经怎么说禁食？', { language: 'zh-Hans', tradition });
      expect(refs(verses).slice(0, 6)).toEqual([...heads, 'TOB.12.8', 'TOB.12.9']);
      // In the Catholic texts' numbering, read from them.
      expect(verses.find((v) => v.ref === 'TOB.12.8')).toMatchObject({ numbering: 'vulgate' });
      expect(verses.find((v) => v.ref === 'TOB.12.8')?.outsideCanon).toBeUndefined();
    }
    const { verses } = await r.retrieve('圣经怎么说禁食？', zh);
    expect(refs(verses).slice(0, 5)).toEqual([...heads, 'JOL.2.12']);
    expect(refs(verses).some((ref) => ref.startsWith('TOB'))).toBe(false);
  });

  it('reads "why" about a topic as asking what the faith teaches: the topic’s verses lead, not the best word match', async () => {
    const { r } = retriever([hit('MAT.6.25', 'Therefore I tell you, don’t be anxious for your life')]);
    const { verses } = await r.retrieve('Why do I worry so much?', en);
    expect(refs(verses).slice(0, 2)).toEqual(['PHP.4.6', 'PHP.4.7']);
  });

  it('keeps Chinese names whole: a verse naming only 以利亚撒 is no answer about 以利亚', async () => {
    const { r } = retriever([
      hit('NUM.20.28', '摩西将亚伦的圣衣脱下来，给他儿子以利亚撒穿上。', 'zh-Hans', 'cuv-hans'),
      hit('2KI.2.11', '以利亚乘旋风升天去了。', 'zh-Hans', 'cuv-hans'),
    ]);
    const { verses } = await r.retrieve('以利亚是怎样升天的？', zh);
    expect(refs(verses)).toEqual(['2KI.2.11']);
  });

  it('retrieves nothing for a question outside the domain, however close the nearest words', async () => {
    const { r } = retriever([
      hit('MAT.16.2', 'When it is evening, ye say, It will be fair weather: for the sky is red.'),
    ]);
    expect((await r.retrieve('What will the weather be like in Beijing tomorrow?', en)).verses).toEqual([]);
    expect((await r.retrieve('How do I cook fried rice?', en)).verses).toEqual([]);
  });

  it('retrieves nothing for a question plainly about another topic, though one of its words names a guide topic', async () => {
    const { r } = retriever([hit('PRO.21.5', 'The thoughts of the diligent tend only to plenteousness')]);
    expect((await r.retrieve('Tesla stock price forecast', en)).verses).toEqual([]);
    expect((await r.retrieve('腾讯的股票明天会涨吗', zh)).verses).toEqual([]);
    // A faith word, or a name of the Bible, keeps the everyday topic a question for Scripture.
    expect(refs((await r.retrieve('What does the Bible say about investing in stocks?', en)).verses)).toContain(
      'PRO.21.5',
    );
    expect(refs((await r.retrieve('圣经怎么看炒股票', zh)).verses)).toContain('PRO.21.5');
  });

  it('answers a question without faith words when one verse holds all its words', async () => {
    const { r } = retriever([hit('DEU.34.7', 'Moses was one hundred twenty years old when he died')]);
    const { verses } = await r.retrieve('How old was Moses when he died?', en);
    expect(refs(verses)).toEqual(['DEU.34.7']);
    // Every word: a name the verse does not hold is not made up for by the word after it.
    expect((await r.retrieve('How old was Napoleon when he died?', en)).verses).toEqual([]);
  });

  it('marks deuterocanonical guide verses outside the canon of a Protestant who names them', async () => {
    const { r } = retriever();
    const catholic = await r.retrieve('Who is the angel Raphael?', { ...en, tradition: 'catholic' });
    expect(catholic.verses.map((v) => [v.ref, v.outsideCanon])).toEqual([['TOB.12.15', undefined]]);
    const protestant = await r.retrieve('Who is the angel Raphael?', en);
    expect(protestant.verses.map((v) => [v.ref, v.outsideCanon])).toEqual([['TOB.12.15', true]]);
    // Read from a Catholic text in its own numbering, whoever asks.
    expect([...catholic.verses, ...protestant.verses].every((v) => v.numbering === 'vulgate')).toBe(true);
  });

  it('searches a book the question names, in the canon that holds it, and marks it for a Protestant', async () => {
    const { r, queries } = retriever([hit('SIR.6.14', 'A faithful friend is a strong defence', 'en', 'cpdv')]);
    const { verses } = await r.retrieve('What does Sirach say about friendship?', en);
    expect(verses[0]).toMatchObject({ ref: 'SIR.6.14', outsideCanon: true });
    const asked = queries.find((q) => q.books);
    expect(asked).toMatchObject({ books: ['SIR'], canon: 'orthodox', lang: 'en' });
    // The book's name is no search word: the verses do not name their book.
    expect(asked?.query).not.toMatch(/sirach/i);
    // The guide's passage on that book that shares the question's other word leads, before the text hit.
    const catholic = await r.retrieve('What does Sirach say about friendship?', { ...en, tradition: 'catholic' });
    expect(catholic.verses.map((v) => v.ref)).toEqual(['SIR.6.14', 'SIR.6.15', 'SIR.6.16']);
  });
});
