// The one retrieval path of the answer engine: a question in, ranked distinct verses (KJV numbering) and the
// reference entries that pointed to them out.
//
// 1. References the question cites ("约翰福音3章16节", "John 14:6", "Psaume 23") come first, resolved by the
//    reference parser: the verses themselves, then a verse of context on each side of a single verse.
// 2. The rest of the question is answered by weighted reciprocal rank fusion of three rankings:
//    a. BM25 over the verses of the reader's language (every translation of it), one entry per verse, the reader's
//       own translation preferred for the hit that is returned;
//    b. the verses cited by the reference entries (Nave's topics, Easton's, Smith's and Schaff's dictionaries,
//       Matthew Henry) the question finds, each weighted by the entry's rank and summed over entries, so a verse
//       several good entries cite rises. The works are English: other languages ask them with English keywords
//       from a glossary learned from the corpus's parallel text (cross-lingual.ts);
//    c. the candidates of (a) and (b) ordered by prominence, how strongly the cross-reference data connects each
//       verse (verse-prominence.ts): among relevant verses, the ones readers and answers cite most.
// Canon rules: deuterocanonical verses only for Catholic and Orthodox readers.
import type { ReferenceParser } from '../scripture/references.parser.ts';
import type { BibleLanguage, BibleReference, Tradition } from '../scripture/references.types.ts';
import type { CorpusRepository } from '../corpus/corpus.repository.ts';
import { inCanon } from '../scripture/canon.ts';
import { parseUsfm, parseVerseKey, USFM_VERSE_OR_RANGE, verseKey } from '../scripture/usfm.ts';
import { TRANSLATION_SCHEMES, toScheme } from '../scripture/versification.ts';
import { defaultTranslation } from '../scripture/translation-policy.ts';
import { createEnglishKeywords } from '../language/cross-lingual.ts';
import { escapeRegExp } from '../language/lexicon.ts';
import { isSingleTie } from '../language/kin-words.ts';
import type { PassageHit, PassageIndex } from './passage-index.ts';
import { RRF_K, reciprocalRankFusion } from './rank-fusion.ts';
import { analyzeQuery } from '../language/text-analysis.ts';
import { defaultProminence, type VerseProminence } from './verse-prominence.ts';
import { versionMemo } from '../corpus/version-memo.ts';
import { defaultPassageGuide, type GuideMatch, type PassageGuide } from '../question/guide/passage-guide.ts';
import { foldToSimplified } from '../language/chinese-text.ts';
import { isBiblePerson, isBiblePlace } from '../question/guide/bible-names.ts';
import { statesNumber } from '../question/guide/question-words.ts';
import { statesCount } from '../language/question-shapes.ts';
import { analyzeForIndex, wordTokens } from '../language/text-analysis.ts';
import { stem, stemLang } from '../language/stemmer.ts';
import { COMMENTARY, DICTIONARY_NOTE_COLLECTIONS } from '../corpus/fact-notes.ts';
import fusionTable from './fusion-weights.json' with { type: 'json' };
import { createQuestionAnalyser, type QuestionAnalysis } from '../question/analyse.ts';

/** How a verse was found: cited by the question, named by it (the passage guide), text search, reference entries. */
export type VerseSource = 'reference' | 'guide' | 'text' | 'entry';

export interface RetrievedVerse {
  /** One verse, `BOOK.C.V`, in KJV numbering (the numbering the passage API is asked in by default). */
  ref: string;
  /** Higher is better; verses the question cites score above every other verse. */
  score: number;
  /** How the verse was found: cited by the question, by the text search, by a reference entry. */
  sources: VerseSource[];
  /** The verse as the text search found it, in the reader's translation when that one matched. */
  hit?: PassageHit;
  /** The reader named a book outside their canon (Sirach for a Protestant): shown, and said to be outside it. */
  outsideCanon?: true;
  /**
   * Set when the reference is in the numbering of the Catholic texts (the deuterocanon's entries of the guide:
   * Susanna is Daniel 13, the Prayer of Azariah Daniel 3:24-45): read it from a Catholic text, never the KJV.
   */
  numbering?: 'vulgate';
  /** Its place (0-based) in each ranking that holds it, by ranker name: what the answer's lead choice weighs. */
  ranks?: Partial<Record<RankerName, number>>;
}

export interface RetrievedEntry {
  /** The entry id (without the `#n` of the passage that matched). */
  id: string;
  collection: string;
  title: string;
  /** The references the entry cites (verses or ranges, as stored). */
  refs: string[];
}

export interface Retrieval {
  verses: RetrievedVerse[];
  /** The reference entries whose verses took part, best first: the answer cites them as related literature. */
  entries: RetrievedEntry[];
  /** What the first verses are: the references the question cites, or the passage it names (主祷文). */
  focus?: 'reference' | 'passage';
  /** The fusion weights the ranked verses were fused with: a question of fact's or a topic's (analysis.asks.fact). */
  ranked?: 'fact' | 'topic';
  /**
   * A question of who (or where): the people (places) the dictionaries' best notes are about (the name a note opens
   * with, or its entry's title; a Bible name the question does not name), by the weight of their notes, best first,
   * as lower-cased English names.
   */
  named?: string[];
}

export interface RetrieveOptions {
  language: BibleLanguage;
  tradition: Tradition;
  /** The translation the reader reads; default: the reader's default translation per testament. */
  translation?: string;
  /** Verses wanted (1…50, default 10). */
  limit?: number;
}

/** The cited references of reference entries by id; production reads them from the corpus database. */
export type EntryRefs = (entryIds: string[]) => Promise<Map<string, string[]>>;

/**
 * The production EntryRefs: the entries of one corpus version, from the database. Build one retriever per corpus
 * version (it caches entries), e.g. `createVerseRetriever({ index, parser, entryRefs: corpusEntryRefs(corpusData,
 * versionId) })` with the index of `corpus.ready()` and the parser of the Bible service's current version.
 */
export function corpusEntryRefs(corpus: Pick<CorpusRepository, 'referenceEntriesByIds'>, versionId: number): EntryRefs {
  return async (ids) => {
    const rows = await corpus.referenceEntriesByIds(versionId, ids, 0);
    return new Map(rows.map((row) => [row.id, row.refs] as const));
  };
}

/** English search words for a question in another language (the reference works are all English). */
export type EnglishKeywords = (question: string, language: BibleLanguage) => string | undefined;

export interface VerseRetrieverDeps {
  index: PassageIndex;
  /** Built with verse counts, so that chapters and ranges are spelled out with the verses they have. */
  parser: ReferenceParser;
  entryRefs: EntryRefs;
  /** Default: the glossaries learned from the corpus's parallel text, and the book names of the parser. */
  englishKeywords?: EnglishKeywords;
  /** Default: the prominence table derived from the corpus's cross-references. */
  prominence?: VerseProminence;
  /** Default: the committed passage guide (guide/passage-guide.json). */
  guide?: PassageGuide;
  /** Default: FUSION_TABLE (fit:fusion tries others). */
  weights?: FusionTable;
}

/** A question's rankings by ranker name, with what fusing them needs. */
export interface Rankings {
  /** The verses the question cites or names, first, in order. */
  head: RetrievedVerse[];
  limit: number;
  lists: Record<RankerName, string[]>;
  shape: 'fact' | 'topic';
  /** A question of number: a verse that states a number counts more. */
  number: boolean;
  /** What it counts, as a verse states it: then a verse that states that count counts more, not any number. */
  counted?: RegExp;
  hitOf: (ref: string) => PassageHit | undefined;
  marks: (ref: string) => Pick<RetrievedVerse, 'outsideCanon' | 'numbering'>;
  entries: RetrievedEntry[];
  focus?: 'reference' | 'passage';
  named?: string[];
}

export interface VerseRetriever {
  /** Reads the question (question/analyse.ts) and retrieves for it. */
  retrieve(question: string, options: RetrieveOptions): Promise<Retrieval>;
  /** Retrieves for a question already read (the answer's gatherer reads it once and passes it on). */
  retrieveAnalysed(analysis: QuestionAnalysis, options: RetrieveOptions): Promise<Retrieval>;
  /** The first step of retrieveAnalysed: the verses that come first and the rankings, or the answer when none is fused. */
  rank(analysis: QuestionAnalysis, options: RetrieveOptions): Promise<Rankings | Retrieval>;
  /** The second step: the rankings fused with a weights table (pure; fit:fusion tries many tables on one ranking). */
  fuse(rankings: Rankings, weights?: FusionTable): Retrieval;
  /** The reader the retriever reads questions with (its parser, guide and English keywords). */
  analyse(question: string, options: RetrieveOptions): QuestionAnalysis;
}

/** Reference works whose entries cite verses; lexicons and the name list cite none. */
export const ENTRY_COLLECTIONS = [
  'naves-topical',
  'eastons-dictionary',
  'smiths-dictionary',
  'schaffs-dictionary',
  'matthew-henry-complete',
] as const;

const DEFAULT_LIMIT = 10;
const MAX_LIMIT = 50;
/** Verse hits fetched for the text ranking: several translations of one verse share the list. */
const TEXT_DEPTH = 60;
/** How many of a topic's key texts come before its deuterocanonical passages (passage-guide.json `deuterocanon`). */
const DEUTEROCANON_PLACE = 2;
/** Entry passages fetched, and distinct entries whose verses are used. */
const ENTRY_DEPTH = 20;
/** Fact notes fetched. */
const NOTE_DEPTH = 15;
/** Notes read when the question names someone, before those that do not name them are left out. */
const NAMED_NOTE_DEPTH = 40;
/**
 * A question asking who (谁出卖了参孙？) weighs a note of an entry on a person it does not name this much more: the
 * entry's title is the answer ("Matthias: the apostle elected to fill the place of the traitor Judas", Acts 1:26).
 */
const PERSON_NOTE = 2;
/**
 * A question of kin (大卫的父亲是谁？) weighs a note that states that tie of the person it names this much more again:
 * "Jesse … the father of David", not "Absalom … David's son".
 */
const KIN_NOTE = 2;
/**
 * A question of fact weighs this much more a note that states it: every word of the question, near together ("Saul,
 * the first king of Israel" for "Who was the first king of Israel?"; not Pul, "the first Assyrian monarch … king of
 * Israel"). Near: within this many words more than the question has.
 */
const STATEMENT_NOTE = 3;
const STATEMENT_SLACK = 2;
/** Notes read for the tie when none of the question's first notes states it, and how many of those that do are taken. */
const KIN_NOTE_DEPTH = 200;
const KIN_ADDED = 3;
/** For a question of fact, the verse the best fact note cites stands at this place at the latest (0-based). */
const NOTE_LEAD_PLACE = 2;
/**
 * A note that cites a passage longer than this many verses ("Zacharias: the father of John the Baptist", Luke 1:5-80)
 * is read for the verses of it that state the note: the first notes of a question of fact, at most this many.
 */
const FOCUS_FROM = 4;
const FOCUS_NOTES = 5;
/** The verses of such a passage that take its note's weight, found by the note's subject and the question's words. */
const FOCUS_VERSES = 2;
/** How much more than a note's weight such a verse takes (a verse the note cites alone takes it once). */
const STATED_WEIGHT = 2;
/** The most verses of a passage read for the note (the index's filter takes 64). */
const FOCUS_RANGE = 64;
const TOP_ENTRIES = 8;
/** How deep the text, note and entry rankings are read for a verse they agree on (a question outside the guide's words). */
const AGREE_DEPTH = 10;
/** A question word in an entry's title (Forgiveness, Moses) counts this many times one in its text. */
const TITLE_BOOST = 3;
/** Longest range of an entry citation that is spelled out verse by verse, and citations read per entry. */
const MAX_RANGE = 40;
const MAX_CITATIONS = 3000;
/**
 * The rankings fused for a question (weighted reciprocal rank fusion), each by its name: BM25 over the verses (text),
 * the verses of the reference entries found (entry), the key verses of the guide's topics (topic) and of the people and
 * places it names (person), the text and entry candidates ordered by cross-reference prominence (prominence), BM25
 * within the books the question names (book), and the verses of the dictionaries' and the commentary's fact notes the
 * question finds (note, commentary). A new signal is a new ranking here and a row in the weights table.
 */
export const RANKERS = ['text', 'entry', 'topic', 'person', 'prominence', 'book', 'note', 'commentary'] as const;
export type RankerName = (typeof RANKERS)[number];
/** What a ranking is evidence of, for a verse's sources (prominence is evidence of nothing). */
const SOURCE_OF: Record<RankerName, VerseSource | undefined> = {
  text: 'text',
  book: 'text',
  entry: 'entry',
  note: 'entry',
  commentary: 'entry',
  topic: 'guide',
  person: 'guide',
  prominence: undefined,
};
export type FusionWeights = Record<RankerName, number>;
/**
 * The weights per question shape as the retriever ranks it (a question of fact, or a topic), by ranker name:
 * `fusion-weights.json`, written by `npm run fit:fusion` from the gold set's train part (decision 0019).
 */
export type FusionTable = Record<'topic' | 'fact', FusionWeights>;
export const FUSION_TABLE: FusionTable = fusionTable.weights;
/** How much more a verse that states a number counts for a question of number. */
const NUMBER_BOOST = 1.6;
/** How deep in the fused ranking a verse stating the count asked for is looked for (else any number counts). */
const COUNTED_DEPTH = 20;
/** How deep in each other ranking the verses are read for the count (at most MAX_LOOKUP verses in all). */
const COUNTED_LOOKUP = 10;
const MAX_LOOKUP = 64;
/** Verses from the start of each guide range taken before the rest of any range. */
const GUIDE_HEAD = 3;
/** The prominence ranking orders the first verses of the text and entry rankings. */
const PROMINENCE_POOL = { text: 30, entry: 50 };
const ENTRY_CACHE_SIZE = 2000;
const MAX_REDIRECTS = 3;
/** Nave's cross-references in a topic's (whitespace-collapsed) text: "-See CARE", "-See SPEAKING, EVIL". */
const SEE_ALSO = /(?:^|\s)-See ([A-Z]+(?:[-'’][A-Z]+)*(?:,? [A-Z]+(?:[-'’][A-Z]+)*)*)/g;
const usfm = verseKey;

const slug = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** The verse of a hit in KJV numbering (Vulgate, Septuagint and Hebrew numbered Psalms are mapped). */
export function kjvVerseRef(hit: Pick<PassageHit, 'ref' | 'translation'>): string | undefined {
  const ref = hit.ref;
  if (!ref) return undefined;
  const verse = parseVerseKey(ref);
  if (!verse) return undefined;
  const scheme = hit.translation ? TRANSLATION_SCHEMES[hit.translation] : undefined;
  if (!scheme || scheme === 'kjv') return ref;
  const mapped = toScheme(verse, scheme, 'kjv');
  return mapped.verse === undefined ? ref : usfm(mapped.book, mapped.chapter, mapped.verse);
}

interface TextRanking {
  order: string[];
  hitOf: Map<string, PassageHit>;
}

interface EntryRanking {
  order: string[];
  entries: RetrievedEntry[];
}

interface TopEntry {
  id: string;
  hit: PassageHit;
  weight: number;
}

/**
 * A note's words that state a tie of someone ("the father of David", "wife of Moses", "David's father"): a tie in
 * English, as the reference works write it, of one of the people named.
 */
function kinStatement(tie: string, of: readonly string[]): RegExp {
  const names = of.map(escapeRegExp).join('|');
  return new RegExp(
    `\\b${escapeRegExp(tie)}s? of (?:(?:the|king|queen|prophet|apostle|priest) )?(?:${names})\\b(?!['’])|\\b(?:${names})['’]s? ${escapeRegExp(tie)}\\b`,
    'iu',
  );
}

/** The people a question of kin asks about: those it names, else the people among its English words (Spanish, French). */
function kinOf(q: QuestionAnalysis): string[] {
  return q.people.length ? q.people : wordTokens(q.english ?? '').filter(isBiblePerson);
}

export function createVerseRetriever(deps: VerseRetrieverDeps): VerseRetriever {
  const { index, parser } = deps;
  const englishKeywords = deps.englishKeywords ?? createEnglishKeywords(parser.catalogue.books);
  const prominence = deps.prominence ?? defaultProminence();
  const guide = deps.guide ?? defaultPassageGuide();
  const analyser = createQuestionAnalyser({ parser, guide, englishKeywords });
  const table = deps.weights ?? FUSION_TABLE;
  // Entries never change within a corpus version (one retriever is built per version).
  const entryCache = versionMemo<string[]>(ENTRY_CACHE_SIZE);
  const sharesCache = new Map<string, Map<string, number>>();

  /** Entry references through the cache; concurrent askers of an entry share its read. */
  async function entryRefs(ids: string[]): Promise<Map<string, string[]>> {
    const refs = await entryCache.many(ids, deps.entryRefs);
    return new Map(ids.map((id, i) => [id, refs[i] ?? []]));
  }

  // The Greek parts of Daniel and Esther are chapters of those books in the Catholic texts (Susanna is Daniel 13):
  // outside the Psalms such a verse exists when the Vulgate numbering has it.
  // Verses of the Greek parts of Daniel and Esther that a Catholic text's hit brought (Daniel 3:38, 14:32): they have no
  // KJV number, so they are read in the Catholic numbering, and a Protestant reader is not offered them unasked.
  const greekParts = new Set<string>();
  function inKjvNumbering(ref: string, options: RetrieveOptions): boolean {
    const verse = parseVerseKey(ref);
    if (!verse || parser.problemOf(verse) === undefined || !parser.catalogue.get(verse.book)) return true;
    if (parser.catalogue.get(verse.book)?.testament === 'DC') return true;
    if (options.tradition === 'protestant') return false;
    greekParts.add(ref);
    return true;
  }

  const exists = (book: string, chapter: number, verse: number) =>
    parser.problemOf({ book, chapter, verse }) === undefined ||
    (book !== 'PSA' && parser.problemOf({ book, chapter, verse }, 'vulgate') === undefined);

  /** The verses of a reference, in order, at most `cap`; chapters are walked while the verse counts allow. */
  function versesOf(ref: BibleReference, cap: number, trusted = false): string[] {
    const out: string[] = [];
    const lastChapter = ref.endChapter ?? ref.chapter;
    const single = ref.verse !== undefined && ref.endVerse === undefined && ref.endChapter === undefined;
    for (let c = ref.chapter; c <= lastChapter && out.length < cap; c++) {
      const first = c === ref.chapter ? (ref.verse ?? 1) : 1;
      const last = c === lastChapter ? (ref.endVerse ?? (single ? first : Infinity)) : Infinity;
      // A range whose last verse exists needs no check per verse (entries cite thousands of them).
      const checked = last !== Infinity && last - first < cap && (trusted || exists(ref.book, c, last));
      for (let v = first; v <= last && out.length < cap; v++) {
        if (!checked && !exists(ref.book, c, v)) break;
        out.push(usfm(ref.book, c, v));
      }
    }
    return out;
  }

  /** The verses the question cites, with a verse of context on each side of a single verse. */
  function citedVerses(citations: readonly BibleReference[], limit: number): string[] {
    const cited: string[] = [];
    const context: string[] = [];
    // A citation outside the reader's canon (Sirach for a Protestant) is still shown, marked as such: the reader
    // asked for it by name.
    for (const ref of citations) {
      cited.push(...versesOf(ref, limit));
      if (ref.verse !== undefined && ref.endVerse === undefined && ref.endChapter === undefined) {
        for (const v of [ref.verse + 1, ref.verse - 1]) {
          if (v >= 1 && exists(ref.book, ref.chapter, v)) context.push(usfm(ref.book, ref.chapter, v));
        }
      }
    }
    return [...new Set([...cited, ...context])];
  }

  function readerTranslations(options: RetrieveOptions): Set<string> {
    if (options.translation) return new Set([options.translation]);
    return new Set(
      (['OT', 'NT', 'DC'] as const).map((t) => defaultTranslation(options.language, options.tradition, t)),
    );
  }

  /**
   * Whether a Chinese verse speaks of every name the question names, and not only of a longer name holding it
   * (以利亚 inside 以利亚撒, 玛利亚 inside 撒玛利亚).
   */
  function namesWhole(text: string, names: readonly string[]): boolean {
    if (names.length === 0) return true;
    const folded = foldToSimplified(text);
    return names.every((name) => {
      let rest = folded;
      for (const longer of guide.longerNames(name)) rest = rest.split(longer).join('\u0000');
      return rest.includes(name);
    });
  }

  /**
   * (a) BM25 over the reader's language, one entry per verse with the scores of its translations added (a verse every
   * translation words the same way scores above one that only a single wording matches); the reader's translation is
   * preferred for the hit that is returned.
   */
  async function textRanking(query: string, options: RetrieveOptions, names: readonly string[]): Promise<TextRanking> {
    const hits = await index.search({
      query,
      lang: options.language,
      kinds: ['verse'],
      canon: options.tradition,
      limit: TEXT_DEPTH,
      hanCharacters: true,
    });
    const own = readerTranslations(options);
    const scoreOf = new Map<string, number>();
    const hitOf = new Map<string, PassageHit>();
    for (const hit of hits) {
      const ref = kjvVerseRef(hit);
      if (!ref || !inCanon(ref.slice(0, 3), options.tradition)) continue;
      if (!namesWhole(hit.text, names)) continue;
      if (!inKjvNumbering(ref, options)) continue;
      scoreOf.set(ref, (scoreOf.get(ref) ?? 0) + hit.score);
      keepReadersHit(hitOf, ref, hit, own);
    }
    const order = [...scoreOf.keys()].sort((a, b) => (scoreOf.get(b) ?? 0) - (scoreOf.get(a) ?? 0));
    return { order, hitOf };
  }

  /** The verses an entry cites, each with its share (1/√n of a range of n verses), computed once per entry. */
  function citedShares(id: string, refs: readonly string[]): Map<string, number> {
    let shares = sharesCache.get(id);
    if (shares) return shares;
    shares = new Map();
    for (const citation of refs.slice(0, MAX_CITATIONS)) {
      const verses = citationVerses(citation);
      const share = 1 / Math.sqrt(Math.max(1, verses.length));
      for (const v of verses) shares.set(v, (shares.get(v) ?? 0) + share);
    }
    if (sharesCache.size >= ENTRY_CACHE_SIZE) sharesCache.delete(sharesCache.keys().next().value as string);
    sharesCache.set(id, shares);
    return shares;
  }

  /** Expands a stored citation (`BOOK.C.V` or `BOOK.C.V-BOOK.C.V`) to its verses. */
  function citationVerses(citation: string, trusted = false): string[] {
    if (!USFM_VERSE_OR_RANGE.test(citation)) return [];
    return versesOf(parseUsfm(citation)!, MAX_RANGE, trusted);
  }

  /**
   * (b) The entries the question finds in the English reference works, and the verses they cite: an entry at rank
   * r gives each verse it cites 1/r, a range shares that among its verses (1/√n each), and the entries' shares add.
   */
  async function entryRanking(query: string | undefined, options: RetrieveOptions): Promise<EntryRanking> {
    if (!query) return { order: [], entries: [] };
    const hits = await index.search({
      query,
      lang: 'en',
      kinds: ['entry'],
      collections: ENTRY_COLLECTIONS,
      limit: ENTRY_DEPTH,
      titleBoost: TITLE_BOOST,
    });
    const top: TopEntry[] = [];
    const seen = new Set<string>();
    for (const [rank, hit] of hits.entries()) {
      const id = hit.id.replace(/#\d+$/, '');
      if (seen.has(id)) continue;
      seen.add(id);
      top.push({ id, hit, weight: 1 / (rank + 1) });
      if (top.length >= TOP_ENTRIES) break;
    }
    if (top.length === 0) return { order: [], entries: [] };
    const refsOf = await entryRefs(top.map((t) => t.id));
    await followRedirects(top, refsOf);
    const weight = new Map<string, number>();
    const entries: RetrievedEntry[] = [];
    for (const { id, hit, weight: entryWeight } of top) {
      const refs = refsOf.get(id) ?? [];
      if (refs.length === 0) continue;
      entries.push({ id, collection: hit.collection ?? '', title: hit.title ?? '', refs });
      for (const [v, share] of citedShares(id, refs)) {
        if (inCanon(v.slice(0, 3), options.tradition)) weight.set(v, (weight.get(v) ?? 0) + entryWeight * share);
      }
    }
    const order = [...weight.entries()].sort((a, b) => b[1] - a[1]).map(([ref]) => ref);
    return { order, entries };
  }

  /**
   * The verses of a long passage a note cites that state what the note says of its subject: BM25 over the passage's
   * English verses for the subject's name, the note's words and the question's ("Zacharias: the father of John the
   * Baptist", Luke 1:5-80 → 1:13, "Fear not, Zacharias … thou shalt call his name John").
   */
  async function stating(
    hit: PassageHit,
    verses: readonly string[],
    subject: string | undefined,
    query: string,
  ): Promise<string[]> {
    const found = await index.search({
      query: joinWords(subject, hit.text, query) ?? query,
      lang: 'en',
      kinds: ['verse'],
      translations: ['kjv'],
      refs: verses,
      limit: FOCUS_VERSES * 2,
    });
    return [...new Set(found.map((f) => f.ref).filter((r): r is string => Boolean(r)))].slice(0, FOCUS_VERSES);
  }

  /**
   * The verses that state what a note answering a question of who says of its person, when the note cites none that
   * does ("Saul, the first king of Israel", in Easton's article on Benjamin, cites 1 Samuel 9:1, his father Kish):
   * BM25 over the English verses that name them, for their name, the note's words and the question's (1 Samuel
   * 11:15, "they made Saul king").
   */
  async function namedStating(hit: PassageHit, subject: string, query: string, options: RetrieveOptions) {
    const found = await index.search({
      query: joinWords(subject, hit.text, query) ?? query,
      lang: 'en',
      kinds: ['verse'],
      translations: ['kjv'],
      limit: FOCUS_VERSES * 5,
    });
    return [
      ...new Set(
        found
          .filter((f) => f.ref && inCanon(f.ref.slice(0, 3), options.tradition) && wordTokens(f.text).includes(subject))
          .map((f) => f.ref!),
      ),
    ].slice(0, FOCUS_VERSES);
  }

  /**
   * Whether a note states the question: holds each of its (at least two) English words, stemmed, within a run of
   * words barely longer than the question's.
   */
  function statement(asked: string | undefined): (note: string) => boolean {
    const words = asked ? [...new Set(analyzeQuery(asked, { lang: 'en', keepStopWordsIfEmpty: false }))] : [];
    if (words.length < 2) return () => false;
    const span = words.length + STATEMENT_SLACK;
    const stems = words.map((w) => stem(w, 'en'));
    const wanted = (token: string) => words.findIndex((w, i) => token === w || token === stems[i]);
    return (note) => {
      const places = analyzeForIndex(note, 'en').map(wanted);
      return places.some((place, start) => {
        if (place < 0) return false;
        const seen = new Set(places.slice(start, start + span).filter((p) => p >= 0));
        return seen.size === words.length;
      });
    };
  }

  /**
   * (d) The fact notes the question finds (a dictionary's sentence and the verses it cites: "the ark rested after the
   * Flood subsided (Gen. 8:4)"), in English like the works they come from; each verse a note cites gets the note's
   * score, a range or chapter shares it (1/√n each), and the notes' shares add. The dictionaries' notes and the
   * commentary's are ranked apart (`collections`).
   */
  async function noteRanking(
    query: string | undefined,
    options: RetrieveOptions,
    collections: readonly string[],
    answering?: 'person' | 'place',
    people: readonly string[] = [],
    kin?: { tie: string; of: readonly string[] },
    fact?: { question: string | undefined },
  ): Promise<{ order: string[]; named: string[]; texts?: string[] }> {
    if (!query) return { order: [], named: [] };
    // A question that names someone is answered by the notes that name them ("Moses' wife": Zipporah's, not Ahinoam's).
    const found = await index.search({
      query,
      lang: 'en',
      kinds: ['note'],
      collections,
      limit: people.length > 0 ? NAMED_NOTE_DEPTH : NOTE_DEPTH,
    });
    const aboutThem =
      people.length > 0
        ? found.filter((hit) => wordTokens(`${hit.title ?? ''} ${hit.text}`).some((w) => people.includes(w)))
        : found;
    const hits = aboutThem.slice(0, NOTE_DEPTH);
    // A question of kin weighs the notes that state the tie asked ("the father of David"). When none of them does, the
    // notes that do are looked for deeper, by the tie's words alone ("father david": Schaff's "JESSE, the father of
    // David" is not among the first 40 notes on David's fathers and sons).
    const statesTie = kin?.of.length ? kinStatement(kin.tie, kin.of) : undefined;
    if (statesTie && isSingleTie(kin!.tie) && !hits.some((hit) => statesTie.test(hit.text))) {
      const deeper = await index.search({
        query: `${kin!.tie} ${kin!.of.join(' ')}`,
        lang: 'en',
        kinds: ['note'],
        collections,
        limit: KIN_NOTE_DEPTH,
      });
      hits.push(...deeper.filter((hit) => statesTie.test(hit.text)).slice(0, KIN_ADDED));
    }
    const weight = new Map<string, number>();
    const named = new Map<string, number>();
    const asked = new Set(wordTokens(query));
    const ofKind = (name: string | undefined): name is string =>
      Boolean(name && !asked.has(name) && (answering === 'place' ? isBiblePlace(name) : isBiblePerson(name)));
    // The person (place) a note is about: the one its words open with ("Saul, the first king of Israel", in Easton's
    // article on Benjamin), else its entry's, the title's first word (Easton's "Matthias", Nave's "JUDAS ISCARIOT").
    // A title's first word as the Bibles write it: "Bath-sheba" is Bathsheba.
    const subjectOf = (hit: PassageHit) => {
      const opens = /^\s*(\p{Lu}\p{L}+)/u.exec(hit.text)?.[1]?.toLowerCase();
      const titled = /^\s*(\p{L}+(?:-\p{L}+)*)/u
        .exec(hit.title ?? '')?.[1]
        ?.replace(/-/g, '')
        .toLowerCase();
      const subject = ofKind(opens) ? opens : ofKind(titled) ? titled : wordTokens(hit.title ?? '')[0];
      return ofKind(subject) ? subject : undefined;
    };
    const citedBy = (hit: PassageHit, cap: number) =>
      (hit.refs ?? []).flatMap((citation) => {
        const ref = parseUsfm(citation);
        return ref ? versesOf(ref, cap) : [];
      });
    const subjects = hits.map((hit) => (answering ? subjectOf(hit) : undefined));
    // A question of fact reads its first notes' long passages for the verses that state them (`stating`).
    const states = statement(fact?.question);
    const statedIn = fact
      ? await Promise.all(
          hits.map((hit, i) => {
            if (i >= FOCUS_NOTES) return undefined;
            const passage = citedBy(hit, FOCUS_RANGE);
            if (passage.length > FOCUS_FROM) return stating(hit, passage, subjects[i], query);
            // A person's note that states the question whole: the verses that name them say it, wherever they are.
            const subject = subjects[i];
            return subject && answering === 'person' && states(hit.text)
              ? namedStating(hit, subject, query, options)
              : undefined;
          }),
        )
      : [];
    for (const [i, hit] of hits.entries()) {
      const subject = subjects[i];
      // Only a person's notes weigh more: the notes of a place tell what happened there, not only where.
      const tie = subject && statesTie?.test(hit.text) ? KIN_NOTE : 1;
      const boost =
        (subject && answering === 'person' ? PERSON_NOTE * tie : 1) * (states(hit.text) ? STATEMENT_NOTE : 1);
      if (subject) named.set(subject, (named.get(subject) ?? 0) + hit.score * tie);
      const verses = citedBy(hit, MAX_RANGE);
      const share = (boost * hit.score) / Math.sqrt(Math.max(1, verses.length));
      // The verses of a long passage that state the note take the weight of a note that cites them alone, twice over:
      // the passage's other verses still share it.
      const stated = statedIn[i] ?? [];
      for (const v of new Set([...verses, ...stated])) {
        const part = stated.includes(v) ? (STATED_WEIGHT * boost * hit.score) / Math.sqrt(stated.length) : share;
        if (inCanon(v.slice(0, 3), options.tradition)) weight.set(v, (weight.get(v) ?? 0) + part);
      }
    }
    const best = (m: Map<string, number>) => [...m.entries()].sort((a, b) => b[1] - a[1]).map(([key]) => key);
    // The first notes' words, which may tell a question of the Bible that none of the verses holds whole.
    const texts = hits.slice(0, AGREE_DEPTH).map((hit) => `${hit.title ?? ''} ${hit.text}`);
    return { order: best(weight), named: best(named), texts };
  }

  /**
   * A Nave's topic without verses of its own only points elsewhere ("Anxiety: See CARE"): the topics it names take
   * its place, sharing its weight.
   */
  async function followRedirects(top: TopEntry[], refsOf: Map<string, string[]>): Promise<void> {
    const targets = new Map<string, TopEntry[]>();
    for (const entry of top) {
      if ((refsOf.get(entry.id)?.length ?? 0) > 0 || entry.hit.collection !== 'naves-topical') continue;
      const ids = [...entry.hit.text.matchAll(SEE_ALSO)]
        .map((m) => `naves-topical:${slug(m[1] as string)}`)
        .filter((id) => id !== entry.id && !refsOf.has(id))
        .slice(0, MAX_REDIRECTS);
      if (ids.length === 0) continue;
      const weight = entry.weight / ids.length;
      targets.set(
        entry.id,
        ids.map((id) => ({ id, hit: { ...entry.hit, id, title: titleOfSlug(id) }, weight })),
      );
    }
    if (targets.size === 0) return;
    const found = await entryRefs([...targets.values()].flat().map((t) => t.id));
    for (const [id, refs] of found) refsOf.set(id, refs);
    for (let i = top.length - 1; i >= 0; i--) {
      const replacement = targets.get(top[i]!.id)?.filter((t) => (found.get(t.id)?.length ?? 0) > 0);
      if (replacement?.length) top.splice(i, 1, ...replacement);
    }
  }

  /**
   * The verses of the books a question names, found by the rest of its words; a book outside the reader's canon is
   * searched in the canon that holds it. Readers whose language has no text of the book search its English one.
   */
  async function bookRanking(
    question: string,
    books: string[],
    options: RetrieveOptions,
    guided = '',
  ): Promise<TextRanking> {
    const outside = books.some((b) => !inCanon(b, options.tradition));
    const canon = outside ? 'orthodox' : options.tradition;
    const ask = (query: string, lang: string) =>
      index.search({ query, lang, kinds: ['verse'], books, canon, limit: TEXT_DEPTH });
    let hits = await ask(question, options.language);
    if (hits.length === 0 && options.language !== 'en') {
      const english = joinWords(englishKeywords(question, options.language), guided);
      if (english) hits = await ask(english, 'en');
    }
    const order: string[] = [];
    const hitOf = new Map<string, PassageHit>();
    for (const hit of hits) {
      const ref = kjvVerseRef(hit);
      if (!ref || hitOf.has(ref) || !inKjvNumbering(ref, options)) continue;
      order.push(ref);
      hitOf.set(ref, hit);
    }
    return { order, hitOf };
  }

  /**
   * The text of the first verses of the other rankings that the text search did not return, in the reader's
   * language, for a question of number to read its count in: the question's words searched among those verses only.
   */
  async function countedHits(
    query: string,
    options: RetrieveOptions,
    lists: readonly (readonly string[])[],
    text: TextRanking,
  ): Promise<Map<string, PassageHit>> {
    const refs = [...new Set(lists.flatMap((list) => list.slice(0, COUNTED_LOOKUP)))].filter(
      (ref) => !text.hitOf.has(ref),
    );
    const out = new Map<string, PassageHit>();
    if (refs.length === 0) return out;
    const hits = await index.search({
      query,
      lang: options.language,
      kinds: ['verse'],
      refs: refs.slice(0, MAX_LOOKUP),
      canon: options.tradition,
      limit: 100,
      hanCharacters: true,
    });
    const own = readerTranslations(options);
    for (const hit of hits) {
      const ref = kjvVerseRef(hit);
      if (ref) keepReadersHit(out, ref, hit, own);
    }
    return out;
  }

  /**
   * The relevance floor for a question outside the domain (no reference, nothing of the guide, no book name, no
   * faith word): only a verse among the first three that holds every one of its (at least two) search terms answers
   * it, or, when the notes agree with the text (`agreed`), the first ten verses that hold them between them.
   */
  function answersOutsideDomain(
    residual: string,
    options: RetrieveOptions,
    text: TextRanking,
    agreed: boolean,
    noteTexts: readonly string[] = [],
  ): boolean {
    const words = new Set(analyzeQuery(residual, { lang: options.language, keepStopWordsIfEmpty: false }));
    const stemming = stemLang(options.language);
    // One word alone ("世人", "shepherd") is a search for that word, not a question: any verse holding it answers.
    const bareWord = words.size === 1 && residual.trim().length <= 24 && !/[?？¿]/.test(residual);
    if (words.size < 2 && !bareWord) return false;
    // Each verse's tokens, read once.
    const tokens = text.order.slice(0, agreed ? AGREE_DEPTH : 3).map((ref) => {
      const hit = text.hitOf.get(ref);
      return hit ? new Set(analyzeForIndex(hit.text, hit.lang)) : new Set<string>();
    });
    // A word counts when it or its stem is in the verse.
    const holds = (found: ReadonlySet<string>) =>
      [...words].every((w) => found.has(w) || (stemming !== undefined && found.has(stem(w, stemming))));
    if (tokens.slice(0, 3).some(holds)) return true;
    // A dictionary's note that holds every word tells the question is the Bible's ("What was the name of the first
    // woman?": Easton's "Eve … the name given to the first woman"), as a verse that holds them would.
    if (noteTexts.some((note) => holds(new Set(analyzeForIndex(note, 'en'))))) return true;
    // When the reference works cite a verse the words find, each word need only be in one of the first verses: the
    // question's words are all the Bible's ("Quelle reine refusa de venir à l'ordre du roi ?"), where a question of
    // another domain keeps one of its own (Paris, Napoleon, the telephone).
    return agreed && holds(new Set(tokens.flatMap((found) => [...found])));
  }

  /**
   * Whether the reader's Bible and the reference works point to the same verse: one of the text ranking's first verses
   * is also among the first the dictionaries' notes or entries cite (哪位士师是左手便利的？: Judges 3:15 and the notes on
   * Ehud). Alone it tells little (rivers, kings and spiders are in the Bible too); with the question's words all found
   * in the first verses it lets a question of fact without faith words be the Bible's.
   */
  function rankingsAgree(text: TextRanking, notes: { order: string[] }, entry: { order: string[] }): boolean {
    const cited = new Set([...notes.order.slice(0, AGREE_DEPTH), ...entry.order.slice(0, AGREE_DEPTH)]);
    return text.order.slice(0, AGREE_DEPTH).some((ref) => cited.has(ref));
  }

  /** Guide entries whose references are in the given books and whose names share a search term with the text. */
  function guideEntriesOn(books: readonly string[], text: string, options: RetrieveOptions): GuideMatch[] {
    const terms = new Set(analyzeQuery(text, { lang: options.language, keepStopWordsIfEmpty: false, stems: true }));
    if (terms.size === 0) return [];
    return guide.entries
      .filter((e) => e.refs.some((r) => books.includes(r.slice(0, 3))))
      .filter((e) =>
        (e.names[options.language] ?? (options.language === 'zh-Hant' ? e.names['zh-Hans'] : undefined) ?? []).some(
          (alias) => analyzeQuery(alias, { lang: options.language, stems: true }).some((t) => terms.has(t)),
        ),
      )
      .map((entry) => ({ entry, start: 0, end: 0, text: '' }));
  }

  /**
   * The verses of the guide entries matched: the head of every ref of every entry first (a passage's parallel
   * accounts, a topic's several key texts), then the rest of each range in order.
   */
  function guideVerses(
    matches: readonly GuideMatch[],
    options: RetrieveOptions,
    cap: number,
    outside: Set<string>,
    vulgate: Set<string>,
  ): string[] {
    const ranges = matches.flatMap((m) => {
      // A topic's deuterocanonical passages, for a reader whose canon holds them, come after its first key texts.
      const dc = (m.entry.deuterocanon ?? []).filter((r) => inCanon(r.slice(0, 3), options.tradition));
      const dcRanges = dc.map((r) => {
        const verses = citationVerses(r, true);
        for (const v of verses) vulgate.add(v);
        return verses;
      });
      const ranges = m.entry.refs.map((r) => {
        // The guide's ranges are checked against the corpus (npm run check:guide), in the numbering of the texts
        // that hold them: Susanna is Daniel 13 in the Catholic texts, a chapter the KJV has not.
        const verses = citationVerses(r, true);
        // An entry of the deuterocanon (Tobit, the Maccabees, Susanna) was named by the reader: shown whatever their
        // canon, marked when it is outside it.
        if (m.entry.canon === undefined) return verses.filter((v) => inCanon(v.slice(0, 3), options.tradition));
        for (const v of verses) {
          vulgate.add(v);
          if (options.tradition === 'protestant') outside.add(v);
        }
        return verses;
      });
      return [...ranges.slice(0, DEUTEROCANON_PLACE), ...dcRanges, ...ranges.slice(DEUTEROCANON_PLACE)];
    });
    const out = new Set<string>();
    for (const range of ranges) for (const v of range.slice(0, GUIDE_HEAD)) if (out.size < cap) out.add(v);
    for (const range of ranges) for (const v of range.slice(GUIDE_HEAD)) if (out.size < cap) out.add(v);
    return [...out];
  }

  const retriever: VerseRetriever = {
    analyse: (question, options) => analyser.analyse(question, options),
    retrieve: (question, options) => retriever.retrieveAnalysed(analyser.analyse(question, options), options),
    async rank(q, options) {
      const limit = Math.min(MAX_LIMIT, Math.max(1, Math.floor(options.limit ?? DEFAULT_LIMIT) || DEFAULT_LIMIT));
      const cited = citedVerses(q.citations, limit);
      const verses: RetrievedVerse[] = cited.map((ref, i) => ({
        ref,
        score: 2 - i / 1000,
        sources: ['reference'],
        ...(inCanon(ref.slice(0, 3), options.tradition) ? {} : { outsideCanon: true as const }),
      }));
      const taken = new Set(cited);
      const fact = q.asks.fact;
      // A named passage (主祷文, the prodigal son) is read as if it had been cited.
      const outside = new Set<string>();
      const vulgate = new Set<string>();
      const marks = (ref: string) => ({
        ...(isOutside(ref) ? { outsideCanon: true as const } : {}),
        ...(vulgate.has(ref) || greekParts.has(ref) ? { numbering: 'vulgate' as const } : {}),
      });
      const isOutside = (ref: string) => outside.has(ref) || !inCanon(ref.slice(0, 3), options.tradition);
      // A question of fact about a named passage (谁造了方舟？) is answered by one verse of it, found by its words:
      // the passage joins the ranking instead of coming first.
      const named = guideVerses(
        q.guide.filter((g) => g.match.entry.kind === 'passage' && !g.detail).map((g) => g.match),
        options,
        limit,
        outside,
        vulgate,
      );
      for (const ref of named) {
        if (verses.length >= limit || taken.has(ref)) continue;
        taken.add(ref);
        verses.push({
          ref,
          score: 1.5 - verses.length / 1000,
          sources: ['guide'],
          ...marks(ref),
        });
      }
      const topics = guideVerses(
        q.guide
          .filter((g) => g.match.entry.kind === 'topic' || (g.match.entry.kind === 'passage' && g.detail))
          .map((g) => g.match),
        options,
        MAX_LIMIT,
        outside,
        vulgate,
      );
      const people = guideVerses(
        q.guide.filter((g) => g.match.entry.kind === 'person' || g.match.entry.kind === 'place').map((g) => g.match),
        options,
        MAX_LIMIT,
        outside,
        vulgate,
      );
      const focus = cited.length > 0 ? ('reference' as const) : named.length > 0 ? ('passage' as const) : undefined;
      const focused = focus ? { focus } : {};
      if (verses.length >= limit || (!q.searchable && topics.length === 0 && people.length === 0)) {
        return { verses: verses.slice(0, limit), entries: [], ...focused };
      }

      const books = q.books;
      if (books.length > 0) {
        // The guide's entries on a named book that share a word with the rest of the question ("What does Sirach say
        // about friendship?" → Sirach on friendship, 6:5-17) lead the book's own ranking.
        const inBook = guideEntriesOn(books, q.withoutBooks, options);
        topics.unshift(...guideVerses(inBook, options, MAX_LIMIT, outside, vulgate).filter((v) => !topics.includes(v)));
        // A named book narrows the guide's topics and people to its own verses, if it has any of them.
        for (const list of [topics, people]) {
          const inBooks = list.filter((v) => books.includes(v.slice(0, 3)));
          list.splice(0, list.length, ...inBooks);
        }
      }
      // A question plainly about something else (a share price, tomorrow's weather, a football score) that names
      // nothing of the Bible retrieves nothing, whatever topic of the guide one of its words touches ("stock").
      if (verses.length === 0 && books.length === 0 && !q.namesBible && q.otherTopic)
        return { verses: [], entries: [] };
      const none: TextRanking = { order: [], hitOf: new Map() };
      // The notes tell a question of fact's event in the works' words: "How did Absalom die?" → slain (story-events.tsv).
      const noteQuery = fact ? joinWords(q.english, q.storyWords) : q.english;
      // The dictionaries' notes on the people a question of fact names; the commentary's notes comment on a chapter
      // and need not name them (train hit@3 0.717 with the commentary's notes filtered too, 0.724 without).
      const [text, entry, book, notes, commentary] = q.searchable
        ? await Promise.all([
            textRanking(q.textQuery, options, q.names),
            entryRanking(q.english, options),
            books.length > 0 ? bookRanking(q.withoutBooks, books, options, q.guided) : none,
            noteRanking(
              noteQuery,
              options,
              DICTIONARY_NOTE_COLLECTIONS,
              !fact ? undefined : q.asks.who ? 'person' : q.asks.where ? 'place' : undefined,
              q.people,
              fact && q.asks.who && q.asks.kin ? { tie: q.asks.kin, of: kinOf(q) } : undefined,
              fact ? { question: q.english } : undefined,
            ),
            noteRanking(noteQuery, options, [COMMENTARY]),
          ])
        : [none, { order: [], entries: [] }, none, { order: [], named: [] }, { order: [], named: [] }];
      const inDomain = verses.length > 0 || q.guide.length > 0 || books.length > 0 || q.inDomainWords;
      const agreed = fact && rankingsAgree(text, notes, entry);
      if (!inDomain && !answersOutsideDomain(q.residual, options, text, agreed, fact ? notes.texts : []))
        return { verses: [], entries: [] };
      // A question of number reads the count in the verses the other rankers found too (Matthew 4:2's 四十昼夜,
      // found by the notes, not by the words of 耶稣在旷野禁食了多少天).
      const counts = q.asks.counted
        ? await countedHits(
            q.textQuery,
            options,
            [topics, people, notes.order, commentary.order, entry.order, book.order],
            text,
          )
        : new Map<string, PassageHit>();
      return {
        head: verses,
        limit,
        lists: {
          text: text.order,
          entry: entry.order,
          topic: topics,
          person: people,
          prominence: [],
          book: book.order,
          note: notes.order,
          commentary: commentary.order,
        },
        shape: fact ? 'fact' : 'topic',
        number: q.asks.number,
        ...(q.asks.counted ? { counted: q.asks.counted } : {}),
        hitOf: (ref) => text.hitOf.get(ref) ?? book.hitOf.get(ref) ?? counts.get(ref),
        marks,
        entries: entry.entries,
        ...(notes.named.length ? { named: notes.named } : {}),
        ...focused,
      };
    },

    fuse(r, weights = table) {
      const w = weights[r.shape];
      const lists = { ...r.lists };
      if (w.prominence > 0) {
        const pool = [
          ...new Set([...lists.text.slice(0, PROMINENCE_POOL.text), ...lists.entry.slice(0, PROMINENCE_POOL.entry)]),
        ];
        lists.prominence = pool
          .map((ref, i) => ({ ref, i, p: prominence(ref) }))
          .sort((a, b) => b.p - a.p || a.i - b.i)
          .map(({ ref }) => ref);
      }
      const counted = r.counted;
      const statesCountAt = (ref: string) => statesCount(counted, r.hitOf(ref)?.text ?? '');
      const ranked = reciprocalRankFusion(
        RANKERS.map((name) => lists[name]),
        RRF_K,
        RANKERS.map((name) => w[name]),
      );
      const byCount = r.number && ranked.slice(0, COUNTED_DEPTH).some((item) => statesCountAt(item.id));
      const states = (text: string) => (byCount ? statesCount(counted, text) : statesNumber(text));
      const fused = ranked
        // A question of number (how old, how many) is answered by a verse that states a number: the count it asks
        // for ("forty days") when a verse among the first ones states it, else any number.
        .map((item) => {
          const said = r.number && r.hitOf(item.id);
          return said && states(said.text) ? { ...item, score: item.score * NUMBER_BOOST } : item;
        })
        // Prominence only breaks ties between equally ranked verses.
        .map((item, i) => ({ item, i, p: prominence(item.id) }))
        .sort((a, b) => b.item.score - a.item.score || b.p - a.p || a.i - b.i)
        .map(({ item }) => item);
      // A question of fact: the verse the best note cites stands among the first three. The notes tell the event in
      // the works' words ("the apostle elected to fill the place of the traitor Judas"), where the question's own
      // words find the story around it; the fused ranking's first two keep their places.
      // Only a verse another ranking found too: a note alone may cite a verse for a word it shares with the question
      // in another sense (出卖 → "sold" → Ezekiel 27's merchants). Train hit@3 0.730 → 0.734.
      const best = r.lists.note[0];
      const noted = r.shape === 'fact' && best ? fused.findIndex((f) => f.id === best && f.lists.length > 1) : -1;
      if (noted > NOTE_LEAD_PLACE) fused.splice(NOTE_LEAD_PLACE, 0, ...fused.splice(noted, 1));
      const verses = [...r.head];
      const taken = new Set(verses.map((v) => v.ref));
      const placeIn = new Map<RankerName, Map<string, number>>();
      /** The verse's place in a ranking (each ranking indexed once, when a verse first asks). */
      const placeOf = (name: RankerName, ref: string) => {
        let places = placeIn.get(name);
        if (!places) {
          places = new Map();
          for (const [i, id] of lists[name].entries()) if (!places.has(id)) places.set(id, i);
          placeIn.set(name, places);
        }
        return places.get(ref);
      };
      for (const item of fused) {
        if (verses.length >= r.limit) break;
        if (taken.has(item.id)) continue;
        taken.add(item.id);
        const hit = r.hitOf(item.id);
        const names = item.lists.map((i) => RANKERS[i]!);
        const sources = (['text', 'entry', 'guide'] as const).filter((source) =>
          names.some((name) => SOURCE_OF[name] === source),
        );
        const ranks = Object.fromEntries(names.map((name) => [name, placeOf(name, item.id) ?? 0]));
        verses.push({ ref: item.id, score: item.score, sources, ranks, ...(hit ? { hit } : {}), ...r.marks(item.id) });
      }
      return {
        verses,
        entries: r.entries,
        ranked: r.shape,
        ...(r.focus ? { focus: r.focus } : {}),
        ...(r.named ? { named: r.named } : {}),
      };
    },

    async retrieveAnalysed(q, options) {
      const ranked = await retriever.rank(q, options);
      return 'verses' in ranked ? ranked : retriever.fuse(ranked);
    },
  };
  return retriever;
}

/** A verse's hit, several translations of it found: the first, or the reader's own translation's when it comes. */
function keepReadersHit(hitOf: Map<string, PassageHit>, ref: string, hit: PassageHit, own: ReadonlySet<string>) {
  const seen = hitOf.get(ref);
  if (!seen || (!own.has(seen.translation ?? '') && own.has(hit.translation ?? ''))) hitOf.set(ref, hit);
}

function joinWords(...parts: (string | undefined)[]): string | undefined {
  const joined = parts.filter(Boolean).join(' ').trim();
  return joined || undefined;
}

/** "naves-topical:speaking-evil" → "Speaking Evil" (a redirect target's title, until its own is read). */
function titleOfSlug(id: string): string {
  const name = id.slice(id.indexOf(':') + 1).replace(/-/g, ' ');
  return name.replace(/\b\p{L}/gu, (c) => c.toUpperCase());
}
