import { PASSWORD_MIN_LENGTH, VERIFICATION_CODE_LENGTH, type ErrorName } from '@bible-qa/contract';

/**
 * Accounts are a phone number or an e-mail address (spec §1). The `:mode` segment of the login, verify, reset-pwd
 * and set-pwd routes names which: `mobile` (the default) or `mail`. The account field takes either; what was typed
 * decides, and the route's mode is only the hint for an empty field.
 */
export type AccountMode = 'mobile' | 'mail';

export function parseAccountMode(value: string | undefined): AccountMode {
  return value === 'mail' || value === 'email' ? 'mail' : 'mobile';
}

/** An address has an @; anything else is read as a phone number; an empty field keeps the hint. */
export function detectAccountMode(value: string, hint: AccountMode = 'mobile'): AccountMode {
  const trimmed = value.trim();
  if (!trimmed) return hint;
  return trimmed.includes('@') ? 'mail' : 'mobile';
}

/** The `:pwd` segment of /login/:mode?/:pwd? that selects password login. */
export const PASSWORD_SEGMENT = 'pwd';
/** The `:mode` segment of /login/qr and /login/qr/:ticket (the QR code's own path, opened on the phone). */
export const QR_SEGMENT = 'qr';

// Phone numbers in the spellings the server accepts: +86 or 0086 prefixes, spaces, dashes, 6 to 15 digits.
const MOBILE_PATTERN = /^\+?[\d\s-]{6,20}$/;
const MAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const CODE_PATTERN = new RegExp(`^\\d{${VERIFICATION_CODE_LENGTH}}$`);

export function isValidAccount(mode: AccountMode, value: string): boolean {
  const trimmed = value.trim();
  if (mode === 'mail') return MAIL_PATTERN.test(trimmed);
  const digits = trimmed.replace(/\D/g, '').length;
  return MOBILE_PATTERN.test(trimmed) && digits >= 6 && digits <= 15;
}

export function isValidCode(value: string): boolean {
  return CODE_PATTERN.test(normalizeCode(value));
}

/**
 * A code as the server accepts it: six ASCII digits. What a user pastes or types may carry spaces or full-width
 * digits (a Chinese IME, a copied SMS); the server refuses those spellings, so they are folded here (NFKC), and
 * anything else that is not a digit dropped, before the code is shown, checked or sent.
 */
export function normalizeCode(value: string): string {
  return value
    .normalize('NFKC')
    .replace(/[^0-9]/g, '')
    .slice(0, VERIFICATION_CODE_LENGTH);
}

/** Spec §5: at least 8 characters, with letters and digits. */
export function isStrongPassword(value: string): boolean {
  return value.length >= PASSWORD_MIN_LENGTH && /\p{L}/u.test(value) && /\d/.test(value);
}

/** The catalogue error for a new password and its repetition, or null when both are fine (spec §5). */
export function newPasswordError(password: string, repeat: string): ErrorName | null {
  if (!password) return 'password_required';
  if (!isStrongPassword(password)) return 'password_too_weak';
  if (password !== repeat) return 'passwords_differ';
  return null;
}

/** The fields of the shared account form, in the order they are shown and checked. */
export type AccountField = 'account' | 'code' | 'password' | 'newPassword' | 'captcha';

export interface AccountFormValues {
  account: string;
  code: string;
  password: string;
  repeat: string;
  captcha: string;
}

export const EMPTY_ACCOUNT_FORM: AccountFormValues = { account: '', code: '', password: '', repeat: '', captcha: '' };

export interface AccountFormState {
  /** The route's mode; `null` when the field is a free account field (phone or e-mail, label "account"). */
  hint: AccountMode | null;
  /** A code was sent during this visit (or just before it, on the verify page). */
  codeRequested: boolean;
  /** The key of the captcha on screen, or null when none was obtained. */
  captchaKey: string | null;
  /** The agreement tick, for the forms that log in; undefined where no agreement is asked. */
  agreed?: boolean;
}

/** A problem is a catalogue error (shared with the server) or a format message of the login namespace. */
export type FormProblem = { error: ErrorName } | { invalid: 'mobile' | 'mail' | 'code' };

/**
 * The account problem alone (the send-code button checks only this). The field is labelled 账号 and takes a phone
 * number or an e-mail address whatever the route's hint, so an empty one asks for the account (username_required).
 */
export function accountProblem(account: string, hint: AccountMode | null): FormProblem | null {
  if (!account.trim()) return { error: 'username_required' };
  const mode = detectAccountMode(account, hint ?? 'mobile');
  return isValidAccount(mode, account) ? null : { invalid: mode };
}

/**
 * The first problem of the form (spec §5), in screen order, or null when it may be sent. Codes must have been
 * requested first; a phone's code is an SMS code; a captcha needs its key before its answer; login forms need the
 * agreement ticked last, so the user fixes the fields first.
 */
export function accountFormProblem(
  fields: readonly AccountField[],
  values: AccountFormValues,
  state: AccountFormState,
): FormProblem | null {
  for (const field of fields) {
    const problem = fieldProblem(field, values, state);
    if (problem) return problem;
  }
  if (state.agreed === false) return { error: 'agreement_required' };
  return null;
}

function fieldProblem(field: AccountField, values: AccountFormValues, state: AccountFormState): FormProblem | null {
  switch (field) {
    case 'account':
      return accountProblem(values.account, state.hint);
    case 'code': {
      if (!state.codeRequested && !values.code.trim()) return { error: 'code_not_requested' };
      const mode = detectAccountMode(values.account, state.hint ?? 'mobile');
      if (!values.code.trim()) return { error: mode === 'mobile' ? 'sms_code_required' : 'code_required' };
      return isValidCode(values.code) ? null : { invalid: 'code' };
    }
    case 'password':
      return values.password ? null : { error: 'password_required' };
    case 'newPassword': {
      const error = newPasswordError(values.password, values.repeat);
      return error ? { error } : null;
    }
    case 'captcha':
      if (!state.captchaKey) return { error: 'captcha_key_required' };
      return values.captcha.trim() ? null : { error: 'captcha_required' };
  }
}
