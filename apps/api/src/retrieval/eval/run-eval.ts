// Runs the gold questions against a passage index the way the app asks it, and records what came back.
import { performance } from 'node:perf_hooks';
import { TRANSLATION_SCHEMES, toScheme } from '../../bible/versification.ts';
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

const VERSE = /^([A-Z0-9]{3})\.(\d+)\.(\d+)$/;

/**
 * The hit's verse in KJV numbering, the numbering of the gold set: Catholic, Hebrew-numbered and Septuagint
 * translations number the Psalms differently (KJV Psalm 23 is Psalm 22 in the DRC).
 */
export function kjvRef(hit: Pick<PassageHit, 'ref' | 'translation'>): string | undefined {
  const ref = hit.ref;
  if (!ref) return undefined;
  const scheme = hit.translation ? TRANSLATION_SCHEMES[hit.translation] : undefined;
  const match = VERSE.exec(ref);
  if (!scheme || scheme === 'kjv' || !match) return ref;
  const [, book, chapter, verse] = match as unknown as [string, string, string, string];
  const mapped = toScheme({ book, chapter: Number(chapter), verse: Number(verse) }, scheme, 'kjv');
  return mapped.verse === undefined ? ref : `${mapped.book}.${mapped.chapter}.${mapped.verse}`;
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
