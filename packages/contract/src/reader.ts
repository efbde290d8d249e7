import { z } from 'zod';
import { bibleLanguageSchema, traditionSchema } from './bible.ts';
import { expressionSchema } from './member.ts';

/**
 * The chapter reader (GET /bible/chapter): a whole chapter in the reader's translation and tradition, its neighbours
 * in the reader's canon and the translations that hold it. Chapters are addressed as citations are, in the KJV
 * numbering (`JHN` 3, `PSA` 23); a translation numbered otherwise is read in its own numbering and each of its verses
 * says which verse of the addressed chapter it stands for (`refVerse`), for highlighting and for aligning two texts.
 */
export const BOOK_CODE = /^[1-4A-Z][A-Z0-9]{2}$/;
export const bookCodeSchema = z.string().regex(BOOK_CODE);

export const chapterQuerySchema = z.object({
  book: bookCodeSchema,
  chapter: z.coerce.number().int().min(1).max(200),
  translation: z.string().max(40).optional(),
  lang: bibleLanguageSchema.optional(),
  expression: expressionSchema.optional(),
});

/** A chapter to go to: its address and its title in the reader's language and tradition ("约翰福音 4章"). */
export const chapterLinkSchema = z.object({ book: z.string(), chapter: z.number().int(), title: z.string() });
export type ChapterLink = z.infer<typeof chapterLinkSchema>;

/** A translation a reader can switch to: its short name fits a chip at 320 px. */
export const translationChoiceSchema = z.object({
  id: z.string(),
  name: z.string(),
  abbr: z.string(),
  language: z.string(),
  tradition: traditionSchema,
});
export type TranslationChoice = z.infer<typeof translationChoiceSchema>;

export const chapterVerseSchema = z.object({
  chapter: z.number().int(),
  verse: z.number().int(),
  text: z.string(),
  /** The verse of the addressed chapter (KJV numbering) this verse stands for. */
  refVerse: z.number().int(),
});
export type ChapterVerse = z.infer<typeof chapterVerseSchema>;

export const chapterSchema = z.object({
  book: z.string(),
  chapter: z.number().int(),
  /** The book's name in the reader's language and tradition, for the picker's button. */
  bookName: z.string(),
  /** "约翰福音 3章"; an Orthodox reader's Psalm shows the Septuagint number with the Protestant one beside. */
  title: z.string(),
  /** The chapter as the translation numbers it, when that differs ("Psalm 22" in the Douay-Rheims); else null. */
  numbering: z.string().nullable(),
  translation: translationChoiceSchema,
  /** The translation asked for when it does not hold this chapter (the text shown is `translation`); else null. */
  missing: z.string().nullable(),
  /** The book is outside the reader's canon (shown because it was asked for by name). */
  outsideCanon: z.boolean(),
  verses: z.array(chapterVerseSchema),
  previous: chapterLinkSchema.nullable(),
  next: chapterLinkSchema.nullable(),
  /** The translations that hold this chapter, the reader's language and tradition first. */
  translations: z.array(translationChoiceSchema),
});
export type Chapter = z.infer<typeof chapterSchema>;
