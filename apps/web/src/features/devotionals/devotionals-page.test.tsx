import { Globals } from '@react-spring/web';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DevotionalDetail, DevotionalSummary, PlanDay } from '@bible-qa/contract';
import { writeTourAnswers } from '../../lib/preferences.ts';
import { createAppStorage } from '../../lib/storage.ts';
import { renderApp } from '../../test/render-app.tsx';
import { DEVOTIONAL_PATHS } from './devotionals.queries.ts';

Globals.assign({ skipAnimation: true });

type Handler = (query: URLSearchParams) => unknown;
const envelope = (data: unknown, code = 0, msg = 'ok') =>
  new Response(JSON.stringify({ code, msg, data }), { headers: { 'Content-Type': 'application/json' } });

/** A fake /webapi: each handler answers data (wrapped in the envelope) or a Response. */
function serve(handlers: Record<string, Handler>) {
  const calls: { path: string; query: URLSearchParams; locale: string | null }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const path = url.pathname.replace(/^\/webapi/, '');
      calls.push({ path, query: url.searchParams, locale: new Headers(init.headers).get('Locale') });
      const handler = handlers[path];
      if (!handler) return envelope(null, 10004, 'not found');
      const out = handler(url.searchParams);
      return out instanceof Response ? out : envelope(out);
    }),
  );
  return { calls, to: (path: string) => calls.filter((c) => c.path === path) };
}

const summary = (over: Partial<DevotionalSummary>): DevotionalSummary => ({
  id: 'spurgeon-me:01-01-morning',
  date: '2026-01-01',
  month: 1,
  day: 1,
  period: 'morning',
  title: 'January 1st—Morning Reading',
  scripture: '"They did eat of the fruit of the land of Canaan that year."—Joshua 5:12',
  reference: 'JOS.5.12',
  referenceTitle: '约书亚记 5:12',
  lang: 'en',
  readingMinutes: 2,
  presentation: 'related_literature',
  ...over,
});
const plan: PlanDay = {
  planId: 'mcheyne',
  day: 1,
  month: 1,
  dayOfMonth: 1,
  readings: [
    {
      label: 'Genesis 1',
      references: ['GEN.1.1-GEN.1.31'],
      title: '创世记 1:1-31',
      passages: [
        {
          reference: 'GEN.1.1-GEN.1.31',
          translationReference: 'GEN.1.1-GEN.1.31',
          title: '创世记 1:1-31',
          translation: { id: 'cuv-hans', name: '和合本', language: 'zh-Hans' },
          verses: [{ book: 'GEN', chapter: 1, verse: 1, text: '起初，神创造天地。' }],
        },
      ],
    },
    { label: 'Matthew 1', references: ['MAT.1.1-MAT.1.25'], title: '马太福音 1:1-25', passages: [] },
    { label: 'Ezra 1', references: ['EZR.1.1-EZR.1.11'], title: '以斯拉记 1:1-11', passages: [] },
    { label: 'Acts 1', references: ['ACT.1.1-ACT.1.26'], title: '使徒行传 1:1-26', passages: [] },
  ],
};
const morning = summary({});
const evening = summary({ id: 'spurgeon-me:01-01-evening', period: 'evening', referenceTitle: '雅歌 1:4' });
const page = (items: DevotionalSummary[], query: URLSearchParams, total = items.length) => ({
  items,
  total,
  page: Number(query.get('page')),
  size: Number(query.get('size')),
  startDate: '2025-12-29',
  endDate: '2026-01-04',
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 0, 1, 9, 0, 0));
});

describe('devotionals page', () => {
  it("shows the reader's today with reading times, the literature label and the plan, then filters by week", async () => {
    const server = serve({
      [DEVOTIONAL_PATHS.today]: (q) => ({ date: q.get('date'), devotionals: [morning, evening], plan }),
      [DEVOTIONAL_PATHS.list]: (q) => (q.get('week') === '2026-W01' ? page([evening, morning], q) : page([], q)),
    });
    renderApp('/devotionals');
    const today = await screen.findByTestId('devotionals-today');
    await waitFor(() => expect(within(today).getAllByTestId('devotional-item')).toHaveLength(2));
    expect(server.to(DEVOTIONAL_PATHS.today)[0]!.query.get('date')).toBe('2026-01-01');
    expect(within(today).getAllByTestId('devotional-reading-time')[0]!.textContent).toBe('约 2 分钟阅读');
    expect(within(today).getAllByTestId('devotional-related-tag')[0]!.textContent).toBe('相关文献（英文）');
    expect(within(today).getAllByTestId('devotional-item')[0]!.textContent).toContain('约书亚记 5:12');
    const planView = within(today).getByTestId('devotionals-plan');
    expect(planView.textContent).toContain('麦琴读经计划 · 第 1 天');
    fireEvent.click(within(planView).getByTestId('devotionals-plan-reading-1'));
    expect((await within(planView).findByTestId('devotionals-plan-passage-1')).textContent).toContain(
      '起初，神创造天地',
    );
    // Each reading opens whole in the chapter reader, in the translation shown.
    expect(within(planView).getByTestId('devotionals-plan-passage-1-read').getAttribute('href')).toMatch(
      /^\/read\/GEN\/1\?v=1-31&t=/,
    );
    fireEvent.click(within(planView).getByTestId('devotionals-plan-reading-2'));
    expect(await within(planView).findByTestId('devotionals-plan-missing-2')).toBeTruthy();

    // The default filter is this week: ISO week 1 of 2026 holds 1 January.
    const list = screen.getByTestId('devotionals-list');
    await waitFor(() => expect(within(list).getAllByTestId('devotional-item')).toHaveLength(2));
    expect(server.to(DEVOTIONAL_PATHS.list)[0]!.query.get('week')).toBe('2026-W01');
    expect(screen.getByTestId('devotionals-range').textContent).toContain('共 2 篇');
    expect(await within(list).findByTestId('devotionals-no-more')).toBeTruthy();

    fireEvent.click(screen.getByTestId('devotionals-filter-next'));
    expect(await screen.findByTestId('devotionals-empty')).toBeTruthy();
    expect(server.to(DEVOTIONAL_PATHS.list).at(-1)!.query.get('week')).toBe('2026-W02');
  });

  it('asks for a month, the last N days and a date range with the §2 parameters', async () => {
    const server = serve({
      [DEVOTIONAL_PATHS.today]: (q) => ({ date: q.get('date'), devotionals: [], plan: null }),
      [DEVOTIONAL_PATHS.list]: (q) => page([], q),
    });
    renderApp('/devotionals');
    expect(await screen.findByTestId('devotionals-today-empty')).toBeTruthy();
    const last = () => server.to(DEVOTIONAL_PATHS.list).at(-1)!.query;

    fireEvent.click(screen.getByTestId('devotionals-filter-month'));
    await waitFor(() => expect(last().get('month')).toBe('2026-01'));
    fireEvent.click(screen.getByTestId('devotionals-filter-prev'));
    await waitFor(() => expect(last().get('month')).toBe('2025-12'));

    fireEvent.click(screen.getByTestId('devotionals-filter-days'));
    fireEvent.click(await screen.findByTestId('devotionals-days-14'));
    await waitFor(() => expect(last().get('days')).toBe('14'));
    expect(last().get('endDate')).toBe('2025-12-01');

    fireEvent.click(screen.getByTestId('devotionals-filter-range'));
    const start = screen.getByTestId('devotionals-filter-start').querySelector('input')!;
    const end = screen.getByTestId('devotionals-filter-end').querySelector('input')!;
    fireEvent.change(start, { target: { value: '2026-01-02' } });
    fireEvent.change(end, { target: { value: '2026-01-05' } });
    await waitFor(() => expect([last().get('startDate'), last().get('endDate')]).toEqual(['2026-01-02', '2026-01-05']));
    expect(last().get('date')).toBe('2026-01-01');
  });

  it('loads the next page as the list end comes near', async () => {
    // InfiniteScroll throttles on the clock: let it run.
    vi.useRealTimers();
    const many = Array.from({ length: 10 }, (_, i) =>
      summary({
        id: `spurgeon-me:01-${String(i + 1).padStart(2, '0')}-morning`,
        date: `2026-01-${String(i + 1).padStart(2, '0')}`,
      }),
    );
    const server = serve({
      [DEVOTIONAL_PATHS.today]: (q) => ({ date: q.get('date'), devotionals: [], plan: null }),
      [DEVOTIONAL_PATHS.list]: (q) =>
        q.get('page') === '1'
          ? page(many, q, 12)
          : page(
              many.slice(0, 2).map((d) => ({ ...d, date: d.date!.replace('2026-01', '2025-12') })),
              q,
              12,
            ),
    });
    // jsdom lays nothing out: InfiniteScroll checks only elements with an offsetParent.
    const offsetParent = vi.spyOn(HTMLElement.prototype, 'offsetParent', 'get').mockImplementation(function (
      this: HTMLElement,
    ) {
      return this.parentElement;
    });
    renderApp('/devotionals');
    const list = await screen.findByTestId('devotionals-list');
    await waitFor(() => expect(within(list).getAllByTestId('devotional-item')).toHaveLength(12));
    expect(server.to(DEVOTIONAL_PATHS.list).map((c) => c.query.get('page'))).toEqual(['1', '2']);
    expect(await within(list).findByTestId('devotionals-no-more')).toBeTruthy();
    offsetParent.mockRestore();
  });

  it('shows the error state with a retry when the library is being prepared', async () => {
    let ready = false;
    serve({
      [DEVOTIONAL_PATHS.today]: (q) =>
        ready
          ? { date: q.get('date'), devotionals: [morning], plan: null }
          : envelope(null, 10503, '圣经资料库正在准备中（40%），请稍后再试'),
      [DEVOTIONAL_PATHS.list]: (q) => (ready ? page([], q) : envelope(null, 10503, 'preparing')),
    });
    const { toast } = renderApp('/devotionals');
    const error = await screen.findByTestId('devotionals-today-error');
    expect(screen.getByTestId('devotionals-error')).toBeTruthy();
    expect(toast).toHaveBeenCalledWith('圣经资料库正在准备中（40%），请稍后再试');
    ready = true;
    fireEvent.click(within(error).getByRole('button'));
    await waitFor(() =>
      expect(within(screen.getByTestId('devotionals-today')).getAllByTestId('devotional-item')).toHaveLength(1),
    );
  });
});

describe('one devotional', () => {
  const detail: DevotionalDetail = {
    ...summary({ date: null }),
    text: 'Israel’s weary wanderings were all over.\nPerhaps this year may be thy case.',
    passages: [],
    plan,
    translated: null,
    machineTranslation: true,
  };
  const stored = {
    id: detail.id,
    language: 'zh-cn' as const,
    title: '一月一日——晨间',
    text: '以色列疲惫的漂流都结束了。',
    readingMinutes: 1,
    presentation: 'machine_translated' as const,
  };

  it('opens from the list and shows the machine translation labelled, with the English original a tap away', async () => {
    const server = serve({
      [DEVOTIONAL_PATHS.today]: (q) => ({ date: q.get('date'), devotionals: [morning], plan: null }),
      [DEVOTIONAL_PATHS.list]: (q) => page([], q),
      [DEVOTIONAL_PATHS.info]: () => detail,
      [DEVOTIONAL_PATHS.translation]: () => ({
        id: detail.id,
        language: 'zh-cn',
        title: '一月一日——晨间',
        text: '以色列疲惫的漂流都结束了。',
        readingMinutes: 1,
        presentation: 'machine_translated',
      }),
    });
    const { location } = renderApp('/devotionals');
    const item = await within(await screen.findByTestId('devotionals-today')).findByTestId('devotional-item');
    fireEvent.click(item);
    const view = await screen.findByTestId('devotional-detail');
    expect(location()).toBe(`/devotionals/${encodeURIComponent(detail.id)}`);
    expect(server.to(DEVOTIONAL_PATHS.info)[0]!.query.get('id')).toBe(detail.id);
    expect(within(view).getByTestId('devotional-detail-title').textContent).toBe('1月1日 · 晨间灵修');
    await waitFor(() =>
      expect(within(view).getByTestId('devotional-text').textContent).toBe('以色列疲惫的漂流都结束了。'),
    );
    expect(within(view).getByTestId('devotional-presentation').textContent).toBe('AI 翻译');
    expect(within(view).getByTestId('devotional-machine-notice')).toBeTruthy();
    expect(within(view).getByTestId('devotional-reading-time').textContent).toBe('约 1 分钟阅读');
    fireEvent.click(within(view).getByTestId('devotional-toggle'));
    expect(within(view).getByTestId('devotional-text').querySelectorAll('p')).toHaveLength(2);
    expect(within(view).getByTestId('devotional-presentation').textContent).toBe('相关文献（英文）');
    expect(screen.getByTestId('devotionals-plan')).toBeTruthy();
  });

  it('serves the translation stored for the reader’s language with the reading, marked as translated by AI', async () => {
    const server = serve({
      [DEVOTIONAL_PATHS.info]: () => ({ ...detail, presentation: 'machine_translated', translated: stored }),
    });
    renderApp(`/devotionals/${encodeURIComponent(detail.id)}`);
    const view = await screen.findByTestId('devotional-detail');
    expect(within(view).getByTestId('devotional-text').textContent).toBe('以色列疲惫的漂流都结束了。');
    expect(within(view).getByTestId('devotional-presentation').textContent).toBe('AI 翻译');
    expect(within(view).getByTestId('devotional-machine-notice').textContent).toContain('由 AI 从英文翻译');
    // Nothing more to ask: the stored translation came with the reading.
    expect(server.to(DEVOTIONAL_PATHS.translation)).toHaveLength(0);
    expect(screen.queryByTestId('devotional-plan-lead')).toBeNull();
  });

  it('with no translation and no model, leads with the day’s readings in the reader’s Bible, the English after', async () => {
    const server = serve({ [DEVOTIONAL_PATHS.info]: () => ({ ...detail, machineTranslation: false }) });
    renderApp(`/devotionals/${encodeURIComponent(detail.id)}`);
    const view = await screen.findByTestId('devotional-detail');
    const lead = within(view).getByTestId('devotional-plan-lead');
    const english = within(view).getByTestId('devotional-text');
    // The plan's readings come first in the page, open, in the reader's translation; the English reflection follows.
    expect(lead.compareDocumentPosition(english) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(lead).getByTestId('devotionals-plan-passage-1').textContent).toContain('起初');
    expect(within(view).getByTestId('devotional-related-notice').textContent).toContain('还没有译成你的语言');
    expect(within(view).getByTestId('devotional-presentation').textContent).toBe('相关文献（英文）');
    expect(server.to(DEVOTIONAL_PATHS.translation)).toHaveLength(0);
    expect(screen.getAllByTestId('devotionals-plan')).toHaveLength(1);
  });

  it('keeps the reading as related literature when no translation is offered, in English', async () => {
    window.localStorage.setItem('APP_GLOBAL_SETTINGS', JSON.stringify({ language: 'en' }));
    const server = serve({ [DEVOTIONAL_PATHS.info]: () => ({ ...detail, machineTranslation: false }) });
    renderApp(`/devotionals/${encodeURIComponent(detail.id)}`);
    const view = await screen.findByTestId('devotional-detail');
    expect(within(view).getByTestId('devotional-presentation').textContent).toBe('Related literature (English)');
    expect(within(view).getByTestId('devotional-related-notice')).toBeTruthy();
    expect(within(view).getByTestId('devotional-detail-title').textContent).toBe('January 1 · Morning');
    expect(server.to(DEVOTIONAL_PATHS.translation)).toHaveLength(0);
    expect(server.to(DEVOTIONAL_PATHS.info)[0]!.locale).toBe('en');
  });

  it("sends the reader's chosen tradition with today, the list and a reading, and none before a choice", async () => {
    const server = serve({
      [DEVOTIONAL_PATHS.today]: (q) => ({ date: q.get('date'), devotionals: [morning], plan: null }),
      [DEVOTIONAL_PATHS.list]: (q) => page([], q),
      [DEVOTIONAL_PATHS.info]: () => detail,
    });
    const first = renderApp('/devotionals');
    await within(await screen.findByTestId('devotionals-today')).findByTestId('devotional-item');
    expect(server.to(DEVOTIONAL_PATHS.today)[0]!.query.has('expression')).toBe(false);
    first.unmount();

    writeTourAnswers(createAppStorage(window.localStorage), { expression: 'orthodox' });
    renderApp('/devotionals');
    const item = await within(await screen.findByTestId('devotionals-today')).findByTestId('devotional-item');
    await waitFor(() => expect(server.to(DEVOTIONAL_PATHS.list).length).toBeGreaterThan(1));
    expect(server.to(DEVOTIONAL_PATHS.today).at(-1)!.query.get('expression')).toBe('orthodox');
    expect(server.to(DEVOTIONAL_PATHS.list).at(-1)!.query.get('expression')).toBe('orthodox');
    fireEvent.click(item);
    await screen.findByTestId('devotional-detail');
    expect(server.to(DEVOTIONAL_PATHS.info)[0]!.query.get('expression')).toBe('orthodox');
  });

  it('says when a reading does not exist', async () => {
    serve({ [DEVOTIONAL_PATHS.info]: () => envelope(null, 10006, '内容不存在或已被删除') });
    renderApp('/devotionals/spurgeon-me:13-40-morning');
    expect(await screen.findByTestId('devotionals-not-found')).toBeTruthy();
  });
});
