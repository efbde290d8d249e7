import { adminFeedbackPageSchema, adminFeedbackSchema, type AdminFeedback } from '@bible-qa/contract';
import { infiniteQueryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../lib/api-client.ts';

/** The admin's feedback calls (under /webapi/portal/admin, admins only). */
export const ADMIN_FEEDBACK_PATHS = {
  list: '/portal/admin/feedback/list',
  reply: '/portal/admin/feedback/reply',
} as const;
export const ADMIN_FEEDBACK_PAGE_SIZE = 20;
export type RepliedFilter = 'all' | 'false' | 'true';

export const adminFeedbackKeys = {
  all: ['admin-feedback'] as const,
  list: (filter: RepliedFilter) => ['admin-feedback', 'list', filter] as const,
};

export function adminFeedbackQuery(api: ApiClient, filter: RepliedFilter) {
  return infiniteQueryOptions({
    queryKey: adminFeedbackKeys.list(filter),
    queryFn: ({ pageParam, signal }) =>
      api.get(ADMIN_FEEDBACK_PATHS.list, {
        params: { page: pageParam, size: ADMIN_FEEDBACK_PAGE_SIZE, replied: filter === 'all' ? undefined : filter },
        schema: adminFeedbackPageSchema,
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) =>
      pages.length * ADMIN_FEEDBACK_PAGE_SIZE < last.total ? pages.length + 1 : undefined,
  });
}

export function replyToFeedback(api: ApiClient, id: string, reply: string): Promise<AdminFeedback> {
  return api.post(ADMIN_FEEDBACK_PATHS.reply, { id, reply }, { schema: adminFeedbackSchema });
}
