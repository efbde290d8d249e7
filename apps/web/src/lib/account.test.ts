import { describe, expect, it } from 'vitest';
import {
  EMPTY_ACCOUNT_FORM,
  accountFormProblem,
  detectAccountMode,
  isValidAccount,
  type AccountFormState,
  type AccountFormValues,
} from './account.ts';

const values = (patch: Partial<AccountFormValues>): AccountFormValues => ({ ...EMPTY_ACCOUNT_FORM, ...patch });
const state = (patch: Partial<AccountFormState> = {}): AccountFormState => ({
  hint: null,
  codeRequested: true,
  captchaKey: 'key',
  ...patch,
});

describe('the account field', () => {
  it('reads an address as e-mail and anything else as a phone number', () => {
    expect(detectAccountMode(' ann@example.com ')).toBe('mail');
    expect(detectAccountMode('+86 138-0000-0000')).toBe('mobile');
    expect(detectAccountMode('', 'mail')).toBe('mail');
  });

  it('accepts the phone spellings the server accepts and refuses the rest', () => {
    expect(isValidAccount('mobile', '13800000000')).toBe(true);
    expect(isValidAccount('mobile', '+86 138-0000-0000')).toBe(true);
    expect(isValidAccount('mobile', '12345')).toBe(false);
    expect(isValidAccount('mobile', '1380000000012345678')).toBe(false);
    expect(isValidAccount('mobile', '138abc00000')).toBe(false);
    expect(isValidAccount('mail', 'ann@example')).toBe(false);
  });
});

describe('accountFormProblem (spec §5)', () => {
  const login = ['account', 'code'] as const;

  it('asks for the account, as its field is labelled, whatever the route hints (rough edge 8)', () => {
    expect(accountFormProblem(login, values({}), state({ hint: 'mobile' }))).toEqual({ error: 'username_required' });
    expect(accountFormProblem(login, values({}), state({ hint: 'mail' }))).toEqual({ error: 'username_required' });
    expect(accountFormProblem(login, values({}), state())).toEqual({ error: 'username_required' });
  });

  it('refuses a malformed phone number or address with the format message of its kind', () => {
    expect(accountFormProblem(login, values({ account: '123' }), state())).toEqual({ invalid: 'mobile' });
    expect(accountFormProblem(login, values({ account: 'ann@' }), state())).toEqual({ invalid: 'mail' });
  });

  it('asks for the code to be requested first, then for the SMS code or the e-mail code, then 6 digits', () => {
    const phone = values({ account: '13800000000' });
    expect(accountFormProblem(login, phone, state({ codeRequested: false }))).toEqual({ error: 'code_not_requested' });
    expect(accountFormProblem(login, phone, state())).toEqual({ error: 'sms_code_required' });
    expect(accountFormProblem(login, values({ account: 'ann@example.com' }), state())).toEqual({
      error: 'code_required',
    });
    expect(accountFormProblem(login, { ...phone, code: '12345' }, state())).toEqual({ invalid: 'code' });
    expect(accountFormProblem(login, { ...phone, code: '123456' }, state())).toBeNull();
  });

  it('asks for the password at login, and a strong, repeated one when it is new', () => {
    const account = '13800000000';
    expect(accountFormProblem(['account', 'password'], values({ account }), state())).toEqual({
      error: 'password_required',
    });
    const fresh = ['newPassword'] as const;
    expect(accountFormProblem(fresh, values({}), state())).toEqual({ error: 'password_required' });
    expect(accountFormProblem(fresh, values({ password: 'abcdefgh', repeat: 'abcdefgh' }), state())).toEqual({
      error: 'password_too_weak',
    });
    expect(accountFormProblem(fresh, values({ password: 'abc12', repeat: 'abc12' }), state())).toEqual({
      error: 'password_too_weak',
    });
    expect(accountFormProblem(fresh, values({ password: 'abcd1234', repeat: 'abcd12345' }), state())).toEqual({
      error: 'passwords_differ',
    });
    expect(accountFormProblem(fresh, values({ password: 'abcd1234', repeat: 'abcd1234' }), state())).toBeNull();
  });

  it('asks for a captcha key before the captcha itself', () => {
    expect(accountFormProblem(['captcha'], values({ captcha: 'k7PQ' }), state({ captchaKey: null }))).toEqual({
      error: 'captcha_key_required',
    });
    expect(accountFormProblem(['captcha'], values({}), state())).toEqual({ error: 'captcha_required' });
    expect(accountFormProblem(['captcha'], values({ captcha: 'k7PQ' }), state())).toBeNull();
  });

  it('asks for the agreement last, once every field is right', () => {
    const filled = values({ account: '13800000000', code: '123456' });
    expect(accountFormProblem(login, values({}), state({ agreed: false }))).toEqual({ error: 'username_required' });
    expect(accountFormProblem(login, filled, state({ agreed: false }))).toEqual({ error: 'agreement_required' });
    expect(accountFormProblem(login, filled, state({ agreed: true }))).toBeNull();
  });
});
