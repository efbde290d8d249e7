import type { BibleReference } from './references.types.ts';

/**
 * The one reading and writing of the corpus's reference form: `BOOK.C.V` for a verse, `BOOK.C.V-BOOK.C.V` for a
 * range (and `BOOK.C`, `BOOK.C-BOOK.C` for whole chapters). Every other place asks here instead of its own regex.
 */
const BOOK = '[1-4A-Z][A-Z0-9]{2}';
const POINT = `(${BOOK})\\.(\\d+)(?:\\.(\\d+))?`;
const REFERENCE = new RegExp(`^${POINT}(?:-${POINT})?$`);

/** A USFM book code (JHN, 1MA, PS2). */
export const USFM_BOOK = new RegExp(`^${BOOK}$`);
/** A verse or a verse range, the form the corpus's records use. */
export const USFM_VERSE_OR_RANGE = new RegExp(`^${BOOK}\\.\\d+\\.\\d+(?:-${BOOK}\\.\\d+\\.\\d+)?$`);

export interface VerseKey {
  book: string;
  chapter: number;
  verse: number;
}

/**
 * "JHN.3.16", "JHN.3.16-JHN.3.18", "PSA.23", "GEN.1-GEN.3", "JHN.3.16-JHN.4" → a reference; undefined when it is not that form. A
 * range into another book keeps only its start (the corpus never writes one; a reference spans one book).
 */
export function parseUsfm(value: string): BibleReference | undefined {
  const m = REFERENCE.exec(value);
  if (!m) return undefined;
  const [, book = '', c1 = '', v1, book2, c2, v2] = m;
  const ref: BibleReference = { book, chapter: Number(c1) };
  if (v1 !== undefined) ref.verse = Number(v1);
  if (book2 !== book || c2 === undefined || (v1 === undefined && v2 !== undefined)) return ref;
  // "JHN.3.16-JHN.4" runs from a verse to the end of a chapter (John 3:16ff).
  if (Number(c2) !== ref.chapter || (v1 !== undefined && v2 === undefined)) ref.endChapter = Number(c2);
  if (v2 !== undefined) ref.endVerse = Number(v2);
  return ref;
}

/** One verse ("JHN.3.16"); a range or a chapter is not a verse key. */
export function parseVerseKey(value: string): VerseKey | undefined {
  const ref = parseUsfm(value);
  if (!ref || ref.verse === undefined || ref.endChapter !== undefined || ref.endVerse !== undefined) return undefined;
  return { book: ref.book, chapter: ref.chapter, verse: ref.verse };
}

/** The first verse of a verse or range ("GEN.1.1-GEN.1.3" → GEN 1:1), verse 0 for a whole chapter. */
export function startOfUsfm(value: string): VerseKey | undefined {
  const ref = parseUsfm(value);
  return ref ? { book: ref.book, chapter: ref.chapter, verse: ref.verse ?? 0 } : undefined;
}

export function verseKey(book: string, chapter: number, verse: number): string {
  return `${book}.${chapter}.${verse}`;
}

/** A reference in the corpus's form: "JHN.3.16", "JHN.3.16-JHN.3.18", "JHN.3.16-JHN.4.2", "PSA.23". */
export function formatUsfm(ref: BibleReference): string {
  const start = `${ref.book}.${ref.chapter}${ref.verse !== undefined ? `.${ref.verse}` : ''}`;
  if (ref.endChapter === undefined && ref.endVerse === undefined) return start;
  const endChapter = ref.endChapter ?? ref.chapter;
  const end = `${ref.book}.${endChapter}${ref.endVerse !== undefined ? `.${ref.endVerse}` : ''}`;
  return end === start ? start : `${start}-${end}`;
}

/** A reference as one book's run of ordered points (chapter × 1000 + verse; a whole chapter runs from 0 to 999). */
export interface UsfmSpan {
  book: string;
  from: number;
  to: number;
}

const point = (chapter: number, verse: number) => chapter * 1000 + verse;

/** 'JHN.3.16', 'JHN.3.16-JHN.3.18', 'JHN.3.16-JHN.4.2', 'PSA.23', 'GEN.1-GEN.3' → a span; undefined otherwise. */
export function usfmSpan(reference: string): UsfmSpan | undefined {
  const ref = parseUsfm(reference);
  // A range into another book is no span of one book.
  if (!ref || (reference.includes('-') && ref.endChapter === undefined && ref.endVerse === undefined)) return undefined;
  const from = point(ref.chapter, ref.verse ?? 0);
  const single = ref.endChapter === undefined && ref.endVerse === undefined;
  const to = point(ref.endChapter ?? ref.chapter, ref.endVerse ?? (single ? (ref.verse ?? 999) : 999));
  return { book: ref.book, from, to };
}

/** Do two references share a verse? */
export function usfmOverlap(a: string, b: string): boolean {
  const x = usfmSpan(a);
  const y = usfmSpan(b);
  return Boolean(x && y && x.book === y.book && x.from <= y.to && y.from <= x.to);
}
