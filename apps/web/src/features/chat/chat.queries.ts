import type { askRequestSchema, ChatEvent, Expression, FeedbackType, ShareTheme } from '@bible-qa/contract';
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { z } from 'zod';
import type { ApiClient } from '../../lib/api-client.ts';
import { nextPageUntilTotal } from '../../lib/paging.ts';
import { useServices } from '../../lib/services.tsx';
import { resumableChatEvents } from './chat-stream.ts';

/** The validators load with the first answer that needs them (see chat-schemas.ts). */
const schemas = () => import('./chat-schemas.ts');

/** The chat calls (under /webapi) and the Bible engine calls the answer's verse previews use. */
export const CHAT_PATHS = {
  ask: '/portal/chat/ask',
  resend: '/portal/chat/resend',
  follow: '/portal/chat/follow',
  stop: '/portal/chat/stop',
  sessions: '/portal/chat/sessions',
  recent: '/portal/chat/recent',
  messages: '/portal/chat/messages',
  rename: '/portal/chat/session/rename',
  remove: '/portal/chat/session/delete',
  collect: '/portal/chat/collect',
  uncollect: '/portal/chat/uncollect',
  rate: '/portal/chat/rate',
  batch: '/portal/chat/batch',
  parallel: '/bible/parallel',
  translations: '/bible/translations',
  shareCard: '/portal/share/card',
  shareCreate: '/portal/share/create',
} as const;

export const SESSION_PAGE_SIZE = 20;

export const chatKeys = {
  all: ['chat'] as const,
  sessions: () => ['chat', 'sessions'] as const,
  recent: () => ['chat', 'recent'] as const,
  messages: (conversationId: string) => ['chat', 'messages', conversationId] as const,
  /** Whatever lists saved answers (the collections screens) keys its queries under 'collections': a collect here
   * marks them stale. */
  collections: () => ['collections'] as const,
  /** The translations that hold one passage, the reader's own first. */
  translationsOf: (reference: string, expression = '') => ['bible', 'translations', reference, expression] as const,
  shareCard: (ids: readonly string[], theme: ShareTheme) => ['chat', 'share-card', ids.join(','), theme] as const,
  /** The settings screen lists the user's share links under this key: a new link marks it stale. */
  shareLinks: () => ['share', 'links'] as const,
  parallel: (reference: string, translations: readonly string[], expression = '') =>
    ['bible', 'parallel', reference, translations.join(','), expression] as const,
};

export type AskBody = z.input<typeof askRequestSchema>;
export type Rating = 'like' | 'dislike' | null;

/**
 * The validated events of an ask (spec §2 Chat): fetch with the usual headers, read as server-sent events; a dropped
 * connection is picked up again where it left off (resumableChatEvents).
 */
export function askEvents(api: ApiClient, body: AskBody, signal: AbortSignal): AsyncGenerator<ChatEvent> {
  return resumableChatEvents((lastEventId) => api.stream(CHAT_PATHS.ask, body, { signal, lastEventId }), signal);
}

/** A new answer to the question of an earlier one (resumed the same way). */
export function resendEvents(
  api: ApiClient,
  body: { answerId: string; requestId: string },
  signal: AbortSignal,
): AsyncGenerator<ChatEvent> {
  return resumableChatEvents((lastEventId) => api.stream(CHAT_PATHS.resend, body, { signal, lastEventId }), signal);
}

/**
 * A kept answer followed from where it is: the rest of one still being written (after a reload, a return to the chat
 * or a login), or the whole of one that is over (resumed the same way).
 */
export function followEvents(api: ApiClient, answerId: string, signal: AbortSignal): AsyncGenerator<ChatEvent> {
  return resumableChatEvents(
    (lastEventId) => api.stream(CHAT_PATHS.follow, { answerId }, { signal, lastEventId }),
    signal,
  );
}

/** Stops an answer on the server; resolves with the localized 'reply stopped for you'. */
export function stopAnswer(api: ApiClient, id: string): Promise<string> {
  return api.message('POST', CHAT_PATHS.stop, { body: { id } });
}

export function sessionsQuery(api: ApiClient) {
  return infiniteQueryOptions({
    queryKey: chatKeys.sessions(),
    queryFn: ({ pageParam, signal }) =>
      api.get(CHAT_PATHS.sessions, {
        params: { page: pageParam, size: SESSION_PAGE_SIZE },
        schema: () => schemas().then((m) => m.sessionPageSchema),
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => nextPageUntilTotal(last, pages),
  });
}

export function recentQuery(api: ApiClient) {
  return queryOptions({
    queryKey: chatKeys.recent(),
    queryFn: ({ signal }) =>
      api.get(CHAT_PATHS.recent, { schema: () => schemas().then((m) => m.recentSchema), signal }),
  });
}

export function messagesQuery(api: ApiClient, conversationId: string) {
  return queryOptions({
    queryKey: chatKeys.messages(conversationId),
    queryFn: ({ signal }) =>
      api.get(CHAT_PATHS.messages, {
        params: { conversationId },
        schema: () => schemas().then((m) => m.chatTurnsSchema),
        signal,
      }),
    staleTime: 0,
  });
}

/** The translations that hold a passage, the reader's own first (never the Septuagint for John 3:16). */
export function translationsQuery(api: ApiClient, reference: string, reader: { expression?: Expression }) {
  return queryOptions({
    queryKey: chatKeys.translationsOf(reference, reader.expression),
    queryFn: ({ signal }) =>
      api.get(CHAT_PATHS.translations, {
        params: { ref: reference, ...reader },
        schema: () => schemas().then((m) => m.translationsSchema),
        signal,
      }),
    staleTime: Infinity,
  });
}

/** The passage sheet: one passage side by side, titled in the reader's tradition (`expression`). */
export function parallelQuery(
  api: ApiClient,
  reference: string,
  translations: readonly string[],
  reader: { expression?: Expression },
) {
  return queryOptions({
    queryKey: chatKeys.parallel(reference, translations, reader.expression),
    queryFn: ({ signal }) =>
      api.get(CHAT_PATHS.parallel, {
        params: { ref: reference, translations: translations.join(','), ...reader },
        schema: () => schemas().then((m) => m.parallelSchema),
        signal,
      }),
    staleTime: Infinity,
    enabled: translations.length > 0,
  });
}

export function useRenameSession() {
  const { api } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, title }: { id: string; title: string }) => api.post(CHAT_PATHS.rename, { id, title }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatKeys.sessions() }),
  });
}

export function useDeleteSession() {
  const { api } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post(CHAT_PATHS.remove, { id }),
    onSuccess: async (_data, id) => {
      queryClient.removeQueries({ queryKey: chatKeys.messages(id) });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: chatKeys.sessions() }),
        queryClient.invalidateQueries({ queryKey: chatKeys.recent() }),
        queryClient.invalidateQueries({ queryKey: chatKeys.collections() }),
      ]);
    },
  });
}

export function useRateAnswer() {
  const { api } = useServices();
  return useMutation({
    mutationFn: ({ id, rating, reason }: { id: string; rating: Rating; reason?: FeedbackType | null }) =>
      api.post(CHAT_PATHS.rate, { id, rating, ...(reason ? { reason } : {}) }),
  });
}

export function useCollectAnswer() {
  const { api } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, collect }: { id: string; collect: boolean }) =>
      api.post(collect ? CHAT_PATHS.collect : CHAT_PATHS.uncollect, { id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatKeys.collections() }),
  });
}

export function useBatchCollect() {
  const { api } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => api.post(CHAT_PATHS.batch, { ids, action: 'collect' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatKeys.collections() }),
  });
}

/**
 * The share card of the user's answers, drawn by the server (PNG). The API client hands back the body as received:
 * an image, or on refusal the envelope, whose message it has not shown, so it is thrown for the sheet to show.
 */
export function shareCardQuery(api: ApiClient, ids: readonly string[], theme: ShareTheme) {
  return queryOptions({
    queryKey: chatKeys.shareCard(ids, theme),
    queryFn: async ({ signal }) => {
      const body = await api.post<unknown>(CHAT_PATHS.shareCard, { ids: [...ids], theme }, { raw: true, signal });
      // Duck-typed: a Blob from another realm (a worker, a test's fetch) is still the image.
      if (body && typeof body === 'object' && (body as Blob).type === 'image/png' && 'arrayBuffer' in body) {
        return body as Blob;
      }
      const msg = body && typeof body === 'object' && 'msg' in body ? String((body as { msg: unknown }).msg) : '';
      throw new Error(msg);
    },
    staleTime: 5 * 60_000,
    retry: false,
  });
}

export function useCreateShare() {
  const { api } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: readonly string[]) =>
      api.post(CHAT_PATHS.shareCreate, { ids: [...ids] }, { schema: () => schemas().then((m) => m.shareLinkSchema) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatKeys.shareLinks() }),
  });
}

/** After an answer is stored, the history lists change. */
export function useInvalidateHistory(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: chatKeys.sessions() });
    void queryClient.invalidateQueries({ queryKey: chatKeys.recent() });
  }, [queryClient]);
}
