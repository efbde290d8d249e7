import {
  CODE_RESEND_INTERVAL_MS,
  authOptionsSchema,
  captchaSchema,
  errorCode,
  qrCreateResultSchema,
  qrPollResultSchema,
  qrScanResultSchema,
  sendCodeResultSchema,
  setPasswordPreCheckResultSchema,
  type CodePurpose,
  type ErrorName,
} from '@bible-qa/contract';
import { ApiError, type ApiClient } from './api-client.ts';
import type { AccountMode } from './account.ts';
import { loginResultSchema, type LoginResult } from './session-schemas.ts';

/** The auth calls of spec §7 under /webapi/portal/auth (payloads as in the contract's auth.ts). */
const PATHS = {
  sendCode: { mobile: '/portal/auth/send-code-mobile', mail: '/portal/auth/send-code-mail' },
  codeLogin: { mobile: '/portal/auth/login', mail: '/portal/auth/login-mail' },
  passwordLogin: { mobile: '/portal/auth/login-mobile-password', mail: '/portal/auth/login-mail-password' },
  googleLogin: '/portal/auth/login-google',
  captcha: { google: '/portal/auth/captcha/googleCaptcha', code: '/portal/auth/captcha/codeCaptcha' },
  options: '/portal/auth/options',
  resetPassword: '/portal/auth/reset-pwd',
  setPasswordPreCheck: '/portal/auth/set-password-pre-check',
  setPassword: '/portal/auth/set-password',
  logout: '/portal/auth/logout',
  qrCreate: '/portal/auth/qr/create',
  qrPoll: '/portal/auth/qr/poll',
  qrScan: '/portal/auth/qr/scan',
  qrConfirm: '/portal/auth/qr/confirm',
} as const;

/** Seconds the QR poll asks the server to hold the request open (the server caps it). */
export const QR_POLL_WAIT_SECONDS = 20;

function accountField(mode: AccountMode, account: string): Record<string, string> {
  return mode === 'mobile' ? { mobile: account.trim() } : { email: account.trim() };
}

export interface LoginOptions {
  rememberMe: boolean;
}

export function createAuthCalls(api: ApiClient, userToken: () => string | null) {
  // The login pages refuse to call these until the user agreement is ticked (spec §5); the server checks it too.
  const login = (path: string, payload: Record<string, unknown>, options: LoginOptions): Promise<LoginResult> =>
    api.post(
      path,
      { grantType: 'social', userToken: userToken() ?? undefined, agree: true, ...options, ...payload },
      { schema: loginResultSchema },
    );
  return {
    /**
     * Answers the seconds to wait before the next send (the server's resendAfterSeconds). After an address's first
     * send the server asks for a captcha (code_captcha_required): its key and answer then come along.
     */
    sendCode: async (
      mode: AccountMode,
      account: string,
      purpose: CodePurpose = 'login',
      captcha?: { key: string; captcha: string },
    ): Promise<number> => {
      const result = await api.post(
        PATHS.sendCode[mode],
        {
          ...accountField(mode, account),
          purpose,
          ...(captcha ? { key: captcha.key, captcha: captcha.captcha.trim() } : {}),
        },
        { schema: sendCodeResultSchema },
      );
      return result.resendAfterSeconds > 0 ? result.resendAfterSeconds : CODE_RESEND_INTERVAL_MS / 1000;
    },
    loginWithCode: (mode: AccountMode, account: string, code: string, options: LoginOptions) =>
      login(PATHS.codeLogin[mode], { ...accountField(mode, account), code: code.trim() }, options),
    loginWithPassword: (mode: AccountMode, account: string, password: string, options: LoginOptions) =>
      login(PATHS.passwordLogin[mode], { ...accountField(mode, account), password }, options),
    loginWithGoogle: (input: { key: string; captcha: string; credential: string }, options: LoginOptions) =>
      login(PATHS.googleLogin, { ...input, captcha: input.captcha.trim() }, options),
    options: () => api.get(PATHS.options, { schema: authOptionsSchema }),
    /** A captcha for one Google login (with the attempt's nonce) or for one code send. */
    captcha: (scene: 'google' | 'code' = 'google') => api.get(PATHS.captcha[scene], { schema: captchaSchema }),
    // The page has already checked that both entries match (newPasswordError); the server checks again.
    resetPassword: (input: { mode: AccountMode; account: string; code: string; password: string; repeat: string }) =>
      api.post(PATHS.resetPassword, {
        ...accountField(input.mode, input.account),
        code: input.code.trim(),
        password: input.password,
        repeatPassword: input.repeat,
      }),
    setPasswordPreCheck: () => api.post(PATHS.setPasswordPreCheck, {}, { schema: setPasswordPreCheckResultSchema }),
    /** Every session of the account ends; the answer is a fresh login for this device. */
    setPassword: (input: { mode: AccountMode; code: string; password: string; repeat: string }) =>
      api.post(
        PATHS.setPassword,
        { mode: input.mode, code: input.code.trim(), password: input.password, repeatPassword: input.repeat },
        { schema: loginResultSchema },
      ),
    qrCreate: (options: LoginOptions) =>
      api.post(PATHS.qrCreate, { rememberMe: options.rememberMe }, { schema: qrCreateResultSchema }),
    qrPoll: (ticket: { ticket: string; pollSecret: string }, signal: AbortSignal) =>
      api.post(
        PATHS.qrPoll,
        { ticket: ticket.ticket, pollSecret: ticket.pollSecret, wait: QR_POLL_WAIT_SECONDS },
        { schema: qrPollResultSchema, signal },
      ),
    qrScan: (ticket: string) => api.post(PATHS.qrScan, { ticket }, { schema: qrScanResultSchema }),
    qrConfirm: (ticket: string) => api.post(PATHS.qrConfirm, { ticket }),
  };
}

export type AuthCalls = ReturnType<typeof createAuthCalls>;

/** Whether a failed call was the server's answer `name` (its message has already been shown by the API client). */
export function isServerError(error: unknown, name: ErrorName): boolean {
  return error instanceof ApiError && error.kind === 'business' && error.code === errorCode(name);
}

/**
 * The message to show for a failed auth call, or null when the API client has already shown one (business codes,
 * 401) or the call was cancelled. Empty user info after login has its own message (spec §8).
 */
export function authFailureMessage(error: unknown): ErrorName | null {
  if (!(error instanceof ApiError)) return 'internal_error';
  switch (error.kind) {
    case 'invalid_response':
      return 'verification_failed_login_again';
    case 'timeout':
    case 'network':
      return 'internal_error';
    default:
      return null;
  }
}
