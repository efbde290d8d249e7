import { dataLines } from '../language/lexicon.ts';
import type { BookCatalogue } from '../scripture/book-names.ts';
import { bookAliases } from '../scripture/references.latin.ts';

/** A book-like name before a chapter and verse that names no book of any Bible: "Hezekiah 3:16", "Ezequías 3,16". */
export interface UnknownBookReference {
  name: string;
  start: number;
  end: number;
  text: string;
}

/**
 * A capitalised name of one or two words (with an ordinal before it, "of" inside it: "2 Hezekiah", "Book of
 * Hezekiah"), then a chapter and a verse ("3:16", "3,16", "3.16"), and an optional range. A chapter alone ("Hezekiah
 * 3") is not enough: too many capitalised words stand before a number. Nor is a name with a period after it (a
 * sentence's end, "Comp. 1:9", Josephus' "Ant. 11:8"), or a comma or period before three digits ("Assyrians
 * 185,000"): a thousand, not a verse.
 */
const BOOK_LIKE = new RegExp(
  "(?<![\\p{L}\\p{N}])((?:[1-4]\\s?)?\\p{Lu}[\\p{L}\\p{M}'’]+(?:\\s+(?:of|de|des|du|del|la|le|of the)\\s+\\p{Lu}[\\p{L}\\p{M}'’]+)?)" +
    '\\s+([1-9]\\d{0,2})(?:\\s*:\\s*[1-9]\\d{0,2}|[.,][1-9]\\d?(?!\\d))(?:\\s*[-–—]\\s*\\d{1,3})?(?![\\p{L}\\p{N}]|[.,:]\\d)',
  'gu',
);

let notBooks: ReadonlySet<string> | undefined;
/** language/lexicon/not-book-names.tsv, lower case. */
function notBookNames(): ReadonlySet<string> {
  notBooks ??= new Set(dataLines('not-book-names.tsv').map(({ cells }) => (cells[1] ?? '').toLowerCase()));
  return notBooks;
}

/**
 * Finds references to books no Bible has. A name that books.json knows in any language (names and abbreviations,
 * "1 Enoch", which the reference parser does not read in Latin script) or book-aliases.tsv lists is a book, and so
 * is any word of
 * not-book-names.tsv (a time, "Verse", Josephus' "Antiquities"); the verifier keeps only those that no reference it
 * read overlaps. Chinese text is not read: an unknown Chinese name cannot be told from prose ("他的家书3:1").
 */
export function createUnknownBookFinder(catalogue: BookCatalogue) {
  const known = new Set<string>();
  const aliases = bookAliases().map((a) => a.name);
  for (const book of catalogue.books) {
    for (const name of [...Object.values(book.names), ...Object.values(book.abbr ?? {}), ...aliases]) {
      if (!name) continue;
      const lower = name.toLowerCase();
      known.add(lower);
      known.add(lower.replace(/^([1-4])\s*/u, '$1 '));
      known.add(lower.replace(/^([1-4])\s*/u, '$1'));
    }
  }
  const bare = (name: string) => name.toLowerCase().replace(/^[1-4]\s?/u, '');
  const names = [...known].map(bare).filter((name) => name.length >= 3);
  /**
   * A name books.json or the lists know, or a misspelling or a cut of one ("Phle", "Exek", "Nehe", "Sam" without its
   * number): a book that exists, written badly, is not a book that does not exist.
   */
  const isKnown = (name: string) => {
    const lower = bare(name);
    if (lower.split(/\s+/u).some((w) => notBookNames().has(w))) return true;
    return names.some((k) => k === lower || (lower.length >= 3 && k.startsWith(lower)) || withinOneEdit(lower, k));
  };
  return function findUnknownBooks(text: string): UnknownBookReference[] {
    if (!/\p{Lu}/u.test(text)) return [];
    const out: UnknownBookReference[] = [];
    for (const m of text.matchAll(BOOK_LIKE)) {
      const name = m[1]!;
      if (isKnown(name)) continue;
      out.push({ name, start: m.index, end: m.index + m[0].length, text: m[0] });
    }
    return out;
  };
}

/** One letter added, dropped, changed, or two side by side swapped. */
function withinOneEdit(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1 || Math.min(a.length, b.length) < 3) return false;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i += 1;
  if (a.length === b.length) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  const [long, short] = a.length > b.length ? [a, b] : [b, a];
  return long.slice(i + 1) === short.slice(i);
}
