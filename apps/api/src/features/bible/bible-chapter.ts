import type { Chapter, ChapterLink, Translation, TranslationChoice } from '@bible-qa/contract';
import { AppError } from '../../http/app-error.ts';
import { canonOrder, inCanon } from '../../scripture/canon.ts';
import type { ReaderContext } from '../../scripture/reader.ts';
import type { createReferenceFormatter } from '../../scripture/references.format.ts';
import type { BibleReference, BookRecord } from '../../scripture/references.types.ts';
import { defaultTranslation, translationAbbr } from '../../scripture/translation-policy.ts';
import { schemeOf, toScheme } from '../../scripture/versification.ts';

/** What the chapter reader needs of a corpus version. */
export interface ChapterShelf {
  books: ReadonlyMap<string, BookRecord>;
  translations: ReadonlyMap<string, Translation>;
  /** Per translation: `BOOK.C` → its last verse, in the translation's own numbering. */
  chaptersOf: ReadonlyMap<string, ReadonlyMap<string, number>>;
  format: ReferenceFormatter;
  /** A book's name in a language and tradition. */
  name: (code: string, language: ReaderContext['language'], tradition: ReaderContext['tradition']) => string;
}
type ReferenceFormatter = ReturnType<typeof createReferenceFormatter>;

type ReadVerses = (
  translation: string,
  ref: BibleReference,
) => Promise<{ chapter: number; verse: number; text: string }[]>;

/** Esther and Daniel run longer in Catholic and Greek texts (the Greek additions as chapters 11–16 and 13–14). */
const GREEK_ADDITION_BOOKS = new Set(['EST', 'DAN']);

/** Whether a translation holds a reference: its first chapter, and its first verse, exist in the text's numbering. */
export function holds(shelf: ChapterShelf, translation: string, ref: BibleReference): boolean {
  const own = toScheme(ref, 'kjv', schemeOf(translation));
  const last = shelf.chaptersOf.get(translation)?.get(`${own.book}.${own.chapter}`);
  return last !== undefined && (own.verse === undefined || own.verse <= last);
}

/** The translations that hold a reference: the one the reader reads first, then their language, then their tradition. */
export function translationsHolding(shelf: ChapterShelf, ref: BibleReference, reader: ReaderContext): Translation[] {
  const testament = shelf.books.get(ref.book)?.testament ?? 'OT';
  const preferred = defaultTranslation(reader.language, reader.tradition, testament);
  const rank = (t: Translation) =>
    t.id === preferred ? 0 : (t.language === reader.language ? 0 : 2) + (t.tradition === reader.tradition ? 1 : 2);
  return [...shelf.translations.values()]
    .filter((t) => holds(shelf, t.id, ref))
    .sort((a, b) => rank(a) - rank(b) || a.id.localeCompare(b.id));
}

export const choiceOf = (t: Translation): TranslationChoice => ({
  id: t.id,
  name: t.name,
  abbr: translationAbbr(t.id),
  language: t.language,
  tradition: t.tradition,
});

/** The chapters a reader's Bible gives a book (Catholic and Orthodox readers get the Greek chapters of Esther and Daniel). */
function chapterCount(shelf: ChapterShelf, book: BookRecord, reader: ReaderContext): number {
  if (reader.tradition === 'protestant' || !GREEK_ADDITION_BOOKS.has(book.code)) return book.chapters;
  let most = book.chapters;
  for (const chapters of shelf.chaptersOf.values()) {
    for (let c = most + 1; chapters.has(`${book.code}.${c}`); c++) most = c;
  }
  return most;
}

/**
 * The chapters before and after one, in the reader's canon and its printed order, skipping chapters no text of the
 * library holds (Song of the Three is in Daniel 3 of the Catholic texts). A book outside the canon keeps its own.
 */
function neighbours(shelf: ChapterShelf, reader: ReaderContext, book: string, chapter: number) {
  const inBible = canonOrder(reader.tradition).filter((code) => shelf.books.has(code));
  const order = inBible.includes(book) ? inBible : [book];
  const count = (code: string) => chapterCount(shelf, shelf.books.get(code)!, reader);
  const held = (code: string, c: number) =>
    [...shelf.translations.keys()].some((t) => holds(shelf, t, { book: code, chapter: c }));
  const link = (code: string, c: number): ChapterLink => ({
    book: code,
    chapter: c,
    title: shelf.format({ book: code, chapter: c }, { locale: reader.language, tradition: reader.tradition }),
  });
  const step = (direction: 1 | -1): ChapterLink | null => {
    let i = order.indexOf(book);
    let c = chapter;
    for (;;) {
      c += direction;
      if (c < 1 || c > count(order[i]!)) {
        i += direction;
        if (i < 0 || i >= order.length) return null;
        c = direction === 1 ? 1 : count(order[i]!);
      }
      if (held(order[i]!, c)) return link(order[i]!, c);
    }
  };
  return { previous: step(-1), next: step(1) };
}

/**
 * A whole chapter for the reader: in the asked translation when it holds the chapter, else in the first text that
 * does (their own first); each verse says which verse of the addressed chapter it stands for.
 */
export async function readChapter(
  shelf: ChapterShelf,
  ask: { book: string; chapter: number; translation?: string | undefined },
  reader: ReaderContext,
  read: ReadVerses,
): Promise<Chapter> {
  const record = shelf.books.get(ask.book);
  if (!record) throw new AppError('unknown_book', [ask.book]);
  const ref: BibleReference = { book: ask.book, chapter: ask.chapter };
  const options = { locale: reader.language, tradition: reader.tradition };
  if (ask.chapter > chapterCount(shelf, record, reader))
    throw new AppError('verse_out_of_range', [shelf.format(ref, options)]);
  if (ask.translation && !shelf.translations.has(ask.translation)) {
    throw new AppError('translation_unknown', [ask.translation]);
  }
  const holding = translationsHolding(shelf, ref, reader);
  const asked = ask.translation ? shelf.translations.get(ask.translation) : undefined;
  const shown = (asked && holding.find((t) => t.id === asked.id)) ?? holding[0];
  const fallback =
    shelf.translations.get(defaultTranslation(reader.language, reader.tradition, record.testament)) ??
    [...shelf.translations.values()][0]!;
  const translation = shown ?? asked ?? fallback;
  const scheme = schemeOf(translation.id);
  const own = toScheme(ref, 'kjv', scheme);
  const rows = shown ? await read(translation.id, own) : [];
  const verses = rows.map((row) => ({
    chapter: row.chapter,
    verse: row.verse,
    text: row.text,
    refVerse: toScheme({ book: own.book, chapter: row.chapter, verse: row.verse }, scheme, 'kjv').verse ?? row.verse,
  }));
  // The reader's own numbering: the Septuagint's for an Orthodox reader's Psalms, else the KJV's.
  const readerScheme = reader.tradition === 'orthodox' && ask.book === 'PSA' ? 'lxx' : 'kjv';
  const mine = toScheme(ref, 'kjv', readerScheme);
  const sameNumbering = mine.chapter === own.chapter && mine.verse === own.verse && mine.endChapter === own.endChapter;
  return {
    book: ask.book,
    chapter: ask.chapter,
    bookName: shelf.name(ask.book === 'PS2' ? 'PSA' : ask.book, reader.language, reader.tradition),
    title: shelf.format(ref, options),
    numbering:
      sameNumbering || !shown
        ? null
        : shelf.format(own, {
            ...options,
            tradition: reader.tradition === 'orthodox' ? 'protestant' : reader.tradition,
          }),
    translation: choiceOf(translation),
    missing: asked && shown && asked.id !== shown.id ? asked.id : null,
    outsideCanon: !inCanon(ask.book, reader.tradition),
    verses,
    ...neighbours(shelf, reader, ask.book, ask.chapter),
    translations: holding.map(choiceOf),
  };
}
