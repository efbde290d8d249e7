import { queryOptions, useMutation } from '@tanstack/react-query';
import type { AccountMode } from '../../lib/account.ts';
import type { AuthCalls, LoginOptions } from '../../lib/auth-calls.ts';
import { useAuthCalls, useFinishLogin } from '../../lib/use-auth.ts';

export const loginKeys = {
  options: ['auth', 'options'] as const,
  qrScan: (ticket: string) => ['auth', 'qr', ticket] as const,
};

/** Which sign-in doors the server offers (Google's client id); asked once per visit. */
export function authOptionsQuery(auth: AuthCalls) {
  return queryOptions({ queryKey: loginKeys.options, queryFn: () => auth.options(), staleTime: Infinity, retry: 1 });
}

/** Where the desktop that showed a QR code asked from; scanning is the phone's first step. */
export function qrScanQuery(auth: AuthCalls, ticket: string) {
  return queryOptions({ queryKey: loginKeys.qrScan(ticket), queryFn: () => auth.qrScan(ticket), retry: false });
}

interface AccountInput extends LoginOptions {
  mode: AccountMode;
  account: string;
}

export function useCodeLoginMutation() {
  const auth = useAuthCalls();
  const finishLogin = useFinishLogin();
  return useMutation({
    mutationFn: async ({ mode, account, code, rememberMe }: AccountInput & { code: string }) =>
      finishLogin(await auth.loginWithCode(mode, account, code, { rememberMe })),
  });
}

export function usePasswordLoginMutation() {
  const auth = useAuthCalls();
  const finishLogin = useFinishLogin();
  return useMutation({
    mutationFn: async ({ mode, account, password, rememberMe }: AccountInput & { password: string }) =>
      finishLogin(await auth.loginWithPassword(mode, account, password, { rememberMe })),
  });
}

export function useGoogleLoginMutation() {
  const auth = useAuthCalls();
  const finishLogin = useFinishLogin();
  return useMutation({
    mutationFn: async (input: { key: string; captcha: string; credential: string; rememberMe: boolean }) =>
      finishLogin(await auth.loginWithGoogle(input, { rememberMe: input.rememberMe })),
  });
}

export function useQrConfirmMutation() {
  const auth = useAuthCalls();
  return useMutation({ mutationFn: (ticket: string) => auth.qrConfirm(ticket) });
}
