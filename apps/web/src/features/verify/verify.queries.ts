import { useMutation } from '@tanstack/react-query';
import type { AccountMode } from '../../lib/account.ts';
import { useAuthCalls, useFinishLogin } from '../../lib/use-auth.ts';

export function useCodeLoginMutation() {
  const auth = useAuthCalls();
  const finishLogin = useFinishLogin();
  return useMutation({
    mutationFn: async (input: { mode: AccountMode; account: string; code: string; rememberMe: boolean }) =>
      finishLogin(await auth.loginWithCode(input.mode, input.account, input.code, { rememberMe: input.rememberMe })),
  });
}
