// English book names that are also everyday words (job, mark, acts): lexicon/everyday-book-names.en.tsv, read once.
import { readTable } from './lexicon.ts';

/** The words, in lower case: only their capitalised form names the book. */
export const EVERYDAY_BOOK_NAMES: ReadonlySet<string> = new Set(
  readTable('everyday-book-names.en.tsv', ['word', 'example'] as const).map((row) => {
    if (row.word !== row.word.toLowerCase())
      throw new Error(`${row.file}:${row.line}: a word is written in lower case`);
    return row.word;
  }),
);
