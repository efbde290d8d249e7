import {
  CONVERSATION_SEARCH_PAGE_SIZE,
  conversationSearchPageSchema,
  searchResultSchema,
  type Expression,
  type Locale,
} from '@bible-qa/contract';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../lib/api-client.ts';
import { nextPageUntilTotal } from '../../lib/paging.ts';

/** The calls of the search screen (under /webapi): the reader's conversations and the Bible. */
export const SEARCH_PATHS = { conversations: '/portal/chat/search', bible: '/bible/search' } as const;

/** Verse hits shown for a query (the retriever ranks them as an answer would cite them). */
export const BIBLE_HITS = 20;

export type ReaderParams = { expression?: Expression };

export const searchKeys = {
  conversations: (q: string) => ['search', 'conversations', q] as const,
  bible: (q: string, locale: Locale, reader: ReaderParams) =>
    ['search', 'bible', q, locale, reader.expression ?? ''] as const,
};

/** The logged-in reader's conversations holding every word of the query, newest first, a page at a time. */
export function conversationSearchQuery(api: ApiClient, q: string) {
  return infiniteQueryOptions({
    queryKey: searchKeys.conversations(q),
    queryFn: ({ pageParam, signal }) =>
      api.get(SEARCH_PATHS.conversations, {
        params: { q, page: pageParam, size: CONVERSATION_SEARCH_PAGE_SIZE },
        schema: conversationSearchPageSchema,
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => nextPageUntilTotal(last, pages),
  });
}

/** Verses in the reader's translation, and the passage itself when the query is a reference. */
export function bibleSearchQuery(api: ApiClient, q: string, locale: Locale, reader: ReaderParams) {
  return queryOptions({
    queryKey: searchKeys.bible(q, locale, reader),
    queryFn: ({ signal }) =>
      api.get(SEARCH_PATHS.bible, {
        params: { q, kind: 'verse', limit: BIBLE_HITS, ...reader },
        schema: searchResultSchema,
        signal,
      }),
    staleTime: 5 * 60_000,
  });
}

/** A conversation opened from a search hit (the chat screen opens `?conversation=` for a logged-in reader). */
export function conversationPath(conversationId: string): string {
  return `/chat?conversation=${encodeURIComponent(conversationId)}`;
}
