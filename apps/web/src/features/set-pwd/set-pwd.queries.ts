import { useMutation } from '@tanstack/react-query';
import type { AccountMode } from '../../lib/account.ts';
import { useServices } from '../../lib/services.tsx';
import { useAuthCalls } from '../../lib/use-auth.ts';

export const setPwdKeys = { preCheck: ['auth', 'set-password-pre-check'] as const };

/** Sets the password; the server ends every session and answers a new login, which this device keeps. */
export function useSetPasswordMutation() {
  const auth = useAuthCalls();
  const { session } = useServices();
  return useMutation({
    mutationFn: async (input: { mode: AccountMode; code: string; password: string; repeat: string }) =>
      session.completeLogin(await auth.setPassword(input)),
  });
}
