import type { VersificationScheme } from './references.types.ts';

/**
 * How many verses a chapter has in a numbering scheme. In production the counts come from the ingested verses
 * (one query for max(verse) per translation, book and chapter, loaded once per corpus version); `undefined`
 * means the scheme has no such chapter or no data for it.
 */
export interface VerseCounts {
  count(book: string, chapter: number, scheme: VersificationScheme): number | undefined;
}

export interface VerseCountRow {
  scheme: VersificationScheme;
  book: string;
  chapter: number;
  verses: number;
}

/**
 * An in-memory VerseCounts from rows. Several translations share a scheme (kjv, webbe, cuv-*, rv1909 all number
 * the KJV way) and differ by a verse here and there, so the largest count per chapter wins.
 */
export function createVerseCountTable(rows: Iterable<VerseCountRow>): VerseCounts {
  const table = new Map<string, number>();
  for (const row of rows) {
    const key = `${row.scheme}:${row.book}:${row.chapter}`;
    table.set(key, Math.max(table.get(key) ?? 0, row.verses));
  }
  return { count: (book, chapter, scheme) => table.get(`${scheme}:${book}:${chapter}`) };
}
