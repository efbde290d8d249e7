import { Globals } from '@react-spring/web';
import type { PlanDayState, PlanProgress } from '@bible-qa/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { serveApi } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { PLAN_PATHS } from './plans.queries.ts';

Globals.assign({ skipAnimation: true });

const TITLES = ['创世记 1章', '马太福音 1章', '以斯拉记 1章', '使徒行传 1章'];

/** A server that keeps one reader's run of a 3-day plan and works out progress as the API does (simplified). */
function planServer() {
  let startDate: string | null = null;
  const read = new Set<string>();
  const progress = (): PlanProgress | null => {
    if (!startDate) return null;
    const complete = [1, 2, 3].filter((d) => [0, 1, 2, 3].every((r) => read.has(`${d}.${r}`))).length;
    return {
      startDate,
      today: 1,
      completedDays: complete,
      percent: Math.floor((complete * 100) / 3),
      behind: 0,
      streak: read.size > 0 ? 1 : 0,
      bestStreak: read.size > 0 ? 1 : 0,
      readToday: read.size > 0,
      finished: complete === 3,
    };
  };
  const dayState = (day: number): PlanDayState => ({
    planId: 'mcheyne',
    day,
    days: 3,
    date: startDate,
    readings: TITLES.map((title, i) => ({
      label: title,
      references: [`GEN.${day}.1-GEN.${day}.31`],
      title,
      read: read.has(`${day}.${i}`),
    })),
    progress: progress(),
  });
  const api = serveApi({
    [PLAN_PATHS.list]: () => [{ id: 'mcheyne', days: 3, readingsPerDay: 4, progress: progress() }],
    [PLAN_PATHS.day]: (query) => dayState(Number(query.get('day') ?? 1)),
    [PLAN_PATHS.calendar]: () => ({
      planId: 'mcheyne',
      days: 3,
      complete: [1, 2, 3].filter((d) => [0, 1, 2, 3].every((r) => read.has(`${d}.${r}`))),
      partial: [],
      progress: progress(),
    }),
    [PLAN_PATHS.start]: (_q, body) => {
      startDate = String(body?.startDate);
      return { id: 'mcheyne', days: 3, readingsPerDay: 4, progress: progress() };
    },
    [PLAN_PATHS.mark]: (_q, body) => {
      const { day, reading, read: isRead } = body as { day: number; reading?: number; read: boolean };
      for (const r of reading === undefined ? [0, 1, 2, 3] : [reading]) {
        if (isRead) read.add(`${day}.${r}`);
        else read.delete(`${day}.${r}`);
      }
      return dayState(day);
    },
  });
  return { api };
}

describe('reading plans', () => {
  it('starts the M’Cheyne plan on a date, marks a reading and the day read, and shows the progress', async () => {
    const { api } = planServer();
    const { location } = renderApp('/plans');
    const card = await screen.findByTestId('plans-card-mcheyne');
    expect(card.textContent).toContain('麦琴读经计划');
    expect(card.textContent).toContain('共 3 天，每天 4 段');
    const date = within(card).getByTestId('plans-start-date').querySelector('input')!;
    fireEvent.change(date, { target: { value: '2026-11-20' } });
    fireEvent.click(within(card).getByTestId('plans-start'));
    await waitFor(() => expect(location()).toBe('/plans/mcheyne'));
    expect(api.to(PLAN_PATHS.start)[0]!.body).toMatchObject({ planId: 'mcheyne', startDate: '2026-11-20' });

    const day = await screen.findByTestId('plan-day');
    expect(
      within(day)
        .getAllByText(/章$/)
        .map((el) => el.textContent),
    ).toEqual(TITLES);
    // Each reading opens its chapter in the reader.
    expect(within(day).getByTestId('plan-reading-open-1').getAttribute('href')).toBe('/read/GEN/1');

    fireEvent.click(within(screen.getByTestId('plan-reading-1')).getByRole('checkbox'));
    await waitFor(() => expect(screen.getByTestId('plan-reading-1').dataset.read).toBe('true'));
    expect(api.to(PLAN_PATHS.mark)[0]!.body).toMatchObject({ planId: 'mcheyne', day: 1, reading: 0, read: true });
    expect((await screen.findByTestId('plans-streak')).textContent).toBe('连续读经 1 天');

    fireEvent.click(screen.getByTestId('plan-day-mark'));
    await waitFor(() => expect(screen.getByTestId('plans-progress-percent').textContent).toBe('已完成 33%'));
    expect(screen.getByTestId('plans-progress-days').textContent).toBe('读完 1 / 3 天');
    await waitFor(() => expect(screen.getByTestId('plan-cell-1').dataset.state).toBe('complete'));
    expect(screen.getByTestId('plan-day-mark').textContent).toBe('标记为未读');
  });
});
