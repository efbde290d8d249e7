import type { ListParams } from './devotionals.queries.ts';

/** The §2 date filters as the screen offers them; kept in the URL so coming back from a reading restores them. */
export const FILTER_MODES = ['week', 'month', 'days', 'range'] as const;
export type FilterMode = (typeof FILTER_MODES)[number];
export const DAY_CHOICES = [3, 7, 14, 30] as const;

export interface DevotionalFilter {
  mode: FilterMode;
  /** The day a week, a month or the last N days are taken around. */
  date: string;
  days: number;
  start: string;
  end: string;
}

const DAY_MS = 86_400_000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The reader's local calendar date. */
export function localDate(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

const toTime = (date: string) => Date.parse(`${date}T00:00:00Z`);
const fromTime = (time: number) => new Date(time).toISOString().slice(0, 10);

export function addDays(date: string, days: number): string {
  return fromTime(toTime(date) + days * DAY_MS);
}

export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const lastDay = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate();
  return fromTime(Date.UTC(y, m - 1 + months, Math.min(d, lastDay)));
}

/** The ISO week (Monday to Sunday) holding a date: 2026-01-01 → 2026-W01. */
export function isoWeekOf(date: string): string {
  const time = toTime(date);
  const weekday = (new Date(time).getUTCDay() + 6) % 7;
  const thursday = new Date(time + (3 - weekday) * DAY_MS);
  const year = thursday.getUTCFullYear();
  const week = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / (7 * DAY_MS)) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/** Reads the filter from the URL, falling back to this week. */
export function readFilter(params: URLSearchParams, today: string): DevotionalFilter {
  const mode = params.get('mode');
  const date = (key: string, fallback: string) => {
    const value = params.get(key);
    return value && DATE.test(value) ? value : fallback;
  };
  const days = Number(params.get('days'));
  return {
    mode: (FILTER_MODES as readonly string[]).includes(mode ?? '') ? (mode as FilterMode) : 'week',
    date: date('date', today),
    days: (DAY_CHOICES as readonly number[]).includes(days) ? days : 7,
    start: date('start', addDays(today, -6)),
    end: date('end', today),
  };
}

export function writeFilter(filter: DevotionalFilter): Record<string, string> {
  switch (filter.mode) {
    case 'range':
      return { mode: filter.mode, start: filter.start, end: filter.end };
    case 'days':
      return { mode: filter.mode, date: filter.date, days: String(filter.days) };
    default:
      return { mode: filter.mode, date: filter.date };
  }
}

/** The list call's parameters for a filter. */
export function listParams(filter: DevotionalFilter): ListParams {
  switch (filter.mode) {
    case 'week':
      return { week: isoWeekOf(filter.date) };
    case 'month':
      return { month: filter.date.slice(0, 7) };
    case 'days':
      return { days: filter.days, endDate: filter.date };
    case 'range':
      return filter.start <= filter.end
        ? { startDate: filter.start, endDate: filter.end }
        : { startDate: filter.end, endDate: filter.start };
  }
}

/** The previous or next week, month or span of days. */
export function stepFilter(filter: DevotionalFilter, direction: 1 | -1): DevotionalFilter {
  switch (filter.mode) {
    case 'week':
      return { ...filter, date: addDays(filter.date, 7 * direction) };
    case 'month':
      return { ...filter, date: addMonths(filter.date, direction) };
    case 'days':
      return { ...filter, date: addDays(filter.date, filter.days * direction) };
    case 'range':
      return filter;
  }
}

/** A calendar date (or a month and day) in the reader's language, e.g. 1月1日 周四 / Thursday, January 1. */
export function formatDate(
  language: string,
  value: string | { month: number; day: number },
  options: Intl.DateTimeFormatOptions = { month: 'long', day: 'numeric', weekday: 'short' },
): string {
  const time =
    // A month and day are shown in a leap year, so 29 February exists.
    typeof value === 'string' ? toTime(value) : Date.UTC(2000, value.month - 1, value.day);
  const { weekday: _weekday, ...withoutWeekday } = options;
  return new Intl.DateTimeFormat(language, {
    ...(typeof value === 'string' ? options : withoutWeekday),
    timeZone: 'UTC',
  }).format(new Date(time));
}
