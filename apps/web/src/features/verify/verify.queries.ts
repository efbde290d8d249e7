import { useMutation } from '@tanstack/react-query';
import type { AccountMode } from '../../lib/account.ts';
import { useAuthCalls, useFinishLogin } from '../../lib/use-auth.ts';

export function useResendCodeMutation() {
  const auth = useAuthCalls();
  return useMutation({
    mutationFn: ({ mode, account }: { mode: AccountMode; account: string }) => auth.sendCode(mode, account),
  });
}

export function useCodeLoginMutation() {
  const auth = useAuthCalls();
  const finishLogin = useFinishLogin();
  return useMutation({
    mutationFn: async ({ mode, account, code }: { mode: AccountMode; account: string; code: string }) =>
      finishLogin(await auth.loginWithCode(mode, account, code)),
  });
}
