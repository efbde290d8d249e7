import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  errorCode,
  type LoginResult,
  type PlanCalendar,
  type PlanDayState,
  type PlanSummary,
} from '@bible-qa/contract';
import { planEnrollments, planProgress } from '../../db/schema.ts';
import { callPortal, post } from '../../test/auth-helpers.ts';
import { databaseTargets } from '../../test/databases.ts';
import { loginModes } from '../../test/login-modes.ts';
import { buildCorpusTestApp, type CorpusTestApp } from '../../test/test-app.ts';
import { createTestUser } from '../../test/test-users.ts';

/** Reading plans with progress: started on a date, each day's readings marked, progress and streak kept. */
describe.each(databaseTargets)('reading plans on $name', (target) => {
  let t: CorpusTestApp;

  beforeAll(async () => {
    t = await buildCorpusTestApp({ database: await target.open() });
  });
  afterAll(async () => {
    await t.close();
  });

  type Headers = Record<string, string>;
  const call = (method: 'GET' | 'POST', url: string, headers: Headers, payload?: object) =>
    callPortal(t, method, `plans/${url}`, headers, payload);
  const day = async (headers: Headers, query: string) =>
    (await call('GET', `day?${query}`, headers)).data as PlanDayState;
  const mark = async (headers: Headers, body: object) =>
    (await call('POST', 'mark', headers, { planId: 'mcheyne', ...body })).data as PlanDayState;

  it('lists the corpus’s plans; a reader starts one on a date and reads today’s day, titled in their language', async () => {
    const { headers } = await createTestUser(t.database, 'planner');
    const before = (await call('GET', 'list?date=2026-11-21', headers)).data as PlanSummary[];
    expect(before).toEqual([{ id: 'mcheyne', days: 3, readingsPerDay: 4, progress: null }]);

    const started = (
      await call('POST', 'start', headers, { planId: 'mcheyne', startDate: '2026-11-20', date: '2026-11-21' })
    ).data as PlanSummary;
    expect(started.progress).toMatchObject({ startDate: '2026-11-20', today: 2, completedDays: 0, streak: 0 });

    const today = await day(headers, 'planId=mcheyne&date=2026-11-21');
    expect(today).toMatchObject({ day: 2, days: 3, date: '2026-11-21' });
    // A whole chapter is titled as one; the fixture corpus knows only Genesis of these books, the rest keep the plan's.
    expect(today.readings.map((r) => r.title)).toEqual(['创世记 2章', 'Matthew 2', 'Ezra 2', 'Acts 2']);
    expect(today.readings[0]!.references).toEqual(['GEN.2.1-GEN.2.25']);
    expect(today.readings.every((r) => !r.read)).toBe(true);
    // In English, the same day in English names.
    const english = (await call('GET', 'day?planId=mcheyne&day=1', { ...headers, locale: 'en' })).data as PlanDayState;
    expect(english.readings[0]!.title).toBe('Genesis 1');
  });

  it('marks readings and whole days read: progress, days behind and the streak follow', async () => {
    const { headers } = await createTestUser(t.database, 'reader');
    await call('POST', 'start', headers, { planId: 'mcheyne', startDate: '2026-11-20' });

    const one = await mark(headers, { day: 1, reading: 0, read: true, date: '2026-11-20' });
    expect(one.readings.map((r) => r.read)).toEqual([true, false, false, false]);
    expect(one.progress).toMatchObject({ completedDays: 0, streak: 1, readToday: true });

    const dayOne = await mark(headers, { day: 1, read: true, date: '2026-11-20' });
    expect(dayOne.readings.every((r) => r.read)).toBe(true);
    expect(dayOne.progress).toMatchObject({ completedDays: 1, percent: 33, behind: 0, streak: 1 });

    // The next day: yesterday's streak still stands until something is read; day 2 read makes it two.
    const morning = (await call('GET', 'list?date=2026-11-21', headers)).data as PlanSummary[];
    expect(morning[0]!.progress).toMatchObject({ today: 2, streak: 1, readToday: false });
    const dayTwo = await mark(headers, { day: 2, read: true, date: '2026-11-21' });
    expect(dayTwo.progress).toMatchObject({ completedDays: 2, percent: 66, streak: 2, bestStreak: 2 });

    // Two days later without reading: the streak is gone, and day 3 is behind once day 4 has come.
    const later = (await call('GET', 'list?date=2026-11-23', headers)).data as PlanSummary[];
    expect(later[0]!.progress).toMatchObject({ today: 4, streak: 0, bestStreak: 2, behind: 1, finished: false });

    // A reading taken back: day 2 is no longer complete.
    await mark(headers, { day: 2, reading: 3, read: false, date: '2026-11-23' });
    const calendar = (await call('GET', 'calendar?planId=mcheyne&date=2026-11-23', headers)).data as PlanCalendar;
    expect(calendar).toMatchObject({ days: 3, complete: [1], partial: [2] });
    expect(calendar.progress).toMatchObject({ completedDays: 1, behind: 2 });

    await mark(headers, { day: 3, read: true, date: '2026-11-23' });
    await mark(headers, { day: 2, reading: 3, read: true, date: '2026-11-23' });
    const done = (await call('GET', 'list?date=2026-11-23', headers)).data as PlanSummary[];
    expect(done[0]!.progress).toMatchObject({ completedDays: 3, percent: 100, finished: true, streak: 1 });
  });

  it('refuses marks on a plan not started, an unknown plan, a day or reading it does not have', async () => {
    const { headers } = await createTestUser(t.database, 'refused');
    expect((await call('POST', 'mark', headers, { planId: 'mcheyne', day: 1, read: true })).code).toBe(
      errorCode('plan_not_started'),
    );
    expect((await call('POST', 'start', headers, { planId: 'nope', startDate: '2026-11-20' })).code).toBe(
      errorCode('not_found'),
    );
    await call('POST', 'start', headers, { planId: 'mcheyne', startDate: '2026-11-20' });
    expect((await call('POST', 'mark', headers, { planId: 'mcheyne', day: 9, read: true })).code).toBe(
      errorCode('not_found'),
    );
    expect((await call('POST', 'mark', headers, { planId: 'mcheyne', day: 1, reading: 7, read: true })).code).toBe(
      errorCode('not_found'),
    );
    // Leaving the plan takes its progress with it.
    await mark(headers, { day: 1, read: true, date: '2026-11-20' });
    expect((await call('POST', 'stop', headers, { planId: 'mcheyne' })).code).toBe(0);
    const list = (await call('GET', 'list', headers)).data as PlanSummary[];
    expect(list[0]!.progress).toBeNull();
  });

  it('keeps a guest’s run under its key and carries it, with what was read, into the account at login', async () => {
    const guest = { 'guest-key': t.container.services.guestKeys.keys.issue() };
    await call('POST', 'start', guest, { planId: 'mcheyne', startDate: '2026-11-20' });
    await mark(guest, { day: 1, read: true, date: '2026-11-20' });
    const mobile = `1360000${String(Math.floor(Math.random() * 9000) + 1000)}`;
    const account: LoginResult = await loginModes.code(t, mobile, guest);
    const bearer = { authorization: `Bearer ${account.access_token}` };
    const list = (await call('GET', 'list?date=2026-11-20', bearer)).data as PlanSummary[];
    expect(list[0]!.progress).toMatchObject({ startDate: '2026-11-20', completedDays: 1, streak: 1 });
    expect(((await call('GET', 'list', guest)).data as PlanSummary[])[0]!.progress).toBeNull();
  });

  it('erases a reader’s plans with the account', async () => {
    const user = await createTestUser(t.database, 'plan-leaver');
    await call('POST', 'start', user.headers, { planId: 'mcheyne', startDate: '2026-11-20' });
    await mark(user.headers, { day: 1, read: true, date: '2026-11-20' });
    const res = await post(t, '/portal/member/deregister', { confirm: true }, { headers: user.headers });
    expect(res.code).toBe(0);
    expect(await t.database.db.select().from(planEnrollments).where(eq(planEnrollments.userId, user.userId))).toEqual(
      [],
    );
    expect(await t.database.db.select().from(planProgress).where(eq(planProgress.userId, user.userId))).toEqual([]);
  });
});
