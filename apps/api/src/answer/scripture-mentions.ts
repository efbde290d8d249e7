import type { FindOptions, ReferenceParser } from '../scripture/references.parser.ts';

/** A book or passage a text names: the book's code and the words that named it. */
export interface Mention {
  book: string;
  text: string;
  /** A reference with a chapter (诗篇23篇, John 3:16), not a bare book name. */
  passage: boolean;
}

/** English book names that are also everyday words: only their capitalised form names the book. */
const EVERYDAY_WORDS = new Set(['job', 'mark', 'acts', 'numbers', 'judges', 'ruth', 'amos', 'daniel', 'john', 'james']);

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Finds the books and passages a text names. The parser finds references with a chapter; a bare book name
 * ("箴言主要讲了什么？", "What is Proverbs about?") is matched against the corpus's full book names here.
 */
export function createScriptureFinder(parser: ReferenceParser) {
  const han = parser.catalogue.cjkNames
    .filter((n) => n.kind === 'name' && n.name.length >= 2)
    .sort((a, b) => b.name.length - a.name.length);
  const hanPattern = han.length ? new RegExp(han.map((n) => escape(n.name)).join('|'), 'gu') : undefined;
  const hanBook = new Map(han.map((n) => [n.name, n.protestant]));
  const latin = new Map<string, string>();
  for (const book of parser.catalogue.books) {
    for (const lang of ['en', 'es', 'fr'] as const) {
      const name = book.names[lang];
      if (name && name.length >= 3) latin.set(name.toLowerCase(), book.code);
    }
  }
  const latinNames = [...latin.keys()].sort((a, b) => b.length - a.length);
  const latinPattern = new RegExp(
    `(?<![\\p{L}\\p{N}])(?:${latinNames.map(escape).join('|')})(?![\\p{L}\\p{N}])`,
    'giu',
  );

  /** Every mention, in the order they appear. */
  function all(text: string, options: FindOptions = {}): Mention[] {
    const found: (Mention & { at: number })[] = parser
      .findAll(text, options)
      .map((m) => ({ book: m.reference.book, text: m.text, passage: true, at: m.start }));
    const covered = (at: number) => found.some((f) => f.passage && at >= f.at && at < f.at + f.text.length);
    for (const m of hanPattern ? text.matchAll(hanPattern) : []) {
      const book = hanBook.get(m[0]);
      if (book && !covered(m.index)) found.push({ book, text: m[0], passage: false, at: m.index });
    }
    for (const m of text.matchAll(latinPattern)) {
      const word = m[0];
      if (EVERYDAY_WORDS.has(word.toLowerCase()) && word[0] === word[0]!.toLowerCase()) continue;
      const book = latin.get(word.toLowerCase());
      if (book && !covered(m.index)) found.push({ book, text: word, passage: false, at: m.index });
    }
    return found.sort((a, b) => a.at - b.at).map(({ book, text: words, passage }) => ({ book, text: words, passage }));
  }

  return {
    all,
    mentions: (text: string) => all(text).length > 0,
  };
}
export type ScriptureFinder = ReturnType<typeof createScriptureFinder>;
