import { describe, expect, it } from 'vitest';
import { isBusinessCode } from './constants.ts';
import { ERROR_NAMES, errorCode, errorMessage } from './errors.ts';
import { LOCALES, resolveLocale } from './locale.ts';

describe('error catalogue', () => {
  it('gives every error a distinct code', () => {
    const codes = ERROR_NAMES.map(errorCode);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('keeps business codes between 10000 and 19999 and only 401 and 500 outside', () => {
    for (const name of ERROR_NAMES) {
      const code = errorCode(name);
      expect(isBusinessCode(code) || code === 401 || code === 500, `${name} → ${code}`).toBe(true);
    }
  });

  it('has a non-empty message in all five locales, each different from the English one where the script differs', () => {
    for (const name of ERROR_NAMES) {
      for (const locale of LOCALES)
        expect(errorMessage(name, locale).trim().length, `${name}/${locale}`).toBeGreaterThan(0);
      expect(errorMessage(name, 'zh-cn')).not.toBe(errorMessage(name, 'en'));
    }
  });

  it('uses the exact wording of the spec for the system, traffic and generation errors', () => {
    expect(errorMessage('internal_error', 'en')).toBe('Internal system error, please try again later!');
    expect(errorMessage('high_traffic', 'en')).toBe(
      "We're experiencing high traffic. Please refresh the page or try again later.",
    );
    expect(errorMessage('generation_failed', 'en')).toBe('Generation failed, server exception');
    expect(errorMessage('verification_failed_login_again', 'en')).toBe('Verification failed, please Login again.');
  });

  it('fills numbered placeholders', () => {
    expect(errorMessage('method_not_allowed', 'en', ['DELETE'])).toBe(
      'This interface does not accept the DELETE method.',
    );
  });
});

describe('resolveLocale', () => {
  it.each([
    [undefined, 'zh-cn'],
    ['', 'zh-cn'],
    ['EN', 'en'],
    ['en-US', 'en'],
    ['es_ES', 'es-es'],
    ['fr', 'fr-fr'],
    ['zh-TW', 'zh-tw'],
    ['zh-Hant', 'zh-tw'],
    ['zh-Hans', 'zh-cn'],
    ['klingon', 'zh-cn'],
  ])('reads %s as %s', (input, expected) => {
    expect(resolveLocale(input)).toBe(expected);
  });
});
