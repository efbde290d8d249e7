import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import argon2 from 'argon2';
import { PASSWORD_MIN_LENGTH, type ErrorName } from '@bible-qa/contract';

/** argon2id at OWASP's minimum (19 MiB, 2 passes, 1 lane): ~20–40 ms here. */
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
const MAX_LENGTH = 256;

/** The list of passwords too common to allow (decision 0027), read once when first needed. */
const COMMON_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'common-passwords.txt');
let common: Set<string> | undefined;
export function isCommonPassword(password: string): boolean {
  common ??= new Set(
    fs
      .readFileSync(COMMON_FILE, 'utf8')
      .split('\n')
      .filter((line) => line !== '' && !line.startsWith('#')),
  );
  return common.has(normalizePassword(password).toLowerCase());
}

/** NFKC, so a full-width or composed spelling of the same password matches (NIST 800-63B §5.1.1.2). */
export function normalizePassword(password: string): string {
  return password.normalize('NFKC');
}

/** Spec §5: at least 8 characters with letters and digits; the two entries equal. Never truncated. */
export function newPasswordError(password: string, repeat: string): ErrorName | null {
  const p = normalizePassword(password);
  const length = [...p].length;
  if (length < PASSWORD_MIN_LENGTH || length > MAX_LENGTH || !/\p{L}/u.test(p) || !/\p{Nd}/u.test(p)) {
    return 'password_too_weak';
  }
  if (isCommonPassword(p)) return 'password_too_common';
  if (p !== normalizePassword(repeat)) return 'passwords_differ';
  return null;
}

/**
 * An account without a password (or no account) is checked against this hash, of 32 random bytes nobody kept, at
 * OPTIONS' cost (password.test.ts holds them equal): the same argon2 work as a wrong password, from the first login
 * on. (It was made on first use, so the first such login also paid for an argon2.hash.)
 */
export const DUMMY_HASH =
  '$argon2id$v=19$m=19456,p=1,t=2$MqjsWO1HTBatE75LXnycnw$UlqiHURYZDvV5Jmnfajn2gj6hY2fCEqNRQGPLpKAs3A';

export function createPasswordHasher() {
  return {
    hash: (password: string) => argon2.hash(normalizePassword(password), OPTIONS),
    async verify(hash: string | null, password: string): Promise<boolean> {
      const candidate = normalizePassword(password);
      if (!hash) {
        await argon2.verify(DUMMY_HASH, candidate).catch(() => false);
        return false;
      }
      return argon2.verify(hash, candidate).catch(() => false);
    },
  };
}
export type PasswordHasher = ReturnType<typeof createPasswordHasher>;
