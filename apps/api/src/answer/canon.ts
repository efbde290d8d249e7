import type { Tradition } from '../bible/references.types.ts';

/** Books the Catholic canon adds to the 66 (the deuterocanon, with Esther's and Daniel's Greek parts). */
const CATHOLIC_ADDS = ['TOB', 'JDT', 'ESG', 'WIS', 'SIR', 'BAR', 'LJE', '1MA', '2MA', 'S3Y', 'SUS', 'BEL'];
/** Books the Orthodox canon adds to the Catholic one. */
const ORTHODOX_ADDS = ['1ES', 'MAN', 'PS2', '3MA', '4MA'];
const CANON_ADDS: Record<Tradition, ReadonlySet<string>> = {
  protestant: new Set(),
  catholic: new Set(CATHOLIC_ADDS),
  orthodox: new Set([...CATHOLIC_ADDS, ...ORTHODOX_ADDS]),
};

/**
 * Whether a book is scripture for a tradition: the Old and New Testaments for everyone, the deuterocanonical books
 * for Catholic and Orthodox readers. Other books of the corpus (1 Enoch, the Psalms of Solomon) are in no canon.
 * One small rule here until the reference code shares one canon rule.
 */
export function inCanon(book: { code: string; testament: 'OT' | 'NT' | 'DC' }, tradition: Tradition): boolean {
  return book.testament !== 'DC' || CANON_ADDS[tradition].has(book.code);
}

/** Whether any tradition reads the book as scripture. */
export function inAnyCanon(book: { code: string; testament: 'OT' | 'NT' | 'DC' }): boolean {
  return inCanon(book, 'orthodox');
}
