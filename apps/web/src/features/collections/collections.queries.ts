import { chatTurnSchema, collectionPageSchema } from '@bible-qa/contract';
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { ApiClient } from '../../lib/api-client.ts';
import { nextPageUntilTotal } from '../../lib/paging.ts';
import { useServices } from '../../lib/services.tsx';

/** The saved-answer calls of the chat API (under /webapi). */
export const COLLECTION_PATHS = {
  list: '/portal/chat/collections',
  uncollect: '/portal/chat/uncollect',
  messages: '/portal/chat/messages',
} as const;

export const COLLECTION_PAGE_SIZE = 20;

/** Everything here sits under 'collections', the key the chat screen marks stale when it collects an answer. */
export const collectionKeys = {
  all: ['collections'] as const,
  list: () => ['collections', 'list'] as const,
  conversation: (conversationId: string) => ['collections', 'conversation', conversationId] as const,
};

export function collectionsQuery(api: ApiClient) {
  return infiniteQueryOptions({
    queryKey: collectionKeys.list(),
    queryFn: ({ pageParam, signal }) =>
      api.get(COLLECTION_PATHS.list, {
        params: { page: pageParam, size: COLLECTION_PAGE_SIZE },
        schema: collectionPageSchema,
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => nextPageUntilTotal(last, pages),
  });
}

/** A saved answer is shown from its conversation's stored turns. */
export function conversationQuery(api: ApiClient, conversationId: string) {
  return queryOptions({
    queryKey: collectionKeys.conversation(conversationId),
    queryFn: ({ signal }) =>
      api.get(COLLECTION_PATHS.messages, { params: { conversationId }, schema: z.array(chatTurnSchema), signal }),
  });
}

export function useUncollect() {
  const { api } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post(COLLECTION_PATHS.uncollect, { id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: collectionKeys.all }),
  });
}

/** Where "open the conversation" goes: the chat screen opens a stored conversation named in its URL. */
export function conversationLink(conversationId: string): string {
  return `/chat?conversation=${encodeURIComponent(conversationId)}`;
}

export function detailLink(answerId: string, conversationId: string): string {
  return `/collect?id=${encodeURIComponent(answerId)}&conversation=${encodeURIComponent(conversationId)}`;
}

/** The first words of an answer without markdown marks, for a list line. */
export function excerptOf(content: string, length = 120): string {
  const plain = content
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_`~]+/g, '')
    .replace(/^\s*(?:#+|>|[-+]|\d+\.)\s+/gm, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > length ? `${plain.slice(0, length)}…` : plain;
}
