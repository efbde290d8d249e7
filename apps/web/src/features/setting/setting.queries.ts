import {
  shareLinksSchema,
  userInfoSchema,
  type DeregisterRequest,
  type ModifyMemberRequest,
  type UserInfo,
} from '@bible-qa/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../lib/api-client.ts';
import { MEMBER_MODIFY_PATH } from '../../lib/preferences.ts';
import { useServices } from '../../lib/services.tsx';

export const SETTING_PATHS = {
  shareLinks: '/portal/share/list',
  revokeShare: '/portal/share/revoke',
  deregister: '/portal/member/deregister',
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

/** Changes the account's own fields (name, gender …) and keeps the answer as the stored user info. */
export function useModifyProfile() {
  const { api, storage, session } = useServices();
  return useMutation({
    mutationFn: (patch: Pick<ModifyMemberRequest, 'name' | 'sex'>): Promise<UserInfo> =>
      api.post(MEMBER_MODIFY_PATH, patch, { schema: userInfoSchema }),
    onSuccess: (user) => {
      storage.setUser(user);
      session.sync();
    },
  });
}

/**
 * Deregistration (spec §4): the server erases the account at once, given the password or a deregister code (or, for
 * an account with neither, a fresh login); the tokens it had are dead.
 */
export function useDeregister() {
  const { api } = useServices();
  return useMutation({
    mutationFn: (proof: Omit<DeregisterRequest, 'confirm'>) =>
      api.post(SETTING_PATHS.deregister, { confirm: true, ...proof }),
  });
}
