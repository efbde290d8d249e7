import { useMutation } from '@tanstack/react-query';
import type { AccountMode } from '../../lib/account.ts';
import { useAuthCalls, useFinishLogin } from '../../lib/use-auth.ts';

/** Code login starts here: ask the server to send a code, then the verify screen takes over. */
export function useSendCodeMutation() {
  const auth = useAuthCalls();
  return useMutation({
    mutationFn: ({ mode, account }: { mode: AccountMode; account: string }) => auth.sendCode(mode, account),
  });
}

export function usePasswordLoginMutation() {
  const auth = useAuthCalls();
  const finishLogin = useFinishLogin();
  return useMutation({
    mutationFn: async ({ mode, account, password }: { mode: AccountMode; account: string; password: string }) =>
      finishLogin(await auth.loginWithPassword(mode, account, password)),
  });
}
