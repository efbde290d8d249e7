import { describe, expect, it } from 'vitest';
import { TEST_BOOKS } from '../scripture/fixtures/books.fixture.ts';
import { createReferenceParser } from '../scripture/references.parser.ts';
import { createVerseCountTable } from '../scripture/verse-counts.ts';
import type { PassageHit, PassageIndex, PassageQuery } from './passage-index.ts';
import { corpusEntryRefs, createVerseRetriever, kjvVerseRef, type VerseRetrieverDeps } from './verse-retriever.ts';
import { createPassageGuide } from '../question/guide/passage-guide.ts';
import { COMMENTARY, DICTIONARY_NOTE_COLLECTIONS } from '../corpus/fact-notes.ts';

const parser = createReferenceParser(TEST_BOOKS, {
  verseCounts: createVerseCountTable([
    { scheme: 'kjv', book: 'JHN', chapter: 3, verses: 36 },
    { scheme: 'kjv', book: 'JHN', chapter: 14, verses: 31 },
    { scheme: 'kjv', book: 'PSA', chapter: 23, verses: 6 },
    { scheme: 'kjv', book: 'MAT', chapter: 6, verses: 34 },
    { scheme: 'kjv', book: 'MAT', chapter: 18, verses: 35 },
    { scheme: 'kjv', book: 'EPH', chapter: 4, verses: 32 },
    { scheme: 'kjv', book: 'PHP', chapter: 4, verses: 23 },
    { scheme: 'kjv', book: 'TOB', chapter: 4, verses: 21 },
    { scheme: 'kjv', book: 'MAT', chapter: 10, verses: 42 },
    { scheme: 'kjv', book: 'MRK', chapter: 3, verses: 35 },
    { scheme: 'kjv', book: 'LUK', chapter: 6, verses: 49 },
    { scheme: 'kjv', book: 'JHN', chapter: 12, verses: 50 },
    { scheme: 'kjv', book: 'JHN', chapter: 13, verses: 38 },
    { scheme: 'kjv', book: 'ACT', chapter: 1, verses: 26 },
  ]),
});

const verse = (translation: string, ref: string, score = 1, lang = 'en'): PassageHit => ({
  id: `${translation}:${ref}`,
  kind: 'verse',
  lang,
  translation,
  ref,
  text: `${translation} ${ref}`,
  highlight: '',
  score,
  matchedBy: ['text'],
});

const entry = (id: string, title: string, text = title, score = 1): PassageHit => ({
  id,
  kind: 'entry',
  lang: 'en',
  collection: id.split(':')[0] === 'mhc' ? 'matthew-henry-complete' : id.split(':')[0],
  title,
  text,
  highlight: '',
  score,
  matchedBy: ['text'],
});

/** An index that answers verse and entry searches from fixed lists, and records what it was asked. */
function fakeIndex(answers: { verses?: PassageHit[]; entries?: PassageHit[]; notes?: PassageHit[] }) {
  const queries: PassageQuery[] = [];
  const index: PassageIndex = {
    info: { version: 'v', docCount: 0, builtAt: '', analyzerVersion: 2 },
    async search(q) {
      queries.push(q);
      const kinds = q.kinds ?? ['verse', 'entry'];
      const hits = kinds.includes('verse')
        ? (answers.verses ?? []).filter((h) => !q.refs || q.refs.includes(h.ref ?? ''))
        : kinds.includes('note')
          ? (answers.notes ?? []).filter((h) => !q.collections || q.collections.includes(h.collection ?? ''))
          : (answers.entries ?? []);
      return hits.filter((h) => q.canon !== 'protestant' || !h.ref?.startsWith('TOB'));
    },
    close() {},
  };
  return { index, queries };
}

function retriever(
  answers: { verses?: PassageHit[]; entries?: PassageHit[]; notes?: PassageHit[] },
  refs: Record<string, string[]> = {},
  extra: Partial<VerseRetrieverDeps> = {},
) {
  const { index, queries } = fakeIndex(answers);
  const lookups: string[][] = [];
  const r = createVerseRetriever({
    index,
    parser,
    entryRefs: async (ids) => {
      lookups.push(ids);
      return new Map(ids.filter((id) => refs[id]).map((id) => [id, refs[id] as string[]]));
    },
    prominence: () => 0,
    guide: createPassageGuide([]),
    ...extra,
  });
  return { r, queries, lookups };
}

const en = { language: 'en', tradition: 'protestant' } as const;

describe('createVerseRetriever: references the question cites', () => {
  it('puts a cited verse first, then a verse of context on each side, without searching for "what does … mean"', async () => {
    const { r, queries } = retriever({ verses: [verse('kjv', 'GEN.1.1')] });
    const { verses, entries } = await r.retrieve('What does John 3:16 mean?', en);
    expect(verses.map((v) => v.ref)).toEqual(['JHN.3.16', 'JHN.3.17', 'JHN.3.15']);
    expect(verses.every((v) => v.sources.join() === 'reference')).toBe(true);
    expect(verses[0]!.score).toBeGreaterThan(verses[1]!.score);
    expect(entries).toEqual([]);
    expect(queries).toEqual([]);
  });

  it('spells out a cited chapter with the verses it has, in Chinese too', async () => {
    const { r } = retriever({});
    const { verses } = await r.retrieve('诗篇23篇讲的是什么？', { language: 'zh-Hans', tradition: 'protestant' });
    expect(verses.map((v) => v.ref)).toEqual(['PSA.23.1', 'PSA.23.2', 'PSA.23.3', 'PSA.23.4', 'PSA.23.5', 'PSA.23.6']);
  });

  it('searches the rest of the question after the cited verses', async () => {
    const { r, queries } = retriever({ verses: [verse('webbe', 'JHN.3.16'), verse('webbe', 'JHN.14.6')] });
    const { verses } = await r.retrieve('How does John 14:6 relate to salvation?', { ...en, limit: 5 });
    expect(verses.map((v) => [v.ref, v.sources.join()])).toEqual([
      ['JHN.14.6', 'reference'],
      ['JHN.14.7', 'reference'],
      ['JHN.14.5', 'reference'],
      ['JHN.3.16', 'text'],
    ]);
    expect(queries[0]?.query).not.toContain('14');
  });

  it('shows a Protestant the deuterocanonical verse cited, marked outside the canon; no mark for Catholics', async () => {
    const { r, queries } = retriever({ verses: [verse('kjv', 'NEH.2.10')] });
    const protestant = await r.retrieve('Tobit 4:15', en);
    expect(protestant.verses.map((v) => [v.ref, v.outsideCanon])).toEqual([
      ['TOB.4.15', true],
      ['TOB.4.16', true],
      ['TOB.4.14', true],
    ]);
    expect(queries).toEqual([]);
    const catholic = await r.retrieve('Tobit 4:15', { ...en, tradition: 'catholic' });
    expect(catholic.verses[0]).toMatchObject({ ref: 'TOB.4.15' });
    expect(catholic.verses[0]?.outsideCanon).toBeUndefined();
  });

  it('reads an Orthodox reader’s Psalm numbers as the Septuagint’s: their Psalm 22 is the shepherd psalm', async () => {
    const { r } = retriever({});
    const orthodox = await r.retrieve('Psalm 22:1', { ...en, tradition: 'orthodox' });
    expect(orthodox.verses[0]?.ref).toBe('PSA.23.1');
    const protestant = await r.retrieve('Psalm 23:1', en);
    expect(protestant.verses[0]?.ref).toBe('PSA.23.1');
  });
});

describe('createVerseRetriever: text ranking', () => {
  it('keeps one result per verse across translations, in KJV numbering, with the reader’s translation’s hit', async () => {
    const { r, queries } = retriever({
      verses: [
        verse('kjv', 'JHN.3.16', 9),
        verse('drc', 'PSA.22.1', 8),
        verse('webbe', 'JHN.3.16', 7),
        verse('cpdv', 'PSA.22.1', 6),
        verse('kjv', 'ROM.5.8', 5),
      ],
    });
    const { verses } = await r.retrieve('God so loved the world', en);
    expect(verses.map((v) => v.ref)).toEqual(['JHN.3.16', 'PSA.23.1', 'ROM.5.8']);
    expect(verses[0]!.hit?.translation).toBe('webbe');
    expect(verses[1]!.hit?.translation).toBe('drc');
    expect(queries[0]).toMatchObject({ lang: 'en', kinds: ['verse'], canon: 'protestant' });
    expect(queries[0]!.limit).toBeGreaterThanOrEqual(30);
  });

  it('respects the limit', async () => {
    const hits = Array.from({ length: 30 }, (_, i) => verse('webbe', `MAT.6.${i + 1}`, 30 - i));
    const { r } = retriever({ verses: hits });
    const { verses } = await r.retrieve('treasure in heaven', { ...en, limit: 4 });
    expect(verses.map((v) => v.ref)).toEqual(['MAT.6.1', 'MAT.6.2', 'MAT.6.3', 'MAT.6.4']);
  });
});

describe('createVerseRetriever: reference entries', () => {
  const forgiveness = entry('naves-topical:forgiveness#2', 'Forgiveness');
  const mhc = entry('mhc:MAT.18.21-MAT.18.35#3', 'Matthew Henry on Matthew 18:21–35');
  const refs = {
    'naves-topical:forgiveness': ['MAT.6.14', 'EPH.4.32', 'PHP.4.6', 'TOB.4.15'],
    'mhc:MAT.18.21-MAT.18.35': ['MAT.18.21-MAT.18.35', 'EPH.4.32'],
  };

  it('ranks the verses the entries cite, higher when several cite them, and returns the entries used', async () => {
    const { r, queries, lookups } = retriever({ entries: [forgiveness, mhc] }, refs);
    const { verses, entries } = await r.retrieve('What does the Bible say about forgiving others?', en);
    expect(verses[0]).toMatchObject({ ref: 'EPH.4.32', sources: ['entry'] });
    expect(verses.map((v) => v.ref)).toEqual(expect.arrayContaining(['MAT.6.14', 'PHP.4.6', 'MAT.18.21']));
    expect(verses.map((v) => v.ref)).not.toContain('TOB.4.15');
    expect(entries).toEqual([
      {
        id: 'naves-topical:forgiveness',
        collection: 'naves-topical',
        title: 'Forgiveness',
        refs: refs['naves-topical:forgiveness'],
      },
      {
        id: 'mhc:MAT.18.21-MAT.18.35',
        collection: 'matthew-henry-complete',
        title: 'Matthew Henry on Matthew 18:21–35',
        refs: refs['mhc:MAT.18.21-MAT.18.35'],
      },
    ]);
    expect(lookups).toEqual([['naves-topical:forgiveness', 'mhc:MAT.18.21-MAT.18.35']]);
    const entryQuery = queries.find((q) => q.kinds?.includes('entry'));
    expect(entryQuery).toMatchObject({ lang: 'en', kinds: ['entry'] });
    expect(entryQuery?.titleBoost).toBeGreaterThan(1);
  });

  it('keeps the deuterocanon for Catholic readers', async () => {
    const { r } = retriever({ entries: [forgiveness] }, refs);
    const { verses } = await r.retrieve('forgiveness', { ...en, tradition: 'catholic' });
    expect(verses.map((v) => v.ref)).toContain('TOB.4.15');
  });

  it('fuses text and entries: a verse both find ranks first', async () => {
    const { r } = retriever(
      { verses: [verse('webbe', 'LUK.6.37', 9), verse('webbe', 'PHP.4.6', 8)], entries: [forgiveness] },
      refs,
    );
    const { verses } = await r.retrieve('forgiving one another', en);
    expect(verses[0]).toMatchObject({ ref: 'PHP.4.6', sources: ['text', 'entry'] });
    expect(verses[0]!.hit?.id).toBe('webbe:PHP.4.6');
  });

  it('follows a Nave’s topic that only says "See …" to the topics it names', async () => {
    const anxiety = entry('naves-topical:anxiety', 'Anxiety', 'Anxiety -See CARE');
    const { r, lookups } = retriever({ entries: [anxiety] }, { 'naves-topical:care': ['PHP.4.6', '1PE.5.7'] });
    const { verses, entries } = await r.retrieve('What does the Bible say about anxiety?', en);
    expect(lookups).toEqual([['naves-topical:anxiety'], ['naves-topical:care']]);
    expect(verses.map((v) => v.ref)).toEqual(['PHP.4.6', '1PE.5.7']);
    expect(entries.map((e) => e.id)).toEqual(['naves-topical:care']);
    // Each ranked verse says where each ranking that holds it placed it (what the answer's lead model weighs).
    expect(verses.map((v) => v.ranks?.entry)).toEqual([0, 1]);
    expect(verses[0]?.ranks?.text).toBeUndefined();
  });

  it('asks the English works with English keywords for other languages, and not at all without any', async () => {
    const keywords: string[] = [];
    const { r, queries } = retriever({ entries: [forgiveness] }, refs, {
      englishKeywords: (question, language) => {
        keywords.push(`${language}:${question}`);
        return question.includes('饶恕') ? 'forgive' : undefined;
      },
    });
    const zh = { language: 'zh-Hans', tradition: 'protestant' } as const;
    const { verses } = await r.retrieve('圣经怎么说饶恕？', zh);
    expect(verses[0]?.sources).toEqual(['entry']);
    expect(queries.find((q) => q.kinds?.includes('entry'))).toMatchObject({ query: 'forgive', lang: 'en' });
    expect(queries.find((q) => q.kinds?.includes('verse'))).toMatchObject({ lang: 'zh-Hans' });
    queries.length = 0;
    await r.retrieve('挪亚是谁？', zh);
    expect(queries.filter((q) => q.kinds?.includes('entry'))).toEqual([]);
    expect(keywords).toEqual(['zh-Hans:圣经怎么说饶恕？', 'zh-Hans:挪亚是谁？']);
  });

  it('looks each entry up once', async () => {
    const { r, lookups } = retriever({ entries: [forgiveness] }, refs);
    await r.retrieve('forgiveness', en);
    await r.retrieve('forgiveness again', en);
    expect(lookups).toEqual([['naves-topical:forgiveness']]);
  });
});

describe('createVerseRetriever: fact notes', () => {
  const note = (id: string, refs: string[], score: number): PassageHit => ({
    id,
    kind: 'note',
    lang: 'en',
    collection: 'eastons-dictionary',
    title: 'Ararat',
    refs,
    text: 'the mountains of which the ark rested after the Flood subsided',
    highlight: '',
    score,
    matchedBy: ['text'],
  });

  it('ranks the verse a fact note cites, above the verses that only share the question’s words', async () => {
    const { r, queries } = retriever({
      verses: [verse('kjv', 'PSA.132.8', 9), verse('kjv', 'JOS.3.15', 8), verse('kjv', 'GEN.8.4', 3)],
      notes: [note('eastons-dictionary:ararat#n1', ['GEN.8.4'], 12)],
    });
    const { verses } = await r.retrieve('Where did the ark come to rest?', en);
    expect(verses[0]).toMatchObject({ ref: 'GEN.8.4', sources: ['text', 'entry'] });
    expect(queries.find((q) => q.kinds?.includes('note'))).toMatchObject({ lang: 'en', kinds: ['note'] });
  });

  it('shares a note’s weight among the verses of a range, and keeps the deuterocanon from Protestants', async () => {
    const { r } = retriever({
      notes: [note('n:a#n1', ['JHN.3.16-JHN.3.18', 'TOB.4.15'], 9), note('n:b#n1', ['PSA.23.1'], 6)],
    });
    const { verses } = await r.retrieve('Where is the gospel written?', en);
    // 6 for Psalm 23:1 alone, 9/√4 each for the range's three verses and Tobit (out of canon, not shown).
    expect(verses.map((v) => v.ref)).toEqual(['PSA.23.1', 'JHN.3.16', 'JHN.3.17', 'JHN.3.18']);
  });

  it('gives a note on a long passage to the verses of it that state what the note says', async () => {
    const zacharias = {
      ...note('naves-topical:zacharias#n2', ['LUK.1.5-LUK.1.80'], 9),
      title: 'Zacharias (Zechariah)',
      text: 'The father of John the Baptist',
    };
    const { r, queries } = retriever({
      verses: [verse('kjv', 'MAT.3.1', 9), verse('kjv', 'LUK.1.13', 2)],
      notes: [zacharias, { ...note('n:b#n1', ['MAT.3.1'], 6), text: 'John the Baptist preached in the wilderness' }],
    });
    const { verses } = await r.retrieve('Who was the father of John the Baptist?', en);
    const noteRank = (ref: string) => verses.find((v) => v.ref === ref)?.ranks?.note;
    // Luke 1:13 ("Fear not, Zacharias … thou shalt call his name John") takes the note's weight: 9, above 6.
    expect(noteRank('LUK.1.13')).toBe(0);
    expect(noteRank('MAT.3.1')).toBe(1);
    // The passage was searched in English within its verses for the note's words and the question's.
    const within = queries.find((q) => q.refs?.includes('LUK.1.13'));
    expect(within).toMatchObject({ lang: 'en', kinds: ['verse'] });
    expect(within?.query).toContain('father of John the Baptist');
    // Not for a question that asks what the Bible says: the note's weight is shared by the passage's verses.
    const overview = await r.retrieve('What does the Bible say about Zacharias and John?', en);
    expect(overview.verses.find((v) => v.ref === 'LUK.1.13')?.ranks?.note).not.toBe(0);
  });

  it('gives a note that states a question of who whole to the verses that name its person', async () => {
    const said = (ref: string, score: number, text: string) => ({ ...verse('kjv', ref, score), text });
    const saul = {
      ...note('eastons-dictionary:benjamin#n4', ['1SA.9.1'], 9),
      title: 'Benjamin',
      text: 'Saul, the first king of Israel, from',
    };
    const { r, queries } = retriever({
      verses: [
        said('2SA.5.3', 9, 'they anointed David king over Israel'),
        said('1SA.11.15', 2, 'there they made Saul king before the LORD in Gilgal'),
        said('1SA.9.1', 1, 'Now there was a man of Benjamin, whose name was Kish'),
      ],
      notes: [saul],
    });
    const { verses } = await r.retrieve('Who was the first king of Israel?', en);
    const noteRank = (ref: string) => verses.find((v) => v.ref === ref)?.ranks?.note;
    // 1 Samuel 11:15 names Saul and takes the note's weight twice over; 9:1, which the note cites, comes after it.
    expect(noteRank('1SA.11.15')).toBe(0);
    expect(noteRank('1SA.9.1')).toBe(1);
    expect(noteRank('2SA.5.3')).toBeUndefined();
    const named = queries.find((q) => q.kinds?.includes('verse') && q.query.toString().startsWith('saul'));
    expect(named).toMatchObject({ lang: 'en', translations: ['kjv'] });
    // A note that does not state the question whole (no "first") is not read for them.
    const { verses: king } = await r.retrieve('Who was king of Israel at Gilgal?', en);
    expect(king.find((v) => v.ref === '1SA.11.15')?.ranks?.note).toBeUndefined();
  });

  it('answers a question of fact without faith words when the notes cite a verse its words find', async () => {
    // No faith word, no guide entry, and no verse holds every word: the text and the notes agree on a verse, and each
    // word is in one of the first verses.
    const question = 'Which queen refused to come when the king called her?';
    const said = (ref: string, score: number, text: string) => ({ ...verse('kjv', ref, score), text });
    const verses = [
      said('EST.1.12', 9, 'But the queen Vashti refused to come at the king’s commandment'),
      said(
        'EST.2.14',
        8,
        'She came in to the king no more, unless the king delighted in her, and she were called by name',
      ),
    ];
    const vashti = (refs: string[]) => [note('eastons-dictionary:vashti#n1', refs, 9)];
    const agreeing = retriever({ verses, notes: vashti(['EST.1.12']) });
    expect((await agreeing.r.retrieve(question, en)).verses[0]?.ref).toBe('EST.1.12');
    // Without the notes' agreement, or with a word the verses do not hold, it is not the Bible's question.
    const elsewhere = retriever({ verses, notes: vashti(['EST.2.17']) });
    expect((await elsewhere.r.retrieve(question, en)).verses).toEqual([]);
    const paris = 'Which queen of Paris refused to come when the king called her?';
    expect((await agreeing.r.retrieve(paris, en)).verses).toEqual([]);
  });

  it('answers a question of fact whose every word a dictionary note holds, though no verse holds them all', async () => {
    const question = 'What was the name of the first woman?';
    const verses = [{ ...verse('kjv', 'GEN.3.20', 5), text: 'The man called his wife’s name Eve' }];
    const eve = (text: string) => [{ ...note('eastons-dictionary:eve#n1', ['GEN.3.20'], 9), text }];
    const told = retriever({ verses, notes: eve('Eve, the name given to the first woman, the mother of all living') });
    expect((await told.r.retrieve(question, en)).verses[0]?.ref).toBe('GEN.3.20');
    // A note that holds only some of the words tells nothing.
    const untold = retriever({ verses, notes: eve('Eve, the mother of all living') });
    expect((await untold.r.retrieve(question, en)).verses).toEqual([]);
  });
});

describe('createVerseRetriever: Chinese in the words of today', () => {
  it('searches the verses in the Union Version’s words as well: 出生 is 生在 in 1919', async () => {
    const { r, queries } = retriever({
      verses: [verse('cuv-hans', 'MAT.2.1', 5, 'zh-Hans')],
    });
    await r.retrieve('耶稣在哪里出生？', { language: 'zh-Hans', tradition: 'protestant' });
    const text = queries.find((q) => q.kinds?.includes('verse'));
    expect(text?.query).toContain('出生');
    expect(text?.query).toContain('生在');
  });
});

describe('createVerseRetriever: what the notes tell of a question of fact', () => {
  const note = (
    id: string,
    title: string,
    refs: string[],
    score: number,
    collection = 'eastons-dictionary',
    text = 'chosen as an apostle in the place of Judas',
  ) => ({
    id,
    kind: 'note' as const,
    lang: 'en',
    collection,
    title,
    refs,
    text,
    highlight: '',
    score,
    matchedBy: ['text' as const],
  });
  // The question's words find the story around the answer: four verses that name Judas, three of them cited by an
  // entry on him as well.
  const story = {
    verses: ['MAT.10.4', 'MRK.3.19', 'LUK.6.16', 'JHN.12.4'].map((ref, i) => verse('kjv', ref, 9 - i)),
    entries: [entry('eastons-dictionary:judas', 'Judas', 'Judas Iscariot, one of the twelve apostles', 8)],
  };
  const refs = { 'eastons-dictionary:judas': ['MAT.10.4', 'MRK.3.19', 'LUK.6.16'] };
  // The commentary on the whole choice of Matthias: the last of the twelve verses it cites ranks low in its list.
  const onTheChoice = note(
    'mhc:ACT.1.15-ACT.1.26#n9',
    'Matthew Henry on Acts 1:15–26',
    ['ACT.1.15-ACT.1.26'],
    5,
    COMMENTARY,
  );

  it('puts the verse the best note cites among the first three, where the story’s verses would keep it out', async () => {
    const notes = [note('eastons-dictionary:matthias#n1', 'Matthias', ['ACT.1.26'], 9), onTheChoice];
    const { r } = retriever({ ...story, notes }, refs);
    const { verses } = await r.retrieve('Who replaced Judas as an apostle?', en);
    expect(verses.map((v) => v.ref).indexOf('ACT.1.26')).toBe(2);
    // Not for a question that asks what the Bible says: there the fused order stands.
    const overview = await r.retrieve('What does the Bible say about Judas the apostle?', en);
    expect(overview.verses.map((v) => v.ref).indexOf('ACT.1.26')).toBeGreaterThan(2);
  });

  it('leaves in its place a verse only the best note cites, which no other ranking found', async () => {
    const notes = [note('eastons-dictionary:matthias#n1', 'Matthias', ['ACT.1.26'], 9)];
    const { r } = retriever({ ...story, notes }, refs);
    const { verses } = await r.retrieve('Who replaced Judas as an apostle?', en);
    expect(verses.map((v) => v.ref).indexOf('ACT.1.26')).toBe(3);
  });

  it('weighs, for a question asking who, the note of an entry on a person the question does not name', async () => {
    const notes = [
      note('eastons-dictionary:judas#n2', 'Judas Iscariot', ['JHN.13.26'], 10),
      note('eastons-dictionary:matthias#n1', 'Matthias', ['ACT.1.26'], 7),
      onTheChoice,
    ];
    const { r } = retriever({ ...story, notes }, refs);
    const asked = (await r.retrieve('Who replaced Judas as an apostle?', en)).verses.map((v) => v.ref);
    expect(asked.indexOf('ACT.1.26')).toBe(2);
    expect(asked.indexOf('ACT.1.26')).toBeLessThan(asked.indexOf('JHN.13.26'));
  });

  it('names, for a question asking who, the people the notes are about: people, not places, best first', async () => {
    const notes = [
      note('eastons-dictionary:jerusalem#n1', 'Jerusalem', ['ACT.1.12'], 11),
      note('eastons-dictionary:matthias#n1', 'Matthias', ['ACT.1.26'], 7),
      note('eastons-dictionary:barsabas#n1', 'Barsabas', ['ACT.1.23'], 5),
      note('eastons-dictionary:judas#n2', 'Judas Iscariot', ['JHN.13.26'], 10),
    ];
    const { r } = retriever({ ...story, notes }, refs);
    // Jerusalem is a place (bible-names.json's people); Judas is named by the question.
    expect((await r.retrieve('Who replaced Judas as an apostle?', en)).named).toEqual(['matthias', 'barsabas']);
    expect((await r.retrieve('What does the Bible say about Judas the apostle?', en)).named).toBeUndefined();
  });

  it('names, for a question asking where, the places the notes are about, without weighing their notes up', async () => {
    const notes = [
      note('eastons-dictionary:noah#n4', 'Noah', ['GEN.8.1'], 9, 'eastons-dictionary', 'the ark rested'),
      note('eastons-dictionary:ararat#n1', 'Ararat', ['GEN.8.4'], 8, 'eastons-dictionary', 'the ark rested'),
    ];
    const { r } = retriever({ ...story, notes }, refs);
    expect((await r.retrieve('Where did the ark come to rest?', en)).named).toEqual(['ararat']);
  });

  it('names the person of an entry whose title the dictionaries hyphenate as the Bibles write it', async () => {
    const notes = [
      note('eastons-dictionary:bath-sheba#n1', 'Bath-sheba', ['2SA.11.3'], 9, 'eastons-dictionary', 'wife of Uriah'),
    ];
    const { r } = retriever({ ...story, notes }, refs);
    expect((await r.retrieve('Who was the wife of Uriah?', en)).named).toEqual(['bathsheba']);
  });

  it('weighs, for a question of kin, the notes that state the tie asked of the person named', async () => {
    const notes = [
      note('smiths-dictionary:absalom#n1', 'Absalom', ['2SA.3.3'], 10, 'smiths-dictionary', 'the third son of David'),
      note('schaffs-dictionary:jesse#n1', 'Jesse', ['RUT.4.22'], 6, 'schaffs-dictionary', 'the father of David'),
    ];
    const { r, queries } = retriever({ ...story, notes }, refs);
    // "the father of David" states the tie asked; "the third son of David" another.
    expect((await r.retrieve('Who was the father of David?', en)).named?.[0]).toBe('jesse');
    // No tie asked: the notes weigh as they score.
    expect((await r.retrieve('Who was close to David?', en)).named?.[0]).toBe('absalom');
    // A note stating the tie was among the first: nothing is looked for deeper.
    expect(queries.filter((q) => q.query === 'father david')).toEqual([]);
  });

  it('looks deeper for a note stating a tie a person has one of, when none of the first states it', async () => {
    const notes = [
      note('smiths-dictionary:absalom#n1', 'Absalom', ['2SA.3.3'], 10, 'smiths-dictionary', 'son of David'),
    ];
    const { r, queries } = retriever({ ...story, notes }, refs);
    await r.retrieve('Who was the father of David?', en);
    expect(queries.filter((q) => q.query === 'father david')).toHaveLength(1);
    // "Which son": the rest of the question tells which; the tie alone is not looked for.
    await r.retrieve('Which son of David rebelled against him?', en);
    expect(queries.filter((q) => q.query === 'son david')).toEqual([]);
  });

  it('takes the person a note opens with for the one it is about, before its entry’s title', async () => {
    const notes = [
      note('eastons-dictionary:benjamin#n3', 'Benjamin', ['1SA.9.1'], 9, 'eastons-dictionary', 'Saul, the first king'),
      note('eastons-dictionary:pul#n1', 'Pul', ['2KI.15.19'], 6, 'eastons-dictionary', 'an Assyrian king, the first'),
    ];
    const { r } = retriever({ ...story, notes }, refs);
    expect((await r.retrieve('Who was the first king of Israel?', en)).named).toEqual(['saul', 'pul']);
  });

  it('reads, for a question that names someone, only the dictionaries’ notes that name them', async () => {
    const notes = [
      note('eastons-dictionary:ahinoam#n1', 'Ahinoam', ['1SA.14.50'], 10, undefined, 'the name of Saul’s wife'),
      note('eastons-dictionary:zipporah#n1', 'Zipporah', ['EXO.2.21'], 6, undefined, 'became the wife of Moses'),
    ];
    const { r, queries } = retriever({ notes });
    for (const [question, language] of [
      ["What was the name of Moses' wife?", en],
      ['摩西的妻子是谁？', { language: 'zh-Hans', tradition: 'protestant' }],
    ] as const) {
      const found = (await r.retrieve(question, language)).verses.map((v) => v.ref);
      expect(found).toContain('EXO.2.21');
      expect(found).not.toContain('1SA.14.50');
    }
    // Deeper than the fifteen notes read otherwise, since those that do not name them are left out.
    const dictionaries = queries.find(
      (q) => q.kinds?.includes('note') && q.collections?.includes('eastons-dictionary'),
    );
    expect(dictionaries?.limit).toBe(40);
  });

  it('weighs a note that states the question, its words near together, above one that only holds them', async () => {
    const notes = [
      note(
        'naves-topical:benjamin#n4',
        'Benjamin',
        ['1SA.9.1', '1SA.9.17', '1SA.10.20'],
        14,
        'naves-topical',
        'Saul, the first king of Israel, from',
      ),
      note(
        'smiths-dictionary:pul#n1',
        'Pul',
        ['2KI.15.19'],
        12,
        'smiths-dictionary',
        'an Assyrian king, and the first Assyrian monarch mentioned in Scripture. He made an expedition against Menahem, king of Israel',
      ),
    ];
    const { r } = retriever({ notes });
    const noteRank = async (question: string, ref: string) =>
      (await r.retrieve(question, en)).verses.find((v) => v.ref === ref)?.ranks?.note;
    // 14 × 3 / √3 for each of Benjamin's verses, against 12 for Pul's one.
    expect(await noteRank('Who was the first king of Israel?', '1SA.9.17')).toBeLessThan(3);
    expect(await noteRank('Who was the first king of Israel?', '2KI.15.19')).toBe(3);
    // A question the note does not state keeps the weights as they were: 14 / √3 against 12.
    expect(await noteRank('Who was king of Assyria in the days of Menahem?', '2KI.15.19')).toBe(0);
  });

  it('asks the commentary’s notes apart from the dictionaries’, and in the story’s words', async () => {
    const notes = [note('mhc:ACT.1.15-ACT.1.26#n9', 'Matthew Henry on Acts 1:15–26', ['ACT.1.26'], 9, COMMENTARY)];
    const { r, queries } = retriever({ ...story, notes }, refs);
    const { verses } = await r.retrieve('Who replaced Judas as an apostle?', en);
    expect(verses.map((v) => v.ref)).toContain('ACT.1.26');
    const asked = queries.filter((q) => q.kinds?.includes('note'));
    expect(asked.map((q) => q.collections)).toEqual([[...DICTIONARY_NOTE_COLLECTIONS], [COMMENTARY]]);
    // "replaced" is told "in the place of", "succeeded" (language/lexicon/story-events.tsv).
    for (const q of asked) expect(q.query).toMatch(/\bplace\b.*\bsucceeded\b/);
  });
});

describe('createVerseRetriever: questions of number', () => {
  const said = (ref: string, text: string, score: number): PassageHit => ({ ...verse('webbe', ref, score), text });

  it('puts a verse that states a number above better word matches that state none', async () => {
    const hits = [
      said('GEN.29.11', 'Jacob kissed Rachel, and lifted up his voice, and wept.', 9),
      said('GEN.29.12', 'Jacob told Rachel that he was her father’s relative.', 8),
      said('GEN.29.20', 'Jacob served seven years for Rachel.', 7),
    ];
    const { r } = retriever({ verses: hits });
    const asked = await r.retrieve('How many years did Jacob work for Rachel?', en);
    expect(asked.verses[0]?.ref).toBe('GEN.29.20');
    // The same verses for a question that asks no number keep the order of their words.
    const other = await r.retrieve('What did Jacob do for Rachel?', en);
    expect(other.verses[0]?.ref).toBe('GEN.29.11');
  });

  it('puts the verse that states the count asked for above one that states another number', async () => {
    const hits = [
      said('EXO.16.1', 'They came to the wilderness of Sin on the 15th day of the second month.', 9),
      said('MAT.4.2', 'When he had fasted forty days and forty nights, he was hungry afterward.', 8),
    ];
    const { r } = retriever({ verses: hits });
    const days = await r.retrieve('How many days did Jesus fast in the wilderness?', en);
    expect(days.verses.map((v) => v.ref)).toEqual(['MAT.4.2', 'EXO.16.1']);
    // A count no verse states leaves any number to count: both state one, and the words keep their order.
    const sons = await r.retrieve('How many sons fasted in the wilderness?', en);
    expect(sons.verses.map((v) => v.ref)).toEqual(['EXO.16.1', 'MAT.4.2']);
  });

  it('reads the count in a verse that only another ranking found', async () => {
    const queries: PassageQuery[] = [];
    const index: PassageIndex = {
      info: { version: 'v', docCount: 0, builtAt: '', analyzerVersion: 2 },
      async search(q) {
        queries.push(q);
        if (q.kinds?.includes('entry')) return [entry('naves-topical:fast', 'Fasting')];
        if (q.kinds?.includes('note'))
          return [{ ...entry('eastons-dictionary:fast#n1', 'Fast'), kind: 'note' as const, refs: ['MAT.4.2'] }];
        // The question's words find a date; Matthew 4:2 is read only when its reference is asked for.
        if (!q.refs) return [said('EXO.16.1', 'They came on the 15th day of the second month.', 9)];
        return q.refs.includes('MAT.4.2') ? [said('MAT.4.2', 'he had fasted forty days and forty nights', 1)] : [];
      },
      close() {},
    };
    const r = createVerseRetriever({
      index,
      parser,
      entryRefs: async () => new Map([['naves-topical:fast', ['MAT.4.2']]]),
      prominence: () => 0,
      guide: createPassageGuide([]),
    });
    const { verses } = await r.retrieve('How many days did Jesus fast in the wilderness?', en);
    expect(verses[0]?.ref).toBe('MAT.4.2');
    expect(queries.find((q) => q.refs)?.refs).toEqual(['MAT.4.2']);
  });
});

describe('createVerseRetriever: prominence', () => {
  it('only breaks ties: the better-known of two equally ranked verses first, never a famous verse not found', async () => {
    const hits = [verse('webbe', 'MAT.6.1', 9), verse('webbe', 'MAT.6.2', 8)];
    const entries = [entry('naves-topical:alms', 'Alms')];
    const prominence = (ref: string) => ({ 'MAT.6.33': 900, 'JHN.3.16': 5000 })[ref] ?? 1;
    const { r } = retriever({ verses: hits, entries }, { 'naves-topical:alms': ['MAT.6.33'] }, { prominence });
    const { verses } = await r.retrieve('What does the Bible say about alms?', en);
    // MAT.6.1 (text rank 1) and MAT.6.33 (entry rank 1) tie; the better-known wins; rank still beats prominence.
    expect(verses.map((v) => v.ref)).toEqual(['MAT.6.33', 'MAT.6.1', 'MAT.6.2']);
  });
});

describe('kjvVerseRef', () => {
  it('maps Vulgate-numbered Psalms to the KJV numbering and leaves others alone', () => {
    expect(kjvVerseRef({ ref: 'PSA.22.1', translation: 'drc' })).toBe('PSA.23.1');
    expect(kjvVerseRef({ ref: 'JHN.3.16', translation: 'kjv' })).toBe('JHN.3.16');
    expect(kjvVerseRef({ ref: 'JHN.3', translation: 'kjv' })).toBeUndefined();
    expect(kjvVerseRef({ translation: 'kjv' })).toBeUndefined();
  });
});

describe('corpusEntryRefs', () => {
  it('reads the refs of the entries of one corpus version', async () => {
    const calls: unknown[] = [];
    const corpus = {
      referenceEntriesByIds: async (versionId: number, ids: string[], textChars?: number) => {
        calls.push([versionId, ids, textChars]);
        return [{ id: 'naves-topical:care', refs: ['PHP.4.6'] }] as never;
      },
    };
    const refs = await corpusEntryRefs(corpus, 7)(['naves-topical:care', 'naves-topical:none']);
    expect([...refs]).toEqual([['naves-topical:care', ['PHP.4.6']]]);
    // only the refs are needed: none of the (often long) text is read
    expect(calls).toEqual([[7, ['naves-topical:care', 'naves-topical:none'], 0]]);
  });
});
