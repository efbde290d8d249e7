import type { Tradition } from './references.types.ts';

/**
 * The one canon rule: which books a reader of each tradition has in their Bible. The Bible routes, the index's
 * canon columns, the retriever and the citation verifier all ask here. A book code outside these lists (2 Esdras,
 * the Psalms of Solomon, 1 Enoch) is in no canon.
 */
const PROTESTANT = [
  ...['GEN', 'EXO', 'LEV', 'NUM', 'DEU', 'JOS', 'JDG', 'RUT', '1SA', '2SA', '1KI', '2KI', '1CH', '2CH', 'EZR', 'NEH'],
  ...['EST', 'JOB', 'PSA', 'PRO', 'ECC', 'SNG', 'ISA', 'JER', 'LAM', 'EZK', 'DAN', 'HOS', 'JOL', 'AMO', 'OBA', 'JON'],
  ...['MIC', 'NAM', 'HAB', 'ZEP', 'HAG', 'ZEC', 'MAL'],
  ...['MAT', 'MRK', 'LUK', 'JHN', 'ACT', 'ROM', '1CO', '2CO', 'GAL', 'EPH', 'PHP', 'COL', '1TH', '2TH', '1TI', '2TI'],
  ...['TIT', 'PHM', 'HEB', 'JAS', '1PE', '2PE', '1JN', '2JN', '3JN', 'JUD', 'REV'],
] as const;

/** Tobit, Judith, 1–2 Maccabees, Wisdom, Sirach, Baruch (with the Letter of Jeremiah as its chapter 6) and the Greek
 * parts of Esther and Daniel (the Song of the Three, Susanna, Bel and the Dragon). */
const CATHOLIC_ADDS = ['TOB', 'JDT', 'ESG', 'WIS', 'SIR', 'BAR', 'LJE', '1MA', '2MA', 'S3Y', 'SUS', 'BEL'] as const;
/** 1 Esdras, 3 Maccabees, the Prayer of Manasseh and Psalm 151; 4 Maccabees as an appendix. */
const ORTHODOX_ADDS = ['1ES', 'MAN', 'PS2', '3MA'] as const;
const ORTHODOX_APPENDIX = ['4MA'] as const;

export type CanonStanding = 'canon' | 'appendix';

const CANONS: Record<Tradition, ReadonlyMap<string, CanonStanding>> = {
  protestant: standings(PROTESTANT),
  catholic: standings([...PROTESTANT, ...CATHOLIC_ADDS]),
  orthodox: standings([...PROTESTANT, ...CATHOLIC_ADDS, ...ORTHODOX_ADDS], ORTHODOX_APPENDIX),
};

function standings(books: readonly string[], appendix: readonly string[] = []): ReadonlyMap<string, CanonStanding> {
  return new Map([...books.map((b) => [b, 'canon'] as const), ...appendix.map((b) => [b, 'appendix'] as const)]);
}

/**
 * The order each tradition's Bible prints its books in. A Catholic Bible has Tobit, Judith and Greek Esther after
 * Nehemiah, the Maccabees before Job, Wisdom and Sirach after the Song, Baruch after Lamentations and the Greek
 * parts of Daniel with Daniel; an Orthodox Bible follows the Septuagint (the Prayer of Manasseh after 2 Chronicles,
 * 1 Esdras before Ezra, Psalm 151 after the Psalter, the Twelve before Isaiah, 4 Maccabees as the Old Testament's
 * appendix). The chapter reader's previous and next chapters and /bible/books follow it.
 */
const [HISTORY, POETRY, TWELVE, NEW_TESTAMENT] = [
  PROTESTANT.slice(0, PROTESTANT.indexOf('EST')),
  ['JOB', 'PSA', 'PRO', 'ECC', 'SNG'],
  PROTESTANT.slice(PROTESTANT.indexOf('HOS'), PROTESTANT.indexOf('MAT')),
  PROTESTANT.slice(PROTESTANT.indexOf('MAT')),
] as const;
const ORDERS: Record<Tradition, readonly string[]> = {
  protestant: PROTESTANT,
  catholic: [
    ...HISTORY,
    ...['TOB', 'JDT', 'EST', 'ESG', '1MA', '2MA'],
    ...POETRY,
    ...['WIS', 'SIR', 'ISA', 'JER', 'LAM', 'BAR', 'LJE', 'EZK', 'DAN', 'S3Y', 'SUS', 'BEL'],
    ...TWELVE,
    ...NEW_TESTAMENT,
  ],
  orthodox: [
    ...HISTORY.slice(0, HISTORY.indexOf('EZR')),
    ...['MAN', '1ES', 'EZR', 'NEH', 'TOB', 'JDT', 'EST', 'ESG', '1MA', '2MA', '3MA'],
    ...['PSA', 'PS2', 'JOB', 'PRO', 'ECC', 'SNG', 'WIS', 'SIR'],
    ...TWELVE,
    ...['ISA', 'JER', 'BAR', 'LAM', 'LJE', 'EZK', 'DAN', 'S3Y', 'SUS', 'BEL', '4MA'],
    ...NEW_TESTAMENT,
  ],
};
/** The books of a tradition's Bible in its printed order (appendix included). */
export function canonOrder(tradition: Tradition): readonly string[] {
  return ORDERS[tradition];
}

export const TRADITIONS_OF_CANON: readonly Tradition[] = ['protestant', 'catholic', 'orthodox'];

/** How a book stands in a tradition's Bible: part of it, printed as an appendix, or absent (undefined). */
export function canonStanding(book: string, tradition: Tradition): CanonStanding | undefined {
  return CANONS[tradition].get(book);
}

/** Is the book in the reader's Bible (an appendix counts: Orthodox readers read 4 Maccabees)? */
export function inCanon(book: string, tradition: Tradition): boolean {
  return CANONS[tradition].has(book);
}

/** The traditions whose Bible holds a book (the search index stores one column per tradition). */
export function canonsOf(book: string): Tradition[] {
  return TRADITIONS_OF_CANON.filter((t) => inCanon(book, t));
}

/**
 * The books that tell events (the Law, the histories, Jonah and Daniel, the Gospels and Acts, and the
 * deuterocanon's stories): where a question of fact about a story finds the account, not an allusion to it.
 */
const NARRATIVE: ReadonlySet<string> = new Set([
  ...['GEN', 'EXO', 'LEV', 'NUM', 'DEU', 'JOS', 'JDG', 'RUT', '1SA', '2SA', '1KI', '2KI', '1CH', '2CH', 'EZR', 'NEH'],
  ...['EST', 'JON', 'DAN', 'MAT', 'MRK', 'LUK', 'JHN', 'ACT'],
  ...['TOB', 'JDT', 'ESG', '1MA', '2MA', '3MA', '1ES', 'SUS', 'BEL'],
]);

/** Does the book tell events (a story's account) rather than teach, pray or prophesy? */
export function isNarrative(book: string): boolean {
  return NARRATIVE.has(book);
}

const CATHOLIC_PLACES: ReadonlyMap<string, number> = new Map(ORDERS.catholic.map((book, i) => [book, i]));

/** The book's place in the Catholic order (the widest Western one; books outside it come last). */
export function bookPlace(book: string): number {
  return CATHOLIC_PLACES.get(book) ?? ORDERS.catholic.length;
}
