import argon2 from 'argon2';
import { describe, expect, it, vi } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPasswordHasher, DUMMY_HASH, isCommonPassword, newPasswordError } from './password.ts';

/** The algorithm, version and cost of an argon2 hash in PHC form: `argon2id$v=19$m=…,p=…,t=…`. */
const cost = (digest: string) => digest.split('$').slice(1, 4).join('$');

describe('newPasswordError', () => {
  it.each([
    ['abc1234', 'password_too_weak'],
    ['abcdefgh', 'password_too_weak'],
    ['12345678', 'password_too_weak'],
    ['', 'password_too_weak'],
    ['password1', 'password_too_common'],
    ['12345678A', 'password_too_common'],
    ['x'.repeat(256) + '1', 'password_too_weak'],
  ])('refuses %j with %s', (password, error) => {
    expect(newPasswordError(password, password)).toBe(error);
  });

  it.each(['abcd1235', 'Lamb0fGod', `${'a'.repeat(63)}1`, `${'a'.repeat(127)}1`, '以马内利2026', 'Agapé 1 Cor 13'])(
    'accepts %j',
    (password) => {
      expect(newPasswordError(password, password)).toBeNull();
    },
  );

  it.each(['qwer1234', 'aa123456', 'woaini520', 'woaini1314', 'zhang1985', '5201314abc', 'Jesus123', 'iloveyou1'])(
    'refuses %j as too common (Chinese passwords included)',
    (password) => {
      expect(newPasswordError(password, password)).toBe('password_too_common');
    },
  );

  it('checks against at least the 10,000 most common passwords of the shipped list', () => {
    const file = fs.readFileSync(
      path.join(path.dirname(fileURLToPath(import.meta.url)), 'common-passwords.txt'),
      'utf8',
    );
    const entries = file.split('\n').filter((line) => line !== '' && !line.startsWith('#'));
    expect(entries.length).toBeGreaterThanOrEqual(10_000);
    // The list is lower case; every entry that meets the composition rule is refused as too common.
    for (const entry of entries.filter((e) => newPasswordError(e, e) !== 'password_too_weak')) {
      expect(isCommonPassword(entry.toUpperCase()), entry).toBe(true);
    }
    expect(file).toMatch(/MIT licence/);
  });

  it('refuses two different entries', () => {
    expect(newPasswordError('Lamb0fGod', 'Lamb0fGoD')).toBe('passwords_differ');
  });
});

describe('the password hasher', () => {
  const hasher = createPasswordHasher();

  it('stores argon2id and verifies the exact password, every byte of it', async () => {
    const long = `${'a'.repeat(72)}1-tail`;
    const hash = await hasher.hash(long);
    expect(hash).toMatch(/^\$argon2id\$/);
    expect(await hasher.verify(hash, long)).toBe(true);
    // No truncation: the 73rd byte and beyond matter (bcrypt would accept this).
    expect(await hasher.verify(hash, `${'a'.repeat(72)}1-tall`)).toBe(false);
  });

  it('round-trips Unicode and folds full-width digits', async () => {
    const hash = await hasher.hash('以马内利2026');
    expect(await hasher.verify(hash, '以马内利２０２６')).toBe(true);
  });

  it('answers false for an account without a password, after the same work: one argon2 verify at the same cost', async () => {
    const hash = await hasher.hash('Lamb0fGod');
    // The work is the mechanism, not the clock: a timing on a shared machine is noise (npm run bench:enumeration
    // measures it). Both paths make exactly one argon2.verify, against an argon2id hash of the same parameters.
    const verify = vi.spyOn(argon2, 'verify');
    const hashes = vi.spyOn(argon2, 'hash');
    try {
      expect(await hasher.verify(hash, 'wrong-1')).toBe(false);
      expect(await hasher.verify(null, 'wrong-1')).toBe(false);
      expect(await hasher.verify(null, 'Lamb0fGod')).toBe(false);
      const costs = verify.mock.calls.map(([digest]) => cost(digest));
      expect(costs).toEqual([cost(hash), cost(hash), cost(hash)]);
      expect(cost(DUMMY_HASH)).toBe(cost(hash));
      expect(hashes).not.toHaveBeenCalled();
    } finally {
      verify.mockRestore();
      hashes.mockRestore();
    }
  });
});
