import { AppError } from '../http/app-error.ts';
import { createBookCatalogue, type BookCatalogue } from './book-names.ts';
import { createCjkReferenceFinder } from './references.cjk.ts';
import { createLatinReferenceFinder, type LatinVariant } from './references.latin.ts';
import { normalizeReferenceText } from './references.normalize.ts';
import type {
  BibleLanguage,
  BibleReference,
  BookRecord,
  RawMatch,
  ReferenceMatch,
  Tradition,
  VersificationScheme,
} from './references.types.ts';
import { createReferenceValidator, type ReferenceProblem } from './references.validate.ts';
import type { VerseCounts } from './verse-counts.ts';

export interface ReferenceParserOptions {
  /** Verse counts per chapter; without them only books and chapters are checked. */
  verseCounts?: VerseCounts;
}

export interface FindOptions {
  /** The language of the text: its book names win where two languages read an abbreviation differently. */
  language?: BibleLanguage;
  /** Catholic readers' Chinese abbreviations win where they differ (约 = Job, 多 = Tobit, 民 = Judges). */
  tradition?: Tradition;
}

export interface ParseOptions extends FindOptions {
  /** The numbering the reference is written in; 'kjv' unless the reader uses a Catholic or Greek text. */
  scheme?: VersificationScheme;
}

export interface ReferenceParser {
  readonly catalogue: BookCatalogue;
  /** Every reference in a text, one per list item, with offsets into `text`; never throws, never validates. */
  findAll(text: string, options?: FindOptions): ReferenceMatch[];
  /** The references of a reference string ("Rom 8:28, 31; 9:1"), validated; throws AppError otherwise. */
  parse(text: string, options?: ParseOptions): BibleReference[];
  /** What is wrong with a reference in a scheme, if anything. */
  problemOf(reference: BibleReference, scheme?: VersificationScheme): ReferenceProblem | undefined;
}

const LATIN_LETTER = /[A-Za-z\u00C0-\u024F]/;
/** A book-like word followed by a chapter, at the start of a reference string: "Hezekiah 3:1", "希西家书3章". */
const BOOK_LIKE = /^\s*((?:[1-4]\s*)?\p{L}[\p{L}\p{M}'’ ]*?)\.?\s*第?\s*\d+\s*[:.,章篇]/u;

export function createReferenceParser(
  books: readonly BookRecord[],
  options: ReferenceParserOptions = {},
): ReferenceParser {
  const catalogue = createBookCatalogue(books);
  const findCjk = createCjkReferenceFinder(catalogue);
  const findLatin = createLatinReferenceFinder(catalogue);
  const problemOf = createReferenceValidator(catalogue, options.verseCounts);

  function findAll(text: string, find: FindOptions = {}): ReferenceMatch[] {
    const normalized = normalizeReferenceText(text);
    const candidates: Array<RawMatch & { priority: number }> = [];
    const cjkTradition = find.tradition === 'catholic' ? 'catholic' : 'protestant';
    for (const m of findCjk(normalized.text, cjkTradition)) candidates.push({ ...m, priority: 0 });
    if (LATIN_LETTER.test(normalized.text)) {
      latinVariants(find.language).forEach((variant, index) => {
        for (const m of findLatin(normalized.text, variant)) candidates.push({ ...m, priority: index + 1 });
      });
    }
    // Earliest first; at the same start the longer reading, then the preferred language.
    candidates.sort((a, b) => a.start - b.start || b.end - a.end || a.priority - b.priority);
    const kept: Array<RawMatch & { priority: number }> = [];
    for (const m of candidates) {
      const last = kept[kept.length - 1];
      const sameSpan = last && last.start === m.start && last.end === m.end && last.priority === m.priority;
      if (!last || m.start >= last.end || sameSpan) kept.push(m);
    }
    return kept.map((m) => {
      const [start, end] = normalized.toOriginal(m.start, m.end);
      return { reference: psalm151(m.reference), start, end, text: text.slice(start, end) };
    });
  }

  function parse(text: string, parseOptions: ParseOptions = {}): BibleReference[] {
    const matches = findAll(text, parseOptions);
    if (matches.length === 0) {
      const bookLike = BOOK_LIKE.exec(normalizeReferenceText(text).text);
      if (bookLike?.[1]) throw new AppError('unknown_book', [bookLike[1].trim()]);
      throw new AppError('reference_unparsable', [text]);
    }
    const scheme = parseOptions.scheme ?? 'kjv';
    for (const match of matches) {
      const problem = problemOf(match.reference, scheme);
      if (problem) throw new AppError(problem, [match.text]);
    }
    return matches.map((m) => m.reference);
  }

  return {
    catalogue,
    findAll,
    parse,
    problemOf: (reference, scheme = 'kjv') => problemOf(reference, scheme),
  };
}

/**
 * Which npm language packs read a text, preferred first. Each costs a pass over the text (about 100 KB/s), so a
 * known language reads with its own pack and English (dictionary citations are English); the continental comma
 * convention ("Jean 3,16", "Jn 3,16") only when the text is French or Spanish. Chinese text keeps English for embedded "John 3:16".
 */
function latinVariants(language: BibleLanguage | undefined): LatinVariant[] {
  switch (language) {
    case 'en':
      return ['en'];
    case 'es':
      return ['es', 'es-eu', 'en'];
    case 'fr':
      return ['fr', 'fr-eu', 'en'];
    case 'zh-Hans':
    case 'zh-Hant':
      return ['en'];
    default:
      return ['en', 'es', 'fr'];
  }
}

/** Protestant-numbered Psalms stop at 150; "Psalm 151" is the book PS2 in books.json. */
function psalm151(ref: BibleReference): BibleReference {
  if (ref.book !== 'PSA' || ref.chapter !== 151 || ref.endChapter !== undefined) return ref;
  const out: BibleReference = { book: 'PS2', chapter: 1 };
  if (ref.verse !== undefined) out.verse = ref.verse;
  if (ref.endVerse !== undefined) out.endVerse = ref.endVerse;
  return out;
}
