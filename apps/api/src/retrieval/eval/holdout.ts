// The held-out part of the gold set: 20 of the 69 questions, kept out of every tuning run and evaluated only to
// report. Chosen once, before any retriever work, by language quota (zh-Hans 7, zh-Hant 3, en 4, es 3, fr 3, about
// 29 % of each language): the ids of each language sorted by the SHA-256 hex digest of the id, the first ones taken.
import type { GoldQuestion } from './gold-set.ts';

export const HOLDOUT_IDS: ReadonlySet<string> = new Set([
  'zh-hans-03',
  'zh-hans-07',
  'zh-hans-11',
  'zh-hans-15',
  'zh-hans-16',
  'zh-hans-17',
  'zh-hans-22',
  'zh-hant-05',
  'zh-hant-08',
  'zh-hant-10',
  'en-07',
  'en-09',
  'en-10',
  'en-14',
  'es-01',
  'es-07',
  'es-09',
  'fr-04',
  'fr-06',
  'fr-08',
]);

export type GoldSplit = 'train' | 'holdout' | 'all';

export function goldSplit(questions: readonly GoldQuestion[], split: GoldSplit): GoldQuestion[] {
  if (split === 'all') return [...questions];
  return questions.filter((q) => HOLDOUT_IDS.has(q.id) === (split === 'holdout'));
}
