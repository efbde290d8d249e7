import { z } from 'zod';
import { isoDateSchema } from './devotional.ts';
import { expressionSchema } from './member.ts';

/**
 * Reading plans with progress (paths under /webapi/portal/plans). A plan is any of the corpus's `plans/` (the
 * M'Cheyne calendar: 365 days of four readings). A reader starts one on a date: day 1 is that date, day N the N-th
 * day after; each reading of a day is marked read (or the whole day at once). Dates are the reader's calendar dates
 * (`date`, YYYY-MM-DD, their today), as for devotionals. Kept per reader: an account's, or a guest's until a login.
 */
export const planIdSchema = z
  .string()
  .min(1)
  .max(60)
  .regex(/^[A-Za-z0-9_-]+$/);

/** Where a reader stands in a plan they started. */
export const planProgressSchema = z.object({
  startDate: z.string(),
  /** The plan's day for the reader's today (1 on the start date; past the last day once the plan is over). */
  today: z.number().int(),
  /** Days with every reading marked read, and that share of all days (0–100, whole). */
  completedDays: z.number().int(),
  percent: z.number().int().min(0).max(100),
  /** Days before today's whose readings are not all read. */
  behind: z.number().int(),
  /** Calendar days in a row, up to today (or yesterday, until today's first reading), on which something was read. */
  streak: z.number().int(),
  /** The longest such run. */
  bestStreak: z.number().int(),
  readToday: z.boolean(),
  finished: z.boolean(),
});
export type PlanProgress = z.infer<typeof planProgressSchema>;

export const planSummarySchema = z.object({
  id: z.string(),
  days: z.number().int(),
  readingsPerDay: z.number().int(),
  /** The reader's run of this plan; null when they have not started it. */
  progress: planProgressSchema.nullable(),
});
export type PlanSummary = z.infer<typeof planSummarySchema>;
export const planListSchema = z.array(planSummarySchema);

export const planReadingStateSchema = z.object({
  /** As in the plan (English), e.g. "Genesis 1". */
  label: z.string(),
  /** USFM ranges, e.g. ["GEN.1.1-GEN.1.31"]. */
  references: z.array(z.string()),
  /** In the reader's language and tradition, e.g. 创世记 1. */
  title: z.string(),
  read: z.boolean(),
});

/** One day of a plan, for the reader: its readings, which are read, and where the reader stands. */
export const planDayStateSchema = z.object({
  planId: z.string(),
  day: z.number().int(),
  days: z.number().int(),
  /** The calendar date this day falls on for the reader (null before they start the plan). */
  date: z.string().nullable(),
  readings: z.array(planReadingStateSchema),
  progress: planProgressSchema.nullable(),
});
export type PlanDayState = z.infer<typeof planDayStateSchema>;

/** Every day of the reader's run: for the calendar, which are read in full and which in part. */
export const planCalendarSchema = z.object({
  planId: z.string(),
  days: z.number().int(),
  complete: z.array(z.number().int()),
  partial: z.array(z.number().int()),
  progress: planProgressSchema.nullable(),
});
export type PlanCalendar = z.infer<typeof planCalendarSchema>;

export const planListQuerySchema = z.object({ date: isoDateSchema.optional() });
export const planDayQuerySchema = z.object({
  planId: planIdSchema,
  /** The plan's day; absent: the day the reader's today falls on (day 1 before they start). */
  day: z.coerce.number().int().min(1).max(2000).optional(),
  date: isoDateSchema.optional(),
  expression: expressionSchema.optional(),
});
export const planCalendarQuerySchema = z.object({ planId: planIdSchema, date: isoDateSchema.optional() });

export const planStartSchema = z.object({
  planId: planIdSchema,
  /** Day 1 of the plan; the progress already marked stays with its days. */
  startDate: isoDateSchema,
  date: isoDateSchema.optional(),
});
export const planStopSchema = z.object({ planId: planIdSchema });
export const planMarkSchema = z.object({
  planId: planIdSchema,
  day: z.number().int().min(1).max(2000),
  /** One reading of the day (0-based); absent: every reading of the day. */
  reading: z.number().int().min(0).max(20).optional(),
  read: z.boolean(),
  /** The reader's today, the day the mark counts for in the streak. */
  date: isoDateSchema.optional(),
});
