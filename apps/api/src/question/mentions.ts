// The one finder of the books and passages a text names (decision 0037): the question's analysis, the intent and the
// follow-up resolution all ask it, so "my job" is a job for every one of them, and "the Book of Job" is Job.
import type { FindOptions, ReferenceParser } from '../scripture/references.parser.ts';
import { EVERYDAY_BOOK_NAMES, PERSON_BOOK_NAMES, cuedAt } from '../language/book-name-words.ts';
import { escapeRegExp } from '../language/lexicon.ts';

/** A book or passage a text names: the book's code, the words that named it and where they stand. */
export interface Mention {
  book: string;
  text: string;
  /** A reference with a chapter (诗篇23篇, John 3:16), not a bare book name. */
  passage: boolean;
  /** Where the words stand in the text (UTF-16 offsets). */
  at: number;
  end: number;
}

/**
 * Finds the books and passages a text names. The parser finds references with a chapter; a bare book name
 * ("箴言主要讲了什么？", "What is Proverbs about?") is matched against the corpus's full book names here.
 */
export function createScriptureFinder(parser: ReferenceParser) {
  const han = parser.catalogue.cjkNames
    .filter((n) => n.kind === 'name' && n.name.length >= 2)
    .sort((a, b) => b.name.length - a.name.length);
  const hanPattern = han.length ? new RegExp(han.map((n) => escapeRegExp(n.name)).join('|'), 'gu') : undefined;
  const hanBook = new Map(han.map((n) => [n.name, n.protestant]));
  /** Latin-script book names of some languages, longest first, as one pattern. */
  function latinOf(langs: readonly ('en' | 'es' | 'fr')[]) {
    const names = new Map<string, string>();
    for (const book of parser.catalogue.books) {
      for (const lang of langs) {
        const name = book.names[lang];
        if (name && name.length >= 3) names.set(name.toLowerCase(), book.code);
      }
    }
    const sorted = [...names.keys()].sort((a, b) => b.length - a.length);
    const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(?:${sorted.map(escapeRegExp).join('|')})(?![\\p{L}\\p{N}])`, 'giu');
    return { names, pattern };
  }
  // A reader's own language names its books ("Judas" is Jude only in Spanish); a Chinese reader may write English
  // names; a text of no known language is read in all three.
  const LATIN_OF = {
    en: latinOf(['en']),
    es: latinOf(['es']),
    fr: latinOf(['fr']),
    zh: latinOf(['en']),
    any: latinOf(['en', 'es', 'fr']),
  };

  /** Every mention, in the order they appear. */
  function all(text: string, options: FindOptions = {}): Mention[] {
    const found: Mention[] = parser
      .findAll(text, options)
      .map((m) => ({ book: m.reference.book, text: m.text, passage: true, at: m.start, end: m.end }));
    const covered = (at: number) => found.some((f) => f.passage && at >= f.at && at < f.end);
    for (const m of hanPattern ? text.matchAll(hanPattern) : []) {
      const book = hanBook.get(m[0]);
      if (book && !covered(m.index))
        found.push({ book, text: m[0], passage: false, at: m.index, end: m.index + m[0].length });
    }
    const language = options.language;
    const latin =
      language === 'en' || language === 'es' || language === 'fr'
        ? LATIN_OF[language]
        : language
          ? LATIN_OF.zh
          : LATIN_OF.any;
    for (const m of text.matchAll(latin.pattern)) {
      const word = m[0];
      const lower = word.toLowerCase();
      const cued = cuedAt(text, m.index);
      // A book name that is an everyday word ("my job") names the book capitalised or cued ("the book of job"); one
      // that is first a person's name ("Judas") only cued (language/lexicon/book-name-words.tsv).
      const everyday = EVERYDAY_BOOK_NAMES.has(lower) && word[0] === word[0]!.toLowerCase();
      if ((everyday || PERSON_BOOK_NAMES.has(lower)) && !cued) continue;
      const book = latin.names.get(lower);
      if (book && !covered(m.index))
        found.push({ book, text: word, passage: false, at: m.index, end: m.index + word.length });
    }
    return found.sort((a, b) => a.at - b.at);
  }

  return {
    all,
    mentions: (text: string) => all(text).length > 0,
  };
}
export type ScriptureFinder = ReturnType<typeof createScriptureFinder>;
