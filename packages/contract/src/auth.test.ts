import { describe, expect, it } from 'vitest';
import {
  externalAccessSigningString,
  mailPasswordLoginRequestSchema,
  mobilePasswordLoginRequestSchema,
  sendMobileCodeRequestSchema,
} from './auth.ts';
import { ERROR_NAMES, errorMessage } from './errors.ts';
import { LOCALES } from './locale.ts';
import { userInfoSchema } from './member.ts';

describe('auth request schemas', () => {
  it('name the §5 message of the first missing field', () => {
    const first = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
      result.error?.issues[0]?.message;
    expect(first(mobilePasswordLoginRequestSchema.safeParse({}))).toBe('phone_required');
    expect(first(mobilePasswordLoginRequestSchema.safeParse({ mobile: ' ' }))).toBe('phone_required');
    expect(first(mobilePasswordLoginRequestSchema.safeParse({ mobile: '13800138000' }))).toBe('password_required');
    expect(first(mailPasswordLoginRequestSchema.safeParse({ email: 'a@b.co', password: 'x' }))).toBe(
      'agreement_required',
    );
    expect(first(sendMobileCodeRequestSchema.safeParse({}))).toBe('phone_required');
    for (const name of ['phone_required', 'password_required', 'agreement_required']) {
      expect(ERROR_NAMES).toContain(name);
    }
  });

  it('defaults a send-code purpose to login', () => {
    expect(sendMobileCodeRequestSchema.parse({ mobile: '13800138000' }).purpose).toBe('login');
  });

  it('signs appId, timestamp and identity on separate lines, so no field can borrow from another', () => {
    expect(externalAccessSigningString('p1', 1700000000000, 'u-1')).toBe('p1\n1700000000000\nu-1');
    expect(externalAccessSigningString('p1', '17', '00u')).not.toBe(externalAccessSigningString('p1', '1700', 'u'));
  });

  it('reads user info stored before the consent fields existed', () => {
    const old = {
      id: 'u1',
      name: 'Ann',
      sex: 'female',
      role: 'user',
      themeColor: '#1989fa',
      darkMode: false,
      language: 'zh-cn',
      expression: 'none',
      phone: null,
      email: null,
      pseudonym: null,
      avatar: null,
      profile: null,
    };
    expect(userInfoSchema.parse(old)).toMatchObject({ interests: [], hasPassword: false, minor: false });
  });
});

/** Every validation message of spec §5 and every error of §8, by catalogue name. */
export const SPEC_MESSAGES = [
  // §5
  'password_required',
  'code_required',
  'email_required',
  'phone_required',
  'sms_code_required',
  'username_required',
  'captcha_required',
  'captcha_key_required',
  'passwords_differ',
  'password_too_weak',
  'agreement_required',
  'code_not_requested',
  'question_required',
  'voice_too_short',
  'voice_too_long',
  'voice_no_text',
  'too_many_images',
  'image_too_large',
  // §8
  'unauthorized',
  'internal_error',
  'verification_failed_login_again',
  'high_traffic',
  'generation_failed',
  'answer_parse_failed',
  'wrong_password',
  'google_unavailable',
  'google_loading',
  'recording_unsupported',
  'recording_abnormal',
] as const;

describe('the §5 and §8 messages', () => {
  it.each(LOCALES)('all exist in %s, distinct from each other', (locale) => {
    const texts = SPEC_MESSAGES.map((name) => {
      expect(ERROR_NAMES, name).toContain(name);
      const text = errorMessage(name, locale);
      expect(text.trim(), `${name}/${locale}`).not.toBe('');
      expect(text, `${name}/${locale}`).not.toMatch(/\{\d\}/);
      return text;
    });
    expect(new Set(texts).size).toBe(texts.length);
  });

  it('tell a wrong password to try Forgot Password or a verification code, in every language', () => {
    const hints: Record<string, RegExp> = {
      en: /Forgot Password.*verification code/,
      'es-es': /Olvidó su contraseña.*código de verificación/,
      'fr-fr': /Mot de passe oublié.*code de vérification/,
      'zh-cn': /忘记密码.*验证码登录/,
      'zh-tw': /忘記密碼.*驗證碼登入/,
    };
    for (const locale of LOCALES) expect(errorMessage('wrong_password', locale)).toMatch(hints[locale]!);
  });
});
