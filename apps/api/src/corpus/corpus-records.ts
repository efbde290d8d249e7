import { z } from 'zod';
import { startOfUsfm, USFM_BOOK, USFM_VERSE_OR_RANGE, type VerseKey } from '../scripture/usfm.ts';

/** The corpus's record formats (../shared/corpus/README.md). Every line is checked against these before it loads. */
const usfm = z.string().regex(USFM_BOOK, 'not a USFM book code');
const ref = z.string().regex(USFM_VERSE_OR_RANGE, 'not a BOOK.C.V reference');
const positive = z.number().int().positive().max(32767);

export const bookRecord = z.object({
  code: usfm,
  order: z.number().int().positive(),
  testament: z.enum(['OT', 'NT', 'DC']),
  chapters: positive,
  names: z.record(z.string(), z.string()),
  zhCatholic: z.record(z.string(), z.string()).optional(),
  abbr: z.record(z.string(), z.string()).optional(),
});
export type BookRecord = z.infer<typeof bookRecord>;

export const translationMeta = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  name: z.string().min(1),
  language: z.string().min(2),
  tradition: z.enum(['protestant', 'catholic', 'orthodox']),
  license: z.string().min(1),
  source: z.string().min(1),
  year: z.number().int().optional(),
  notes: z.string().optional(),
});
export type TranslationMeta = z.infer<typeof translationMeta>;

/** Empty verse slots exist (rv1909); they load as empty text so numbering stays whole. */
export const verseRecord = z.object({ book: usfm, chapter: positive, verse: positive, text: z.string().max(100_000) });
export type VerseRecord = z.infer<typeof verseRecord>;

export const referenceRecord = z.object({
  id: z.string().min(1).max(300),
  collection: z.string().min(1),
  title: z.string().min(1).max(1000),
  lang: z.string().min(2),
  refs: z.array(ref),
  text: z.string().min(1),
});
export type ReferenceRecord = z.infer<typeof referenceRecord>;

export const devotionalRecord = z.object({
  id: z.string().min(1),
  month: z.number().int().min(1).max(12),
  day: z.number().int().min(1).max(31),
  period: z.enum(['morning', 'evening']),
  title: z.string().min(1),
  scripture: z.string(),
  refs: z.array(ref),
  lang: z.string().min(2),
  text: z.string().min(1),
});
export type DevotionalRecord = z.infer<typeof devotionalRecord>;

export const planRecord = z.object({
  id: z.string().min(1),
  name: z.string(),
  days: z.array(
    z.object({
      day: positive,
      month: z.number().int().min(1).max(12),
      dayOfMonth: z.number().int().min(1).max(31),
      readings: z.array(z.string()),
      refs: z.array(z.array(ref)),
    }),
  ),
});
export type PlanRecord = z.infer<typeof planRecord>;

export const crossRefRow = z.object({ from: ref, to: ref, votes: z.number().int() });
export type CrossRefRow = z.infer<typeof crossRefRow>;

/** "GEN.1.1" → parts; ranges keep only their start (cross-references are keyed by their first verse). */
export function splitRef(value: string): VerseKey {
  return startOfUsfm(value) ?? { book: '', chapter: 0, verse: 0 };
}
