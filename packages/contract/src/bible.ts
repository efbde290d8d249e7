import { z } from 'zod';
import type { Locale } from './locale.ts';
import { expressionSchema } from './member.ts';

/** The Bible engine's wire shapes (issue: the Bible engine). Translations and books come from the corpus. */
export const TRADITIONS = ['protestant', 'catholic', 'orthodox'] as const;
export const traditionSchema = z.enum(TRADITIONS);
export type Tradition = z.infer<typeof traditionSchema>;

/** The languages of the corpus texts (BCP 47), and how a UI locale maps onto them. */
export const BIBLE_LANGUAGES = ['zh-Hans', 'zh-Hant', 'en', 'es', 'fr'] as const;
export const bibleLanguageSchema = z.enum(BIBLE_LANGUAGES);
export type BibleLanguage = z.infer<typeof bibleLanguageSchema>;
const BIBLE_LANGUAGE_OF_LOCALE: Record<Locale, BibleLanguage> = {
  'zh-cn': 'zh-Hans',
  'zh-tw': 'zh-Hant',
  en: 'en',
  'es-es': 'es',
  'fr-fr': 'fr',
};
/** The language of the Bible a reader of a UI locale reads. */
export function bibleLanguageOf(locale: Locale): BibleLanguage {
  return BIBLE_LANGUAGE_OF_LOCALE[locale];
}

export const translationSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** A short name that fits a chip ("KJV", "和合本"). */
  abbr: z.string(),
  language: z.string(),
  tradition: traditionSchema,
  license: z.string(),
  source: z.string(),
  year: z.number().nullable(),
  notes: z.string().nullable(),
  verseCount: z.number(),
});
export type Translation = z.infer<typeof translationSchema>;

export const bookSchema = z.object({
  code: z.string(),
  order: z.number(),
  testament: z.enum(['OT', 'NT', 'DC']),
  chapters: z.number(),
  name: z.string(),
  abbr: z.string().nullable(),
  /** Printed as an appendix of the reader's Bible (4 Maccabees for Orthodox readers). */
  appendix: z.boolean(),
});
export type Book = z.infer<typeof bookSchema>;

export const verseSchema = z.object({ book: z.string(), chapter: z.number(), verse: z.number(), text: z.string() });

export const passageSchema = z.object({
  /** Canonical USFM reference as asked, e.g. JHN.3.16-JHN.3.18 (in the asked numbering). */
  reference: z.string(),
  /** The reference in the translation's own numbering, when it differs (Vulgate/Septuagint Psalms). */
  translationReference: z.string(),
  /** Display title in the reader's language and tradition, e.g. 约翰福音 3:16-18. */
  title: z.string(),
  translation: z.object({ id: z.string(), name: z.string(), language: z.string() }),
  verses: z.array(verseSchema),
});
export type Passage = z.infer<typeof passageSchema>;

const refText = z.string().trim().min(1).max(200);
const translationIds = z
  .string()
  .max(200)
  .transform((v) =>
    v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );

export const passageQuerySchema = z.object({
  ref: refText,
  translation: z.string().max(40).optional(),
  lang: bibleLanguageSchema.optional(),
  expression: expressionSchema.optional(),
});
export const parallelQuerySchema = z.object({
  ref: refText,
  translations: translationIds,
  lang: bibleLanguageSchema.optional(),
  expression: expressionSchema.optional(),
});
export const parallelSchema = z.object({ reference: z.string(), passages: z.array(passageSchema) });

export const SEARCH_QUERY_MAX = 2000;
export const searchQuerySchema = z.object({
  q: z.string().max(SEARCH_QUERY_MAX),
  lang: bibleLanguageSchema.optional(),
  translation: z.string().max(40).optional(),
  collection: z.string().max(60).optional(),
  kind: z.enum(['verse', 'entry']).optional(),
  canon: traditionSchema.optional(),
  limit: z.coerce.number().int().min(1).max(50).default(10),
  /** The reader's tradition: their translation and canon (the account's, else the edition's, when absent). */
  expression: expressionSchema.optional(),
});
export const searchHitSchema = z.object({
  id: z.string(),
  kind: z.enum(['verse', 'entry']),
  lang: z.string(),
  translation: z.string().nullable(),
  collection: z.string().nullable(),
  /** A verse hit's verse in KJV numbering, as the reader addresses chapters; `title` names it in the translation's own. */
  ref: z.string().nullable(),
  title: z.string().nullable(),
  text: z.string(),
  /** HTML-escaped text with <mark> around the matched terms. */
  highlight: z.string(),
  score: z.number(),
});
export const searchResultSchema = z.object({
  /** Set when the query is an explicit reference: the passage itself. */
  passage: passageSchema.nullable(),
  hits: z.array(searchHitSchema),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

/**
 * /bible/translations: every translation, or with `ref` only those that hold the passage, the reader's language and
 * tradition first (a passage sheet never offers the French Septuagint for John 3:16).
 */
export const translationsQuerySchema = z.object({
  ref: refText.optional(),
  lang: bibleLanguageSchema.optional(),
  expression: expressionSchema.optional(),
});

/**
 * The books of the reader's canon in the order their Bible prints them; like every scripture call, the tradition
 * travels as `expression`.
 */
export const booksQuerySchema = z.object({
  lang: bibleLanguageSchema.optional(),
  expression: expressionSchema.optional(),
});
export const crossRefQuerySchema = z.object({
  ref: refText,
  translation: z.string().max(40).optional(),
  lang: bibleLanguageSchema.optional(),
  expression: expressionSchema.optional(),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});
export const crossReferenceSchema = z.object({
  reference: z.string(),
  title: z.string(),
  votes: z.number(),
  text: z.string().nullable(),
});

/** The reference works of the corpus by their collection id (proper names, the same in every language). */
export const COLLECTION_NAMES: Record<string, string> = {
  'eastons-dictionary': "Easton's Bible Dictionary",
  'smiths-dictionary': "Smith's Bible Dictionary",
  'schaffs-dictionary': "Schaff's Bible Dictionary",
  'hitchcocks-bible-names': "Hitchcock's Bible Names",
  'naves-topical': "Nave's Topical Bible",
  'strongs-greek': "Strong's Greek Lexicon",
  'strongs-hebrew': "Strong's Hebrew Lexicon",
  'matthew-henry-complete': "Matthew Henry's Commentary",
  'creeds-confessions': 'Creeds and Confessions',
  'spurgeon-morning-evening': "Spurgeon's Morning and Evening",
};
