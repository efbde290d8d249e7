import {
  DEVOTIONAL_PAGE_SIZE,
  devotionalDetailSchema,
  devotionalPageSchema,
  devotionalTodaySchema,
  devotionalTranslationSchema,
  type Expression,
  type Locale,
} from '@bible-qa/contract';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../lib/api-client.ts';

/** The devotional calls (under /webapi). */
export const DEVOTIONAL_PATHS = {
  today: '/portal/devotional/today',
  list: '/portal/devotional/list',
  info: '/portal/devotional/info',
  translation: '/portal/devotional/translation',
} as const;

/** The list's date filter as query parameters (one of week, month, days + endDate, startDate + endDate). */
export type ListParams = Record<string, string | number>;

/** The reader's tradition picks the scripture's translation and book names (`expressionParams` in lib/preferences). */
export type ReaderParams = { expression?: Expression };

export const devotionalKeys = {
  all: ['devotionals'] as const,
  today: (date: string, locale: Locale, reader: ReaderParams) =>
    ['devotionals', 'today', date, locale, reader.expression ?? ''] as const,
  list: (params: ListParams, locale: Locale, reader: ReaderParams) =>
    ['devotionals', 'list', JSON.stringify(params), locale, reader.expression ?? ''] as const,
  info: (id: string, locale: Locale, reader: ReaderParams) =>
    ['devotionals', 'info', id, locale, reader.expression ?? ''] as const,
  translation: (id: string, locale: Locale) => ['devotionals', 'translation', id, locale] as const,
};

/** The reader's day: the readings and the plan day. `date` is the reader's local today. */
export function todayQuery(api: ApiClient, date: string, locale: Locale, reader: ReaderParams) {
  return queryOptions({
    queryKey: devotionalKeys.today(date, locale, reader),
    queryFn: ({ signal }) =>
      api.get(DEVOTIONAL_PATHS.today, { params: { date, ...reader }, schema: devotionalTodaySchema, signal }),
  });
}

export function listQuery(api: ApiClient, params: ListParams, today: string, locale: Locale, reader: ReaderParams) {
  return infiniteQueryOptions({
    queryKey: devotionalKeys.list(params, locale, reader),
    queryFn: ({ pageParam, signal }) =>
      api.get(DEVOTIONAL_PATHS.list, {
        params: { ...params, ...reader, date: today, page: pageParam, size: DEVOTIONAL_PAGE_SIZE },
        schema: devotionalPageSchema,
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.size < last.total ? last.page + 1 : undefined),
  });
}

export function infoQuery(api: ApiClient, id: string, locale: Locale, reader: ReaderParams) {
  return queryOptions({
    queryKey: devotionalKeys.info(id, locale, reader),
    queryFn: ({ signal }) =>
      api.get(DEVOTIONAL_PATHS.info, { params: { id, ...reader }, schema: devotionalDetailSchema, signal }),
  });
}

/** The machine translation, asked for only when the server offers one; kept for the visit. */
export function translationQuery(api: ApiClient, id: string, locale: Locale, enabled: boolean) {
  return queryOptions({
    queryKey: devotionalKeys.translation(id, locale),
    queryFn: ({ signal }) =>
      api.get(DEVOTIONAL_PATHS.translation, { params: { id }, schema: devotionalTranslationSchema, signal }),
    enabled,
    staleTime: Infinity,
    retry: false,
  });
}
