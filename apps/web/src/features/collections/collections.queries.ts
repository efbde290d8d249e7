import { answerSchema, collectionPageSchema } from '@bible-qa/contract';
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../lib/api-client.ts';
import { nextPageUntilTotal } from '../../lib/paging.ts';
import { useServices } from '../../lib/services.tsx';

/** The saved-answer calls of the chat API (under /webapi). */
export const COLLECTION_PATHS = {
  list: '/portal/chat/collections',
  uncollect: '/portal/chat/uncollect',
  /** One saved answer, also when its conversation has been deleted. */
  one: '/portal/chat/collection',
} as const;

export const COLLECTION_PAGE_SIZE = 20;

/** Everything here sits under 'collections', the key the chat screen marks stale when it collects an answer. */
export const collectionKeys = {
  all: ['collections'] as const,
  list: () => ['collections', 'list'] as const,
  one: (answerId: string) => ['collections', 'one', answerId] as const,
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

/** A saved answer with everything it came with (its conversation may be gone: collections outlive them). */
export function collectionQuery(api: ApiClient, answerId: string) {
  return queryOptions({
    queryKey: collectionKeys.one(answerId),
    queryFn: ({ signal }) => api.get(COLLECTION_PATHS.one, { params: { id: answerId }, schema: answerSchema, signal }),
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

/** Where "open the conversation" goes: the chat screen's address of a stored conversation (a new one for null). */
export function conversationLink(conversationId: string | null): string {
  return conversationId ? `/chat?id=${encodeURIComponent(conversationId)}` : '/chat?_n=1';
}

export function detailLink(answerId: string): string {
  return `/collect?id=${encodeURIComponent(answerId)}`;
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
