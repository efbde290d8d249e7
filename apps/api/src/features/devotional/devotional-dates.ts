import { DEVOTIONAL_DEFAULT_DAYS, DEVOTIONAL_MAX_RANGE_DAYS } from '@bible-qa/contract';
import { AppError } from '../../http/app-error.ts';

/** Calendar dates as YYYY-MM-DD strings, computed in UTC so no time zone shifts a day. */
const DAY_MS = 86_400_000;

function toTime(date: string): number {
  return Date.parse(`${date}T00:00:00Z`);
}
function fromTime(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  return fromTime(toTime(date) + days * DAY_MS);
}

export function utcDate(now: Date): string {
  return now.toISOString().slice(0, 10);
}

export function monthDayOf(date: string): { month: number; day: number } {
  return { month: Number(date.slice(5, 7)), day: Number(date.slice(8, 10)) };
}

/** Monday of an ISO week (2026-W01 → 2025-12-29): week 1 holds the year's first Thursday. */
export function isoWeekMonday(week: string): string {
  const year = Number(week.slice(0, 4));
  const n = Number(week.slice(6));
  const jan4 = Date.UTC(year, 0, 4);
  const jan4Weekday = (new Date(jan4).getUTCDay() + 6) % 7;
  return fromTime(jan4 - jan4Weekday * DAY_MS + (n - 1) * 7 * DAY_MS);
}

export interface DateFilter {
  startDate?: string;
  endDate?: string;
  days?: number;
  week?: string;
  month?: string;
}

/** The span of dates a §2 filter means, given the reader's today; longer than a year is refused. */
export function resolveRange(filter: DateFilter, today: string): { startDate: string; endDate: string } {
  let startDate: string;
  let endDate: string;
  if (filter.week) {
    startDate = isoWeekMonday(filter.week);
    endDate = addDays(startDate, 6);
  } else if (filter.month) {
    startDate = `${filter.month}-01`;
    const [y, m] = filter.month.split('-').map(Number) as [number, number];
    endDate = fromTime(Date.UTC(y, m, 0));
  } else if (filter.startDate) {
    startDate = filter.startDate;
    endDate = filter.endDate ?? (today >= startDate ? today : startDate);
  } else {
    endDate = filter.endDate ?? today;
    startDate = addDays(endDate, -((filter.days ?? DEVOTIONAL_DEFAULT_DAYS) - 1));
  }
  const span = (toTime(endDate) - toTime(startDate)) / DAY_MS + 1;
  if (span < 1) throw new AppError('invalid_request', ['endDate is before startDate']);
  if (span > DEVOTIONAL_MAX_RANGE_DAYS) {
    throw new AppError('invalid_request', [`a date range covers at most ${DEVOTIONAL_MAX_RANGE_DAYS} days`]);
  }
  return { startDate, endDate };
}

/** The dates of a span, newest first. */
export function datesDescending(startDate: string, endDate: string): string[] {
  const out: string[] = [];
  for (let t = toTime(endDate); t >= toTime(startDate); t -= DAY_MS) out.push(fromTime(t));
  return out;
}
