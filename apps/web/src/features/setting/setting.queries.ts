import { shareLinksSchema } from '@bible-qa/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../lib/api-client.ts';
import { useServices } from '../../lib/services.tsx';

export const SETTING_PATHS = {
  shareLinks: '/portal/share/list',
  revokeShare: '/portal/share/revoke',
} as const;

/** The chat screen's share sheet marks this key stale when it makes a link. */
export const settingKeys = { shareLinks: () => ['share', 'links'] as const };

export function shareLinksQuery(api: ApiClient) {
  return queryOptions({
    queryKey: settingKeys.shareLinks(),
    queryFn: ({ signal }) => api.get(SETTING_PATHS.shareLinks, { schema: shareLinksSchema, signal }),
    staleTime: 0,
  });
}

export function useRevokeShare() {
  const { api } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => api.post(SETTING_PATHS.revokeShare, { token }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingKeys.shareLinks() }),
  });
}
