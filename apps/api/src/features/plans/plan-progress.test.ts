import { describe, expect, it } from 'vitest';
import { planDayOn, progressOf, streaks } from './plan-progress.ts';

describe('plan progress', () => {
  it('counts the days in a row read up to today, or up to yesterday until today is read', () => {
    expect(streaks(['2026-11-20', '2026-11-21', '2026-11-22'], '2026-11-22')).toEqual({
      streak: 3,
      best: 3,
      today: true,
    });
    // Yesterday's run still stands on a morning nothing is read yet; a day missed ends it.
    expect(streaks(['2026-11-20', '2026-11-21'], '2026-11-22').streak).toBe(2);
    expect(streaks(['2026-11-20', '2026-11-21'], '2026-11-23').streak).toBe(0);
    expect(streaks(['2026-11-01', '2026-11-02', '2026-11-03', '2026-11-10', '2026-11-11'], '2026-11-11')).toEqual({
      streak: 2,
      best: 3,
      today: true,
    });
    // Several readings a day count once; a date after today (another time zone) does not count yet.
    expect(streaks(['2026-11-22', '2026-11-22', '2026-11-23'], '2026-11-22').streak).toBe(1);
  });

  it('finds the day of the plan a date falls on, across months and leap days', () => {
    expect(planDayOn('2026-01-01', '2026-01-01')).toBe(1);
    expect(planDayOn('2028-02-28', '2028-03-01')).toBe(3);
    expect(planDayOn('2026-12-31', '2027-01-01')).toBe(2);
  });

  it('counts a day complete only with all its readings, and the days behind before today', () => {
    const progress = progressOf({
      startDate: '2026-11-20',
      today: '2026-11-23',
      days: 10,
      readingsOf: () => 2,
      read: [
        { day: 1, reading: 0, readOn: '2026-11-20' },
        { day: 1, reading: 1, readOn: '2026-11-20' },
        { day: 2, reading: 0, readOn: '2026-11-22' },
        { day: 4, reading: 0, readOn: '2026-11-23' },
        { day: 4, reading: 1, readOn: '2026-11-23' },
      ],
    });
    expect(progress).toMatchObject({
      today: 4,
      completedDays: 2,
      percent: 20,
      behind: 2,
      streak: 2,
      bestStreak: 2,
      readToday: true,
      finished: false,
    });
  });
});
