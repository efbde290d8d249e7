import { useMutation } from '@tanstack/react-query';
import type { AccountMode } from '../../lib/account.ts';
import { useAuthCalls } from '../../lib/use-auth.ts';

/** Forgot password: every session of the account ends; the user logs in again with the new password. */
export function useResetPasswordMutation() {
  const auth = useAuthCalls();
  return useMutation({
    mutationFn: (input: { mode: AccountMode; account: string; code: string; password: string; repeat: string }) =>
      auth.resetPassword(input),
  });
}
