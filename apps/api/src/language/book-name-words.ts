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

/** Whether a cue stands right before the word at `at` of `text` ("the book of job"): a book is meant. */
export function cuedAt(text: string, at: number): boolean {
  return BOOK_CUE.test(text.slice(Math.max(0, at - 16), at));
}

/**
 * What the everyday words that are also a person's or book's name are searched as (lexicon/everyday-senses.tsv):
 * "job" in lower case and uncued is work, not Job.
 */
export function everydaySenseRows() {
  const senses = readTable('everyday-senses.tsv', ['language', 'word', 'searched', 'example'] as const);
  for (const row of senses) {
    if (!EVERYDAY_BOOK_NAMES.has(row.word))
      throw new Error(`${row.file}:${row.line}: ${row.word} is not an everyday word of book-name-words.tsv`);
  }
  return senses;
}
const senseRows = everydaySenseRows();
const SENSES = new Map(senseRows.map((row) => [`${row.language}:${row.word}`, row.searched]));
const SENSE_WORD = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:${[...new Set(senseRows.map((row) => row.word))].join('|')})(?![\\p{L}\\p{N}])`,
  'gu',
);

/**
 * A question with each everyday word that is also a name put in its everyday sense for searching ("lost his job" →
 * "lost his work"): only in lower case and with no cue before it, as question/mentions.ts reads a book.
 */
export function inEverydaySense(text: string, language: string): string {
  return text.replace(SENSE_WORD, (word, at: number) => {
    const searched = SENSES.get(`${language}:${word}`);
    return searched && !cuedAt(text, at) ? searched : word;
  });
}
