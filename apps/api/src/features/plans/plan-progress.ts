import type { PlanProgress } from '@bible-qa/contract';
import { addDays } from '../devotional/devotional-dates.ts';

const DAY_MS = 86_400_000;

/** Whole days from `from` to `to` (YYYY-MM-DD, calendar dates). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** The plan day a calendar date falls on for a run started on `startDate` (1 on the start date). */
export function planDayOn(startDate: string, date: string): number {
  return daysBetween(startDate, date) + 1;
}

/** The calendar date a plan day falls on. */
export function dateOfPlanDay(startDate: string, day: number): string {
  return addDays(startDate, day - 1);
}

/**
 * The days in a row ending today on which something was read; a run that ended yesterday still counts until today
 * ends (so a reader is not told their streak is lost before they had the chance to read today). And the longest run.
 */
export function streaks(readOn: readonly string[], today: string): { streak: number; best: number; today: boolean } {
  const dates = [...new Set(readOn)].filter((d) => d <= today).sort();
  let best = 0;
  let run = 0;
  let previous: string | undefined;
  for (const date of dates) {
    run = previous !== undefined && daysBetween(previous, date) === 1 ? run + 1 : 1;
    best = Math.max(best, run);
    previous = date;
  }
  const last = dates.at(-1);
  const current = last === today || (last !== undefined && daysBetween(last, today) === 1) ? run : 0;
  return { streak: current, best, today: last === today };
}

/**
 * Where a reader stands: the day their today falls on, the days read in full (and their share), the days before
 * today not yet read in full, and the streak.
 */
export function progressOf(input: {
  startDate: string;
  today: string;
  days: number;
  /** Readings of each plan day (by day number). */
  readingsOf: (day: number) => number;
  /** The readings marked read: day, reading and the date of the marking. */
  read: readonly { day: number; reading: number; readOn: string }[];
}): PlanProgress {
  const perDay = new Map<number, Set<number>>();
  for (const row of input.read) {
    if (!perDay.has(row.day)) perDay.set(row.day, new Set());
    perDay.get(row.day)!.add(row.reading);
  }
  const complete = (day: number) => (perDay.get(day)?.size ?? 0) >= Math.max(1, input.readingsOf(day));
  let completedDays = 0;
  for (const day of perDay.keys()) if (day >= 1 && day <= input.days && complete(day)) completedDays += 1;
  const today = planDayOn(input.startDate, input.today);
  let behind = 0;
  for (let day = 1; day < Math.min(today, input.days + 1); day += 1) if (!complete(day)) behind += 1;
  const streak = streaks(
    input.read.map((row) => row.readOn),
    input.today,
  );
  return {
    startDate: input.startDate,
    today,
    completedDays,
    percent: input.days ? Math.floor((completedDays * 100) / input.days) : 0,
    behind,
    streak: streak.streak,
    bestStreak: streak.best,
    readToday: streak.today,
    finished: completedDays >= input.days,
  };
}
