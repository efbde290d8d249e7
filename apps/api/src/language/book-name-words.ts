// Book names that are also everyday words or first names (job, mark, Judas), and the cues before a name that say a
// book is meant ("the book of job"): lexicon/book-name-words.tsv, read once, for question/mentions.ts.
import { readTable } from './lexicon.ts';

const RULES = ['everyday', 'person', 'cue'] as const;
type Rule = (typeof RULES)[number];

/** The lines of the table, each rule checked and each word in lower case. */
export function bookNameWordRows() {
  const rows = readTable('book-name-words.tsv', ['rule', 'language', 'word', 'example'] as const);
  for (const row of rows) {
    if (!(RULES as readonly string[]).includes(row.rule))
      throw new Error(`${row.file}:${row.line}: no rule ${row.rule}`);
    if (row.word !== row.word.toLowerCase())
      throw new Error(`${row.file}:${row.line}: a word is written in lower case`);
  }
  return rows;
}

const rows = bookNameWordRows();
const wordsOf = (rule: Rule) => rows.filter((row) => row.rule === rule).map((row) => row.word);

/** English book names that are everyday words: only their capitalised form names the book, unless cued. */
export const EVERYDAY_BOOK_NAMES: ReadonlySet<string> = new Set(wordsOf('everyday'));
/** Book names that are first a person's name, whatever the case: a book only when cued. */
export const PERSON_BOOK_NAMES: ReadonlySet<string> = new Set(wordsOf('person'));
/**
 * A cue at the end of a text (the few characters before a name): a book is meant. A cue starts a word, accented
 * letters counting as letters (`\b` knows only ASCII ones: "l'épître de" was missed).
 */
export const BOOK_CUE = new RegExp(`(?<![\\p{Script=Latin}\\p{N}])(?:${wordsOf('cue').join('|')})\\s+$`, 'iu');
