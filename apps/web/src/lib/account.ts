import { PASSWORD_MIN_LENGTH, VERIFICATION_CODE_LENGTH, type ErrorName } from '@bible-qa/contract';
import { ApiError, type ApiClient } from './api-client.ts';
import { loginResultSchema, type LoginResult } from './session.ts';

/**
 * Accounts are a phone number or an e-mail address (spec §1). The `:mode` segment of the login, verify, reset-pwd
 * and set-pwd routes names which: `mobile` (the default) or `mail`.
 */
export type AccountMode = 'mobile' | 'mail';

export function parseAccountMode(value: string | undefined): AccountMode {
  return value === 'mail' || value === 'email' ? 'mail' : 'mobile';
}

/** The `:pwd` segment of /login/:mode?/:pwd? that selects password login. */
export const PASSWORD_SEGMENT = 'pwd';

const MOBILE_PATTERN = /^\+?\d{6,15}$/;
const MAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const CODE_PATTERN = new RegExp(`^\\d{${VERIFICATION_CODE_LENGTH}}$`);

export function isValidAccount(mode: AccountMode, value: string): boolean {
  return (mode === 'mobile' ? MOBILE_PATTERN : MAIL_PATTERN).test(value.trim());
}

export function isValidCode(value: string): boolean {
  return CODE_PATTERN.test(value.trim());
}

/** Spec §5: at least 8 characters, with letters and digits. */
export function isStrongPassword(value: string): boolean {
  return value.length >= PASSWORD_MIN_LENGTH && /[a-z]/i.test(value) && /\d/.test(value);
}

/** The catalogue error for a missing account, or null. */
export function accountRequiredError(mode: AccountMode, value: string): ErrorName | null {
  if (value.trim()) return null;
  return mode === 'mobile' ? 'phone_required' : 'email_required';
}

/** The catalogue error for a new password and its repetition, or null when both are fine (spec §5). */
export function newPasswordError(password: string, repeat: string): ErrorName | null {
  if (!password) return 'password_required';
  if (!isStrongPassword(password)) return 'password_too_weak';
  if (password !== repeat) return 'passwords_differ';
  return null;
}

/**
 * The auth calls of spec §7. Their payloads are not shown in the spec; the field names here follow its form fields
 * (mobile, email, password, code) and login payload (grantType always social, userToken the stored second token).
 */
const PATHS = {
  sendCode: { mobile: '/portal/auth/send-code-mobile', mail: '/portal/auth/send-code-mail' },
  codeLogin: { mobile: '/portal/auth/login', mail: '/portal/auth/login-mail' },
  passwordLogin: { mobile: '/portal/auth/login-mobile-password', mail: '/portal/auth/login-mail-password' },
  resetPassword: '/portal/auth/reset-pwd',
  setPassword: '/portal/auth/set-password',
} as const;

function accountField(mode: AccountMode, account: string): Record<string, string> {
  return mode === 'mobile' ? { mobile: account.trim() } : { email: account.trim() };
}

export function createAuthCalls(api: ApiClient, userToken: () => string | null) {
  const login = (path: string, payload: Record<string, unknown>): Promise<LoginResult> =>
    api.post(
      path,
      { grantType: 'social', userToken: userToken() ?? undefined, ...payload },
      { schema: loginResultSchema },
    );
  return {
    sendCode: (mode: AccountMode, account: string) => api.post(PATHS.sendCode[mode], accountField(mode, account)),
    // The login pages refuse to call these until the user agreement is ticked (spec §5); the server checks it too.
    loginWithCode: (mode: AccountMode, account: string, code: string) =>
      login(PATHS.codeLogin[mode], { ...accountField(mode, account), code: code.trim(), agree: true }),
    loginWithPassword: (mode: AccountMode, account: string, password: string) =>
      login(PATHS.passwordLogin[mode], { ...accountField(mode, account), password, agree: true }),
    // The page has already checked that both entries match (newPasswordError); the server checks again.
    resetPassword: (mode: AccountMode, account: string, code: string, password: string) =>
      api.post(PATHS.resetPassword, {
        ...accountField(mode, account),
        code: code.trim(),
        password,
        repeatPassword: password,
      }),
    setPassword: (password: string) => api.post(PATHS.setPassword, { password }),
  };
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
