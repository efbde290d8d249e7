import { describe, expect, it } from 'vitest';
import { isoWeeksInYear } from '@bible-qa/contract';
import { addDays, datesDescending, isoWeekMonday, resolveRange } from './devotional-dates.ts';
import { readingMinutes } from './reading-time.ts';

const words = (n: number, word = 'grace') => Array.from({ length: n }, () => word).join(' ');

describe('reading time', () => {
  it.each([
    ['en', 228, 1],
    ['en', 229, 2],
    ['es-es', 218, 1],
    ['es', 219, 2],
    ['fr-fr', 195, 1],
    ['fr', 196, 2],
  ])('reads %s at its rate: %i words take %i minute(s)', (lang, n, minutes) => {
    expect(readingMinutes(words(n), lang)).toBe(minutes);
  });

  it('counts Chinese by characters, 255 a minute, and Latin words beside them at their own rate', () => {
    expect(readingMinutes('恩'.repeat(255), 'zh-cn')).toBe(1);
    expect(readingMinutes('恩'.repeat(256), 'zh-Hans')).toBe(2);
    // 255 characters (1 min) and 100 Latin words (at the default 200 a minute, half a minute) add up.
    expect(readingMinutes(`${'恩'.repeat(255)} ${words(100)}`, 'zh-cn')).toBe(2);
  });

  it('counts hyphenated and apostrophised words once and gives at least a minute', () => {
    expect(readingMinutes("Israel's weary wanderings—all over", 'en')).toBe(1);
    expect(readingMinutes('', 'en')).toBe(1);
    expect(readingMinutes(words(456, "Lord's"), 'en')).toBe(2);
  });
});

describe('devotional date filters', () => {
  it('finds the Monday of ISO weeks across year ends', () => {
    expect(isoWeekMonday('2026-W01')).toBe('2025-12-29');
    expect(isoWeekMonday('2021-W01')).toBe('2021-01-04');
    expect(isoWeekMonday('2020-W53')).toBe('2020-12-28');
    expect(isoWeeksInYear(2020)).toBe(53);
    expect(isoWeeksInYear(2026)).toBe(53);
    expect(isoWeeksInYear(2025)).toBe(52);
  });

  it('resolves each filter to a span', () => {
    const today = '2026-03-10';
    expect(resolveRange({ week: '2026-W11' }, today)).toEqual({ startDate: '2026-03-09', endDate: '2026-03-15' });
    expect(resolveRange({ month: '2028-02' }, today)).toEqual({ startDate: '2028-02-01', endDate: '2028-02-29' });
    expect(resolveRange({ days: 7 }, today)).toEqual({ startDate: '2026-03-04', endDate: '2026-03-10' });
    expect(resolveRange({ startDate: '2026-03-01' }, today)).toEqual({ startDate: '2026-03-01', endDate: today });
    expect(resolveRange({ startDate: '2026-04-01' }, today)).toEqual({
      startDate: '2026-04-01',
      endDate: '2026-04-01',
    });
    expect(resolveRange({ endDate: '2026-01-01' }, today)).toEqual({ startDate: '2025-12-03', endDate: '2026-01-01' });
    expect(() => resolveRange({ startDate: '2025-01-01', endDate: '2026-01-02' }, today)).toThrow(/366 days/);
  });

  it('lists the dates of a span newest first, through a leap day', () => {
    expect(datesDescending('2028-02-28', '2028-03-01')).toEqual(['2028-03-01', '2028-02-29', '2028-02-28']);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });
});
