import { bcv_parser } from 'bible-passage-reference-parser';
import * as en from 'bible-passage-reference-parser/esm/lang/en.js';
import * as es from 'bible-passage-reference-parser/esm/lang/es.js';
import * as fr from 'bible-passage-reference-parser/esm/lang/fr.js';
import { dataLines, escapeRegExp } from '../language/lexicon.ts';
import type { BookCatalogue } from './book-names.ts';
import { canonicalReference } from './references.canonical.ts';
import type { BibleReference, LatinLanguage, RawMatch } from './references.types.ts';

/**
 * `fr-eu` and `es-eu` read the continental convention "Jean 3,16", "Jn 3,16" (comma between chapter and verse,
 * period between verses), which French and Spanish Bibles print beside the colon.
 */
export type LatinVariant = LatinLanguage | 'fr-eu' | 'es-eu';

const LANGUAGE_MODULES = { en, es, fr, 'fr-eu': fr, 'es-eu': es } as const;
const EU_VARIANTS: Partial<Record<LatinVariant, LatinLanguage>> = { 'fr-eu': 'fr', 'es-eu': 'es' };

/**
 * Parser options: one passage per list item with its own offsets, no existence checks (the validator checks
 * against the real verse counts, so "John 99:1" comes back to be reported rather than silently dropped), the
 * deuterocanon on, Psalm 151 as its own book, and "Jude 5" as a verse.
 */
const OPTIONS = {
  osis_compaction_strategy: 'bcv',
  sequence_combination_strategy: 'separate',
  consecutive_combination_strategy: 'separate',
  passage_existence_strategy: 'b',
  invalid_passage_strategy: 'ignore',
  testaments: 'ona',
  ps151_strategy: 'b',
  single_chapter_1_strategy: 'verse',
  zero_chapter_strategy: 'error',
  zero_verse_strategy: 'allow',
} as const;

/** With no chapter or verse validation, the parser writes "to the end of the chapter" as verse 999. */
const OPEN_END = 999;

/**
 * English, Spanish and French references through bible-passage-reference-parser ("Jn 3:16-18", "Rom. 8:28, 31;
 * 9:1", "Juan 3:16", "Jean 3.16", "Wisdom 3:1"). Its OSIS codes are mapped to the USFM codes of books.json.
 */
export function createLatinReferenceFinder(catalogue: BookCatalogue) {
  const parsers = new Map<LatinVariant, bcv_parser>();
  const parserFor = (language: LatinVariant): bcv_parser => {
    let parser = parsers.get(language);
    if (!parser) {
      parser = new bcv_parser(LANGUAGE_MODULES[language]);
      const eu = EU_VARIANTS[language];
      parser.set_options({ ...OPTIONS, punctuation_strategy: eu ? 'eu' : 'us' });
      teachMissingNames(parser, catalogue, eu ?? (language as LatinLanguage));
      parsers.set(language, parser);
    }
    return parser;
  };

  // The verifier reads each new line of a streaming answer with the lines before it: the same windows come back.
  const recent = new Map<string, RawMatch[]>();
  const readWindow = (piece: string, language: LatinVariant): RawMatch[] => {
    const key = `${language}\u0000${piece}`;
    let found = recent.get(key);
    if (found) return found;
    found = [];
    for (const entry of parserFor(language).parse(piece).osis_and_indices()) {
      const [start, end] = entry.indices;
      // A list of books is no reference: "Exode, 2 Chroniques" is not Exodus 2 (a comma never stands between a book
      // and its chapter; "Jean 3,16" has it between chapter and verse).
      if (BOOK_COMMA_NUMBER.test(piece.slice(start, end))) continue;
      for (const osis of entry.osis.split(',')) {
        const reference = fromOsis(osis, catalogue);
        if (reference) found.push({ reference, start, end });
      }
    }
    if (recent.size >= RECENT_WINDOWS) recent.delete(recent.keys().next().value!);
    recent.set(key, found);
    return found;
  };

  return function findLatin(text: string, language: LatinVariant): RawMatch[] {
    return numberWindows(text).flatMap((window) =>
      readWindow(text.slice(window.start, window.end), language).map((m) => ({
        ...m,
        start: m.start + window.start,
        end: m.end + window.start,
      })),
    );
  };
}

/** A book's name, a comma and a bare number: the parser's reading of a list of books ("1 Samuel, 2 Rois"). */
const BOOK_COMMA_NUMBER = /\p{L}\.?\s*,\s*\d+$/u;

/** Windows of text read lately, kept with what they hold (a few hundred bytes each). */
const RECENT_WINDOWS = 2000;

/** A number with what may continue a reference after it: "3:16", "3.16-18, 20", "8:28; 9:1". */
const NUMBERS = /\d[\d\s:.,;\-–—]*/g;
/** Words read before a number: the longest book names ("Première épître aux Corinthiens", "1 Rois") are four. */
const WORDS_BEFORE = 6;
/**
 * What is read after a number's run: closing marks ("(23:1)"), then a word such as "ff", "et", "y", "and" that may
 * join it to the next.
 */
const AFTER = /^[\s)\]»”’"']*\p{L}{0,12}\.?[)\]»”’"']*/u;

/**
 * The parts of a text where a reference can be: every reference holds a number, so each run of numbers with the six
 * words before it (not past a line's start) and the word after it, joined where they touch. Quoted verses and prose
 * between references are not read; the parser's cost grows with the text it reads (a French answer's verification
 * read its quoted verses with some 400 book-name patterns, about 0.3 s an answer).
 */
export function numberWindows(text: string): { start: number; end: number }[] {
  const windows: { start: number; end: number }[] = [];
  for (const m of text.matchAll(NUMBERS)) {
    const lineStart = text.lastIndexOf('\n', m.index) + 1;
    let start = m.index;
    for (let words = 0; words < WORDS_BEFORE && start > lineStart; words += 1) {
      // back over the spaces, then over one word
      while (start > lineStart && /\s/.test(text[start - 1]!)) start -= 1;
      while (start > lineStart && !/\s/.test(text[start - 1]!)) start -= 1;
    }
    let end = m.index + m[0].length;
    end += AFTER.exec(text.slice(end, end + 16))?.[0].length ?? 0;
    const last = windows.at(-1);
    if (last && start <= last.end) last.end = Math.max(last.end, end);
    else windows.push({ start, end });
  }
  return windows;
}

/** books.json's OSIS codes that the npm parser spells otherwise. */
const NPM_OSIS: Record<string, string> = { ESG: 'GkEsth' };

/** Abbreviations the corpus's own reference works use that the npm parser lacks (Easton's "Cant. 4:8"). */
const EXTRA_SPELLINGS: Partial<Record<LatinLanguage, Record<string, string[]>>> = {
  en: { SNG: ['Canticles', 'Cant'] },
};

let aliases: readonly { language: string; name: string; book: string }[] | undefined;
/** Other names of books (the Douay-Rheims "Isaias", Spanish "Stgo"): language/lexicon/book-aliases.tsv, read once. */
export function bookAliases(): readonly { language: string; name: string; book: string }[] {
  aliases ??= dataLines('book-aliases.tsv').map(({ cells: [language = '', name = '', book = ''] }) => ({
    language,
    name,
    book,
  }));
  return aliases;
}

/**
 * books.json is the source of truth for names: a name the npm parser does not read ("Tobías", "Lettre de
 * Jérémie") is added to it, and so are the USFM codes of the 66 books it misses (JOL, NAM, as Nave's writes
 * them), the extra spellings above and the other names of book-aliases.tsv. Books the npm parser has no code for
 * (Psalms of Solomon, 1 Enoch) stay unread in Latin script.
 */
function teachMissingNames(parser: bcv_parser, catalogue: BookCatalogue, language: LatinLanguage): void {
  const other = bookAliases().filter((a) => a.language === language);
  for (const book of catalogue.books) {
    const osis = NPM_OSIS[book.code] ?? book.abbr?.osis;
    if (!osis) continue;
    const spellings = [
      book.names[language],
      ...(EXTRA_SPELLINGS[language]?.[book.code] ?? []),
      ...other.filter((a) => a.book === book.code).map((a) => a.name),
    ];
    if (language === 'en' && book.testament !== 'DC') spellings.push(book.code);
    for (const spelling of spellings) {
      const probe = parser.parse(`${spelling} 1:1`).osis_and_indices()[0];
      if (probe?.osis.startsWith(`${osis}.`) && probe.indices[0] === 0) continue;
      try {
        parser.add_books({ books: [{ osis: [osis], regexp: new RegExp(escapeRegExp(spelling)) }] });
      } catch {
        // The npm parser has no such book (PssSol, 1En): nothing to teach it.
      }
    }
  }
}

/** "John.3.16-John.3.18" → { book: 'JHN', chapter: 3, verse: 16, endVerse: 18 }; ranges across books are skipped. */
export function fromOsis(osis: string, catalogue: BookCatalogue): BibleReference | undefined {
  const [from = '', to = from] = osis.split('-');
  const a = splitOsis(from);
  const b = splitOsis(to);
  if (!a || !b || a.book !== b.book) return undefined;
  const book = catalogue.fromOsis(a.book);
  if (!book) return undefined;
  const wholeChapters = a.verse === 1 && b.verse === OPEN_END;
  const ref: BibleReference = { book, chapter: a.chapter };
  if (wholeChapters) {
    if (b.chapter !== a.chapter) ref.endChapter = b.chapter;
    return canonicalReference(ref);
  }
  ref.verse = a.verse;
  if (b.chapter !== a.chapter || b.verse === OPEN_END) ref.endChapter = b.chapter;
  if (b.verse !== OPEN_END) ref.endVerse = b.verse;
  return canonicalReference(ref);
}

function splitOsis(part: string): { book: string; chapter: number; verse?: number } | undefined {
  const [book, chapter, verse] = part.split('.');
  if (!book || !chapter) return undefined;
  return { book, chapter: Number(chapter), verse: verse === undefined ? undefined : Number(verse) };
}
