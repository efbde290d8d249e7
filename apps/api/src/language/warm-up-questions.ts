// The warm-up questions (lexicon/warm-up-questions.tsv): one per language, asked once after a start; and the index
// searches made before a corpus version takes requests (lexicon/warm-up-queries.tsv), one per corpus language.
import { chatModeSchema, localeSchema, type ChatMode, type Locale } from '@bible-qa/contract';
import { readTable } from './lexicon.ts';

export const WARM_QUESTIONS: readonly { language: Locale; question: string; mode: ChatMode }[] = readTable(
  'warm-up-questions.tsv',
  ['language', 'mode', 'question'] as const,
).map((row) => {
  const language = localeSchema.safeParse(row.language);
  const mode = chatModeSchema.safeParse(row.mode);
  if (!language.success || !mode.success)
    throw new Error(`${row.file}:${row.line}: no locale or mode "${row.language}", "${row.mode}"`);
  return { language: language.data, question: row.question, mode: mode.data };
});

/** One index search per corpus language, made before a version takes requests. */
export const WARM_QUERIES: readonly string[] = readTable('warm-up-queries.tsv', ['language', 'query'] as const).map(
  (row) => row.query,
);
