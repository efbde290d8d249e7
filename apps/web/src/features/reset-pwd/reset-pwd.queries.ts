import { useMutation } from '@tanstack/react-query';
import type { AccountMode } from '../../lib/account.ts';
import { useAuthCalls } from '../../lib/use-auth.ts';

export function useResetCodeMutation() {
  const auth = useAuthCalls();
  return useMutation({
    mutationFn: ({ mode, account }: { mode: AccountMode; account: string }) => auth.sendCode(mode, account),
  });
}

export function useResetPasswordMutation() {
  const auth = useAuthCalls();
  return useMutation({
    mutationFn: (input: { mode: AccountMode; account: string; code: string; password: string }) =>
      auth.resetPassword(input.mode, input.account, input.code, input.password),
  });
}
