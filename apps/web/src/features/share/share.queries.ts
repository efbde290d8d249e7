import { sharedPageSchema, type ShareTheme } from '@bible-qa/contract';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../lib/api-client.ts';

/** The public share calls: no login, the token is the only key. */
export const SHARE_PATHS = {
  page: (token: string) => `/portal/share/public/${encodeURIComponent(token)}`,
} as const;

/** The card image of a share, loaded by the browser as an ordinary image (no headers needed). */
export function publicCardUrl(baseUrl: string, token: string, theme: ShareTheme): string {
  return `${baseUrl}${SHARE_PATHS.page(token)}/card?theme=${theme}`;
}

export function sharedPageQuery(api: ApiClient, token: string) {
  return queryOptions({
    queryKey: ['share', 'page', token] as const,
    queryFn: ({ signal }) => api.get(SHARE_PATHS.page(token), { schema: sharedPageSchema, signal }),
    // A revoked link must stop showing at once: never served from an old cache entry.
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}
