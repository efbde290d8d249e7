// Runs the gold questions against a passage index the way the app asks it, and records what came back.
import { performance } from 'node:perf_hooks';
import { parseVerseKey, verseKey } from '../../scripture/usfm.ts';
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
    options: { language: GoldQuestion['lang']; tradition: 'protestant'; limit: number },
  ): Promise<{ verses: readonly { ref: string }[] }>;
}

/** Asks every question once through the retriever (protestant reader, default translation) and times each. */
export async function runRetriever(
  retriever: RetrieverUnderTest,
  questions: readonly GoldQuestion[],
  options: { warmUp?: number; onVerses?: (question: GoldQuestion, refs: readonly string[]) => void } = {},
): Promise<QuestionOutcome[]> {
  const ask = (q: GoldQuestion) =>
    retriever.retrieve(q.question, { language: q.lang, tradition: 'protestant', limit: EVAL_K });
  // One untimed question per language first: the reference parser loads a language's book names on first use.
  const firstOfEach = [...new Map(questions.map((q) => [q.lang, q] as const).reverse()).values()];
  for (const question of firstOfEach.slice(0, options.warmUp ?? Infinity)) await ask(question);
  const outcomes: QuestionOutcome[] = [];
  for (const question of questions) {
    const started = performance.now();
    const { verses } = await ask(question);
    const latencyMs = performance.now() - started;
    const refs = verses.map((v) => v.ref);
    options.onVerses?.(question, refs);
    outcomes.push({
      id: question.id,
      lang: question.lang,
      type: question.type,
      gold: question.gold,
      retrieved: refs,
      latencyMs,
    });
  }
  return outcomes;
}
