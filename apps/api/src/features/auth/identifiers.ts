import type { AccountMode } from '@bible-qa/contract';

/**
 * One account, one spelling. Phone numbers become E.164 (+8613800138000) whatever was typed: +86 or 0086 or 86
 * prefixes, spaces, dashes, brackets, full-width digits. E-mail addresses are NFKC-folded (full-width letters and
 * ＠), stripped of spaces and lower-cased, then validated, so the address checked is the address mailed.
 * Limits and counters key on these forms, so another spelling never buys more tries.
 */
export function normalizePhone(raw: string): string | null {
  let s = raw.normalize('NFKC').replace(/[\s\-().·]/g, '');
  if (s.startsWith('00')) s = `+${s.slice(2)}`;
  if (!s.startsWith('+')) {
    if (/^1[3-9]\d{9}$/.test(s)) s = `+86${s}`;
    else if (/^861[3-9]\d{9}$/.test(s)) s = `+${s}`;
    else return null;
  }
  if (s.startsWith('+86')) return /^\+861[3-9]\d{9}$/.test(s) ? s : null;
  return /^\+[1-9]\d{6,14}$/.test(s) ? s : null;
}

const LOCAL_PART = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/;

export function normalizeEmail(raw: string): string | null {
  const s = raw.normalize('NFKC').replace(/\s/g, '').toLowerCase();
  if (s.length > 254) return null;
  const parts = s.split('@');
  if (parts.length !== 2) return null;
  const [local, domain] = parts as [string, string];
  if (local.length === 0 || local.length > 64) return null;
  return LOCAL_PART.test(local) && DOMAIN.test(domain) ? s : null;
}

export function normalizeAccount(mode: AccountMode, raw: string): string | null {
  return mode === 'mobile' ? normalizePhone(raw) : normalizeEmail(raw);
}

/** Reads "a phone number or an e-mail address" (admin look-ups, ADMIN_ACCOUNTS). */
export function normalizeAnyAccount(raw: string): { mode: AccountMode; value: string } | null {
  const mail = raw.includes('@') || raw.normalize('NFKC').includes('@') ? normalizeEmail(raw) : null;
  if (mail) return { mode: 'mail', value: mail };
  const phone = normalizePhone(raw);
  return phone ? { mode: 'mobile', value: phone } : null;
}
