import type { BookCatalogue } from '../scripture/book-names.ts';
import { escapeRegExp } from '../language/lexicon.ts';

/** Abbreviations of one-chapter books that books.json does not list but writers use. */
const EXTRA_NAMES: Record<string, string[]> = {
  PHM: ['Philem', 'Phm', 'Filem'],
  OBA: ['Obad', 'Abd'],
  '2JN': ['2 Jn', 'II John'],
  '3JN': ['3 Jn', 'III John'],
};

/** A reference to a one-chapter book written with another chapter: no such verse. */
export interface OneChapterSlip {
  book: string;
  start: number;
  end: number;
  text: string;
}

/**
 * Finds references like "Jude 2:1", "Philemon 2:3", "3 John 2:1", "Judas 2:1", "Philémon 2,3" in Latin script.
 * Jude, Philemon, Obadiah and 2–3 John have one chapter, so a chapter other than 1 names no verse; the general
 * parser drops such text (English, Spanish), or reads it as two verses ("Jude 2" and "1") or another book
 * ("John 2:1" inside "3 John 2:1") in French. Chinese references are read with their chapter and checked there.
 */
export function createOneChapterFinder(catalogue: BookCatalogue) {
  const names = new Map<string, string>();
  for (const book of catalogue.books) {
    if (book.chapters !== 1 || (book.chaptersCatholic ?? 1) !== 1 || book.code === 'PS2') continue;
    const spellings = [book.names.en, book.names.es, book.names.fr, book.abbr?.en, book.abbr?.osis];
    for (const name of [...spellings, ...(EXTRA_NAMES[book.code] ?? [])]) {
      if (!name) continue;
      names.set(name.toLowerCase(), book.code);
      // "3 John" is also written "3John"; "3John" also "3 John".
      const numbered = /^([1-3])\s*(\S.*)$/.exec(name);
      if (numbered) {
        names.set(`${numbered[1]} ${numbered[2]}`.toLowerCase(), book.code);
        names.set(`${numbered[1]}${numbered[2]}`.toLowerCase(), book.code);
      }
    }
  }
  const alternatives = [...names.keys()].sort((a, b) => b.length - a.length).map(escapeRegExp);
  // A chapter and verse: "2:1", "2 : 1", "2,1" and "2.1" (the comma and period without spaces: "Philemon 2, 3" is two
  // verses). An optional range after it.
  const pattern = new RegExp(
    `(?<![\\p{L}\\p{N}])(${alternatives.join('|')})\\.?\\s*(\\d+)(?:\\s*:\\s*|[.,])(\\d+)(?:\\s*[-–—]\\s*\\d+(?:(?:\\s*:\\s*|[.,])\\d+)?)?(?![\\p{L}\\p{N}])`,
    'giu',
  );

  return function findSlips(text: string): OneChapterSlip[] {
    if (alternatives.length === 0) return [];
    const out: OneChapterSlip[] = [];
    for (const m of text.matchAll(pattern)) {
      if (Number(m[2]) === 1) continue;
      const book = names.get(m[1]!.toLowerCase());
      if (!book) continue;
      out.push({ book, start: m.index, end: m.index + m[0].length, text: m[0] });
    }
    return out;
  };
}
