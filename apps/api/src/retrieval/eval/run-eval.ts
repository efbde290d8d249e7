// Runs the gold questions against a passage index the way the app asks it, and records what came back.
import { performance } from 'node:perf_hooks';
import { parseUsfm, parseVerseKey, verseKey } from '../../scripture/usfm.ts';
import { TRANSLATION_SCHEMES, toScheme } from '../../scripture/versification.ts';
import type { PassageHit, PassageIndex, PassageQuery } from '../passage-index.ts';
import type { GoldQuestion } from './gold-set.ts';
import type { QuestionOutcome } from './recall.ts';

export const EVAL_K = 10;

export interface EvalConfiguration {
  name: string;
  description: string;
  query(question: GoldQuestion): PassageQuery;
}

export const CONFIGURATIONS: readonly EvalConfiguration[] = [
  {
    name: 'lang',
    description: "lang = the question's language, kinds [verse], limit 10 (as the app asks)",
    query: (q) => ({ query: q.question, lang: q.lang, kinds: ['verse'], limit: EVAL_K }),
  },
  {
    name: 'no-lang',
    description: 'no lang filter, kinds [verse], limit 10',
    query: (q) => ({ query: q.question, kinds: ['verse'], limit: EVAL_K }),
  },
];

/**
 * The hit's verse in KJV numbering, the numbering of the gold set: Catholic, Hebrew-numbered and Septuagint
 * translations number the Psalms differently (KJV Psalm 23 is Psalm 22 in the DRC).
 */
export function kjvRef(hit: Pick<PassageHit, 'ref' | 'translation'>): string | undefined {
  const ref = hit.ref;
  if (!ref) return undefined;
  const scheme = hit.translation ? TRANSLATION_SCHEMES[hit.translation] : undefined;
  const verse = parseVerseKey(ref);
  if (!scheme || scheme === 'kjv' || !verse) return ref;
  const mapped = toScheme(verse, scheme, 'kjv');
  return mapped.verse === undefined ? ref : verseKey(mapped.book, mapped.chapter, mapped.verse);
}

export interface RunOptions {
  /** Untimed queries run first, so the latency figures leave out one-off loading (default 1). */
  warmUp?: number;
  onHits?: (question: GoldQuestion, hits: readonly PassageHit[]) => void;
}

/** Asks every question once, in order, and times each search. */
export async function runConfiguration(
  index: PassageIndex,
  questions: readonly GoldQuestion[],
  configuration: EvalConfiguration,
  options: RunOptions = {},
): Promise<QuestionOutcome[]> {
  for (const question of questions.slice(0, options.warmUp ?? 1)) await index.search(configuration.query(question));
  const outcomes: QuestionOutcome[] = [];
  for (const question of questions) {
    const started = performance.now();
    const hits = await index.search(configuration.query(question));
    const latencyMs = performance.now() - started;
    options.onHits?.(question, hits);
    outcomes.push({
      id: question.id,
      lang: question.lang,
      type: question.type,
      gold: question.gold,
      retrieved: hits.map(kjvRef),
      latencyMs,
    });
  }
  return outcomes;
}

/** The answer engine's path: what `retrieve` asks of the retriever for a question of the gold set. */
export interface RetrieverUnderTest {
  retrieve(
    question: string,
    options: { language: GoldQuestion['lang']; tradition: GoldQuestion['tradition']; limit: number },
  ): Promise<{ verses: readonly { ref: string }[] }>;
}

/** Asks every question once through the retriever (the question's reader, default translation) and times each. */
export async function runRetriever(
  retriever: RetrieverUnderTest,
  questions: readonly GoldQuestion[],
  options: { warmUp?: number } = {},
): Promise<QuestionOutcome[]> {
  return runPath(
    questions,
    async (q) => {
      const { verses } = await retriever.retrieve(q.question, {
        language: q.lang,
        tradition: q.tradition,
        limit: EVAL_K,
      });
      return verses.map((v) => v.ref);
    },
    options,
  );
}

/**
 * Asks every question once through one path (search route, answer, retriever), in order, and times each. One
 * untimed question per language first: the reference parser loads a language's book names on first use.
 */
export async function runPath(
  questions: readonly GoldQuestion[],
  ask: (question: GoldQuestion) => Promise<readonly (string | undefined)[]>,
  options: { warmUp?: number } = {},
): Promise<QuestionOutcome[]> {
  const firstOfEach = [...new Map(questions.map((q) => [q.lang, q] as const).reverse()).values()];
  for (const question of firstOfEach.slice(0, options.warmUp ?? Infinity)) await ask(question);
  const outcomes: QuestionOutcome[] = [];
  for (const question of questions) {
    const started = performance.now();
    const retrieved = await ask(question);
    outcomes.push({
      id: question.id,
      lang: question.lang,
      type: question.type,
      gold: question.gold,
      retrieved,
      latencyMs: performance.now() - started,
    });
  }
  return outcomes;
}

/**
 * A reference as ranked verses: a range within one chapter becomes its verses (so recall counts verses, as for
 * search hits); a whole chapter or a range over chapters stays one reference, matched by overlap.
 */
export function versesOf(reference: string): string[] {
  const ref = parseUsfm(reference);
  const { verse: first, endVerse: last } = ref ?? {};
  if (!ref || first === undefined || last === undefined || ref.endChapter !== undefined || last < first) {
    return [reference];
  }
  return Array.from({ length: last - first + 1 }, (_, i) => verseKey(ref.book, ref.chapter, first + i));
}

/**
 * What the search route answered, as ranked verses: the passage of an explicit reference first, then the hits. The
 * route's verse hits are already in KJV numbering, whatever the translation (their title names the verse in its own:
 * "Psaumes 22:1 (23:1)"), like every reference the app links; mapping them again moved an Orthodox reader's Psalm 23
 * to Psalm 24 here.
 */
export function searchRanking(result: {
  passage: { reference: string } | null;
  hits: readonly { ref: string | null }[];
}): (string | undefined)[] {
  const hits = result.hits.map((h) => h.ref ?? undefined);
  return [...(result.passage ? versesOf(result.passage.reference) : []), ...hits];
}

/** What an answer cites, as ranked verses: its linked citations in order of appearance. */
export function citedRanking(citations: readonly { status: string; reference: string | null }[]): string[] {
  return citations.flatMap((c) => (c.status === 'linked' && c.reference ? versesOf(c.reference) : []));
}
