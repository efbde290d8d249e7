import type { Expression, Locale } from '@bible-qa/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../lib/api-client.ts';
import { useServices } from '../../lib/services.tsx';

/** The reading plan calls (under /webapi). */
export const PLAN_PATHS = {
  list: '/portal/plans/list',
  day: '/portal/plans/day',
  calendar: '/portal/plans/calendar',
  start: '/portal/plans/start',
  stop: '/portal/plans/stop',
  mark: '/portal/plans/mark',
} as const;

const schemas = () => import('./plans-schemas.ts');

export const planKeys = {
  all: ['plans'] as const,
  list: (date: string) => ['plans', 'list', date] as const,
  day: (planId: string, day: number | null, date: string, locale: Locale, expression = '') =>
    ['plans', 'day', planId, day ?? 'today', date, locale, expression] as const,
  calendar: (planId: string, date: string) => ['plans', 'calendar', planId, date] as const,
};

/** The reader's local calendar date, YYYY-MM-DD: their "today" for plan days and streaks. */
export function localDate(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export function plansQuery(api: ApiClient, date: string) {
  return queryOptions({
    queryKey: planKeys.list(date),
    queryFn: ({ signal }) =>
      api.get(PLAN_PATHS.list, { params: { date }, schema: () => schemas().then((m) => m.planListSchema), signal }),
  });
}

/** A day of a plan: `day` null asks for the one the reader's today falls on. */
export function planDayQuery(
  api: ApiClient,
  ask: { planId: string; day: number | null; date: string },
  locale: Locale,
  reader: { expression?: Expression },
) {
  return queryOptions({
    queryKey: planKeys.day(ask.planId, ask.day, ask.date, locale, reader.expression),
    queryFn: ({ signal }) =>
      api.get(PLAN_PATHS.day, {
        params: { planId: ask.planId, date: ask.date, ...(ask.day ? { day: ask.day } : {}), ...reader },
        schema: () => schemas().then((m) => m.planDayStateSchema),
        signal,
      }),
  });
}

export function planCalendarQuery(api: ApiClient, planId: string, date: string) {
  return queryOptions({
    queryKey: planKeys.calendar(planId, date),
    queryFn: ({ signal }) =>
      api.get(PLAN_PATHS.calendar, {
        params: { planId, date },
        schema: () => schemas().then((m) => m.planCalendarSchema),
        signal,
      }),
  });
}

/** Every change to a run (start, stop, a mark) makes every plan screen ask again. */
function usePlanMutation<T>(send: (api: ApiClient, input: T) => Promise<unknown>) {
  const { api } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    // A guest's runs are kept under the key the server issued it (decision 0022), asked for before its first.
    mutationFn: async (input: T) => {
      await api.ensureGuestKey();
      return send(api, input);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: planKeys.all }),
  });
}

export const useStartPlan = () =>
  usePlanMutation((api, input: { planId: string; startDate: string; date: string }) =>
    api.post(PLAN_PATHS.start, input),
  );
export const useStopPlan = () => usePlanMutation((api, planId: string) => api.post(PLAN_PATHS.stop, { planId }));
export const useMarkPlan = () =>
  usePlanMutation((api, input: { planId: string; day: number; reading?: number; read: boolean; date: string }) =>
    api.post(PLAN_PATHS.mark, input),
  );
