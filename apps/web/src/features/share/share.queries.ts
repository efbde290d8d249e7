import { sharedPageSchema, type Expression, type ShareTheme } from '@bible-qa/contract';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../lib/api-client.ts';

/** The public share calls: no login, the token is the only key. */
export const SHARE_PATHS = {
  page: (token: string) => `/portal/share/public/${encodeURIComponent(token)}`,
} as const;

/** The reader's tradition names the cited books on the page and the card (`expressionParams` in lib/preferences). */
type ReaderParams = { expression?: Expression };

/** The card image of a share, loaded by the browser as an ordinary image (no headers needed). */
export function publicCardUrl(baseUrl: string, token: string, theme: ShareTheme, reader: ReaderParams): string {
  const query = new URLSearchParams({ theme, ...reader });
  return `${baseUrl}${SHARE_PATHS.page(token)}/card?${query.toString()}`;
}

export function sharedPageQuery(api: ApiClient, token: string, reader: ReaderParams) {
  return queryOptions({
    queryKey: ['share', 'page', token, reader.expression ?? ''] as const,
    queryFn: ({ signal }) =>
      api.get(SHARE_PATHS.page(token), { params: { ...reader }, schema: sharedPageSchema, signal }),
    // A revoked link must stop showing at once: never served from an old cache entry.
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}
