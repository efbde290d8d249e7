import { measureSchema, userInfoSchema, type Measure, type MeasureKind, type UserInfo } from '@bible-qa/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { ApiClient } from '../../lib/api-client.ts';
import { useServices } from '../../lib/services.tsx';

/** The admin's account-measure calls (under /webapi/portal/admin, admins only). */
export const ADMIN_MEASURE_PATHS = {
  find: '/portal/admin/users/find',
  measures: '/portal/admin/measures',
  lift: '/portal/admin/measures/lift',
} as const;

export const adminMeasureKeys = {
  all: ['admin-measures'] as const,
  user: (account: string) => ['admin-measures', 'user', account] as const,
  measures: (userId: string) => ['admin-measures', 'measures', userId] as const,
};

/** An account by phone or e-mail (any spelling); not_found when there is none. */
export function findUserQuery(api: ApiClient, account: string) {
  return queryOptions({
    queryKey: adminMeasureKeys.user(account),
    queryFn: ({ signal }): Promise<UserInfo> =>
      api.get(ADMIN_MEASURE_PATHS.find, { params: { account }, schema: userInfoSchema, signal }),
    enabled: account.length > 0,
    staleTime: 0,
  });
}

export function measuresQuery(api: ApiClient, userId: string) {
  return queryOptions({
    queryKey: adminMeasureKeys.measures(userId),
    queryFn: ({ signal }): Promise<Measure[]> =>
      api.get(ADMIN_MEASURE_PATHS.measures, { params: { userId }, schema: z.array(measureSchema), signal }),
    staleTime: 0,
  });
}

export interface ApplyInput {
  userId: string;
  kind: MeasureKind;
  reason: string;
  expiresAt: string | null;
}

/** Applies or lifts a measure; either way the account's state and its measures are read again. */
export function useMeasureMutations() {
  const { api } = useServices();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminMeasureKeys.all });
  const apply = useMutation({
    mutationFn: (input: ApplyInput) => api.post(ADMIN_MEASURE_PATHS.measures, { ...input }, { schema: measureSchema }),
    onSuccess: refresh,
  });
  const lift = useMutation({
    mutationFn: (input: { measureId: string; reason: string }) =>
      api.post(ADMIN_MEASURE_PATHS.lift, input, { schema: measureSchema }),
    onSuccess: refresh,
  });
  return { apply, lift };
}

/** The state a list of measures puts an account in: the strongest measure in force, or none. */
export type AccountState = 'normal' | MeasureKind;
const STRENGTH: MeasureKind[] = ['deletion', 'lock', 'suspension', 'limitation', 'warning'];

export function accountState(measures: Measure[]): AccountState {
  const active = new Set(measures.filter((measure) => measure.active).map((measure) => measure.kind));
  return STRENGTH.find((kind) => active.has(kind)) ?? 'normal';
}
