import { z } from 'zod';
import { verseSchema } from './bible.ts';
import { ANNOTATION_KINDS, ANNOTATION_LOOKUP_MAX, HIGHLIGHT_COLORS, NOTE_MAX_LENGTH } from './constants.ts';
import { expressionSchema } from './member.ts';
import { bookCodeSchema } from './reader.ts';

/**
 * A reader's highlights, bookmarks and notes on verses (paths under /webapi/portal/annotations). Verses are addressed
 * as citations are, in the KJV numbering (the chapter reader's `refVerse`), so a highlight made in one translation
 * shows in every other. A highlight colours each verse of a span (one colour a verse); a bookmark and a note belong to
 * a span (a verse or a run of verses of one chapter), one of each per span. They are the reader's own: an account's,
 * or a guest's kept under its key until a login makes them the account's.
 */
export const annotationKindSchema = z.enum(ANNOTATION_KINDS);
export type AnnotationKind = z.infer<typeof annotationKindSchema>;

export const highlightColorSchema = z.enum(HIGHLIGHT_COLORS);
export type HighlightColor = z.infer<typeof highlightColorSchema>;

const verseNumber = z.coerce.number().int().min(1).max(200);

/** A verse or a run of verses of one chapter: `from` to `to`, both included. */
export const verseSpanSchema = z
  .object({ book: bookCodeSchema, chapter: verseNumber, from: verseNumber, to: verseNumber })
  .refine((span) => span.from <= span.to, { message: 'from is after to', path: ['to'] });
export type VerseSpan = z.infer<typeof verseSpanSchema>;

export const highlightRequestSchema = z.object({
  span: verseSpanSchema,
  /** null takes the highlight off these verses. */
  color: highlightColorSchema.nullable(),
});
export const bookmarkRequestSchema = z.object({ span: verseSpanSchema, on: z.boolean() });
export const noteRequestSchema = z.object({
  span: verseSpanSchema,
  /** The note's text; an empty one deletes the note of this span. */
  text: z.string().trim().max(NOTE_MAX_LENGTH),
});
export const annotationIdSchema = z.object({ id: z.string().uuid() });

/**
 * GET /portal/annotations/lookup?refs=JHN.3,ROM.8.28-ROM.8.30: the reader's annotations touching these chapters or
 * verse ranges (USFM, comma separated), for the chapter reader and for an answer's citations.
 */
export const annotationLookupQuerySchema = z.object({
  refs: z
    .string()
    .max(2000)
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(
      z
        .array(z.string().regex(/^[1-4A-Z][A-Z0-9]{2}\.\d{1,3}(\.\d{1,3}(-[1-4A-Z][A-Z0-9]{2}\.\d{1,3}\.\d{1,3})?)?$/))
        .min(1)
        .max(ANNOTATION_LOOKUP_MAX),
    ),
});

export const annotationSchema = z.object({
  id: z.string(),
  kind: annotationKindSchema,
  book: z.string(),
  chapter: z.number().int(),
  from: z.number().int(),
  to: z.number().int(),
  /** USFM, e.g. JHN.3.16 or JHN.3.16-JHN.3.18. */
  reference: z.string(),
  color: highlightColorSchema.nullable(),
  text: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Annotation = z.infer<typeof annotationSchema>;
export const annotationListSchema = z.array(annotationSchema);

/**
 * GET /portal/annotations/list: the list page, newest first; `q` finds words of a note, of the verses (in the reader's
 * translation) or of the reference's title ("约翰福音 3", "Romans 8"). Highlights of adjacent verses in one colour
 * are one entry.
 */
export const annotationListQuerySchema = z.object({
  kind: annotationKindSchema.optional(),
  q: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(1000).default(1),
  size: z.coerce.number().int().min(1).max(50).default(20),
  expression: expressionSchema.optional(),
});

export const annotationEntrySchema = annotationSchema.extend({
  /** The reference's title in the reader's language and tradition, e.g. 约翰福音 3:16-18. */
  title: z.string(),
  /** The verses in the reader's translation (empty when the reader's text lacks them). */
  verses: z.array(verseSchema),
  translation: z.string(),
});
export type AnnotationEntry = z.infer<typeof annotationEntrySchema>;
export const annotationPageSchema = z.object({ items: z.array(annotationEntrySchema), total: z.number().int() });
export type AnnotationPage = z.infer<typeof annotationPageSchema>;
