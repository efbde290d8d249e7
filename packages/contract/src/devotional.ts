import { z } from 'zod';
import { passageSchema } from './bible.ts';
import { localeSchema } from './locale-schema.ts';
import { expressionSchema } from './member.ts';

/**
 * Daily devotionals (spec §1, §2 Devotionals, §3 Devotional). Paths under /webapi/portal/devotional. The corpus holds
 * Spurgeon's Morning and Evening (English) and the M'Cheyne reading plan; a devotional is keyed by month and day, so
 * it comes back every year. Dates are the reader's calendar dates (YYYY-MM-DD); "today" is the `date` the client
 * sends, else the server's UTC date.
 */
export const DEVOTIONAL_PERIODS = ['morning', 'evening'] as const;
export const devotionalPeriodSchema = z.enum(DEVOTIONAL_PERIODS);
export type DevotionalPeriod = z.infer<typeof devotionalPeriodSchema>;

/** original: in the reader's language; related_literature: the English reading, with the day's scripture and plan
 * readings in the reader's translation leading (no translation yet); machine_translated: translated by AI into the
 * reader's language (stored once per language), and labelled so. */
export const DEVOTIONAL_PRESENTATIONS = ['original', 'related_literature', 'machine_translated'] as const;
export const devotionalPresentationSchema = z.enum(DEVOTIONAL_PRESENTATIONS);
export type DevotionalPresentation = z.infer<typeof devotionalPresentationSchema>;

/** The longest span a list covers, and the span of a list asked for without a filter (ending today). */
export const DEVOTIONAL_MAX_RANGE_DAYS = 366;
export const DEVOTIONAL_DEFAULT_DAYS = 30;
export const DEVOTIONAL_PAGE_SIZE = 10;

function isCalendarDate(value: string): boolean {
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** The number of ISO weeks (52 or 53) of a year: years whose 28 December falls in week 53 have 53. */
export function isoWeeksInYear(year: number): number {
  const dec28 = new Date(Date.UTC(year, 11, 28));
  const day = (dec28.getUTCDay() + 6) % 7; // Monday 0
  const thursday = new Date(dec28.getTime() + (3 - day) * 86_400_000);
  const jan1 = Date.UTC(thursday.getUTCFullYear(), 0, 1);
  return Math.floor((thursday.getTime() - jan1) / (7 * 86_400_000)) + 1;
}

export const isoDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'expected YYYY-MM-DD')
  .refine(isCalendarDate, 'not a calendar date');
/** An ISO week, Monday to Sunday: 2026-W01. */
export const isoWeekSchema = z
  .string()
  .regex(/^\d{4}-W\d{2}$/, 'expected YYYY-Www')
  .refine((v) => {
    const week = Number(v.slice(6));
    return week >= 1 && week <= isoWeeksInYear(Number(v.slice(0, 4)));
  }, 'no such ISO week');
export const isoMonthSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'expected YYYY-MM');

const readerFields = {
  /** The reader's today (their local calendar date). */
  date: isoDateSchema.optional(),
  /** Wording tradition for the scripture's translation; a logged-in user's stored setting is used when absent. */
  expression: expressionSchema.optional(),
};

export const devotionalTodayQuerySchema = z.object(readerFields);

/**
 * The §2 date filters, one at a time: `week`, `month`, `days` (the N days ending on `endDate` or today), or
 * `startDate` with an optional `endDate` (default today); without a filter, the last 30 days. Newest first.
 */
export const devotionalListQuerySchema = z
  .object({
    ...readerFields,
    startDate: isoDateSchema.optional(),
    endDate: isoDateSchema.optional(),
    days: z.coerce.number().int().min(1).max(DEVOTIONAL_MAX_RANGE_DAYS).optional(),
    week: isoWeekSchema.optional(),
    month: isoMonthSchema.optional(),
    page: z.coerce.number().int().min(1).max(1000).default(1),
    size: z.coerce.number().int().min(1).max(50).default(DEVOTIONAL_PAGE_SIZE),
  })
  .superRefine((q, ctx) => {
    const filters = [q.week && 'week', q.month && 'month', q.days && 'days', q.startDate && 'startDate'].filter(
      Boolean,
    );
    if (filters.length > 1) {
      ctx.addIssue({ code: 'custom', message: `use one date filter at a time, not ${filters.join(' and ')}` });
    }
    if ((q.week || q.month) && q.endDate) {
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'endDate goes with startDate or days' });
    }
    if (q.startDate && q.endDate && q.startDate > q.endDate) {
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'endDate is before startDate' });
    }
  });
export type DevotionalListQuery = z.input<typeof devotionalListQuerySchema>;

export const devotionalIdSchema = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9_.:-]+$/, 'not a devotional id');
export const devotionalInfoQuerySchema = z.object({ id: devotionalIdSchema, ...readerFields });
export const devotionalTranslationQuerySchema = z.object({ id: devotionalIdSchema });

export const devotionalSummarySchema = z.object({
  id: z.string(),
  /** The calendar date it is listed under; null when asked for by id (a devotional belongs to a month and day). */
  date: z.string().nullable(),
  month: z.number().int(),
  day: z.number().int(),
  period: devotionalPeriodSchema,
  /** As in the corpus (English), e.g. "January 1st—Morning Reading". */
  title: z.string(),
  /** The quoted verse as in the corpus (English). */
  scripture: z.string(),
  /** The verse's reference (USFM) and its title in the reader's language. */
  reference: z.string().nullable(),
  referenceTitle: z.string().nullable(),
  /** The reading's language (BCP 47). */
  lang: z.string(),
  /** Reading time of the text in whole minutes (at least 1), from its length and language. */
  readingMinutes: z.number().int().min(1),
  presentation: devotionalPresentationSchema,
});
export type DevotionalSummary = z.infer<typeof devotionalSummarySchema>;

export const planReadingSchema = z.object({
  /** As in the plan (English), e.g. "Genesis 1" or "Jeremiah 36,45". */
  label: z.string(),
  /** USFM ranges, e.g. ["GEN.1.1-GEN.1.31"]. */
  references: z.array(z.string()),
  /** In the reader's language and tradition, e.g. 创世记 1:1-31. */
  title: z.string(),
  /** The text in the reader's translation; empty when the corpus has no such verses. */
  passages: z.array(passageSchema),
});
/** A day of the M'Cheyne calendar: four readings, two "family" and two "secret". */
export const planDaySchema = z.object({
  planId: z.string(),
  /** Day of the plan's year, 1–365. */
  day: z.number().int(),
  month: z.number().int(),
  dayOfMonth: z.number().int(),
  readings: z.array(planReadingSchema),
});
export type PlanDay = z.infer<typeof planDaySchema>;

export const devotionalTodaySchema = z.object({
  date: z.string(),
  devotionals: z.array(devotionalSummarySchema),
  /** The M'Cheyne day (none on 29 February, which the 365-day plan does not have). */
  plan: planDaySchema.nullable(),
});
export type DevotionalToday = z.infer<typeof devotionalTodaySchema>;

export const devotionalPageSchema = z.object({
  items: z.array(devotionalSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
  /** The span the filter resolved to. */
  startDate: z.string(),
  endDate: z.string(),
});
export type DevotionalPage = z.infer<typeof devotionalPageSchema>;

export const devotionalTranslationSchema = z.object({
  id: z.string(),
  language: localeSchema,
  title: z.string(),
  text: z.string(),
  readingMinutes: z.number().int().min(1),
  presentation: z.literal('machine_translated'),
});
export type DevotionalTranslation = z.infer<typeof devotionalTranslationSchema>;

export const devotionalDetailSchema = devotionalSummarySchema.extend({
  text: z.string(),
  /** The verse of the day in the reader's translation. */
  passages: z.array(passageSchema),
  plan: planDaySchema.nullable(),
  /**
   * The reading translated by AI into the reader's language, as stored (by the translate:devotionals job or an
   * earlier reader); null when there is none yet (then `presentation` is related_literature).
   */
  translated: devotionalTranslationSchema.nullable(),
  /** A machine translation into the reader's language is here (`translated`) or can be fetched from /translation. */
  machineTranslation: z.boolean(),
});
export type DevotionalDetail = z.infer<typeof devotionalDetailSchema>;
