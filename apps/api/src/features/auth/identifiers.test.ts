import { describe, expect, it } from 'vitest';
import { normalizeAnyAccount, normalizeEmail, normalizePhone } from './identifiers.ts';

describe('normalizePhone', () => {
  it.each([
    '13800138000',
    '+8613800138000',
    '+86 138 0013 8000',
    '008613800138000',
    '8613800138000',
    '138-0013-8000',
    '(+86) 138 0013 8000',
    '１３８００１３８０００',
    '＋８６　１３８００１３８０００',
    ' 13800138000 ',
  ])('reads %j as +8613800138000', (raw) => {
    expect(normalizePhone(raw)).toBe('+8613800138000');
  });

  it('keeps other country codes in E.164', () => {
    expect(normalizePhone('+852 9123 4567')).toBe('+85291234567');
    expect(normalizePhone('00852-91234567')).toBe('+85291234567');
  });

  it.each(['', 'abc', '12345', '+86 123', '23800138000', '+8612800138000', '91234567', '+0123456789', '1380013800a'])(
    'refuses %j',
    (raw) => {
      expect(normalizePhone(raw)).toBeNull();
    },
  );
});

describe('normalizeEmail', () => {
  it.each([
    'ruth@example.org',
    'Ruth@Example.ORG',
    ' ruth@example.org ',
    'ｒｕｔｈ＠ｅｘａｍｐｌｅ．ｏｒｇ',
    'ruth＠example.org',
    'ruth﹫example.org',
    'RUTH@EXAMPLE.ORG\t',
  ])('reads %j as ruth@example.org', (raw) => {
    expect(normalizeEmail(raw)).toBe('ruth@example.org');
  });

  it.each([
    '',
    'ruth',
    'ruth@',
    '@example.org',
    'ruth@@example.org',
    'a@b@example.org',
    '"ruth@evil.example"@example.org',
    'ruth@example.org,evil@evil.example',
    'ruth@example',
    'ruth.@example.org',
    '.ruth@example.org',
    'ru..th@example.org',
    'ruth@-example.org',
    'ruth@exa_mple.org',
    '<ruth@example.org>',
    `${'a'.repeat(65)}@example.org`,
  ])('refuses %j', (raw) => {
    expect(normalizeEmail(raw)).toBeNull();
  });
});

describe('normalizeAnyAccount', () => {
  it('tells phone numbers from e-mail addresses', () => {
    expect(normalizeAnyAccount('Ruth@Example.org')).toEqual({ mode: 'mail', value: 'ruth@example.org' });
    expect(normalizeAnyAccount('138 0013 8000')).toEqual({ mode: 'mobile', value: '+8613800138000' });
    expect(normalizeAnyAccount('nobody')).toBeNull();
  });
});
