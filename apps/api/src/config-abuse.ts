import { z } from 'zod';
import type { AskLimits } from './features/chat/ask-quota.ts';

/**
 * Limits against abuse of the paid parts: model calls, their length and uploads (decision 0013). Parsed with the
 * rest in config.ts (the only reader of process.env); every variable is in .env.example with its default.
 */
const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const int = (fallback: number, min: number, max: number) =>
  z.preprocess(emptyToUndefined, z.coerce.number().int().min(min).max(max).default(fallback));

export const abuseEnv = {
  ASK_CONCURRENT_PER_USER: int(2, 1, 100),
  ASK_CONCURRENT_PER_GUEST: int(2, 1, 100),
  ASKS_PER_ACCOUNT_PER_HOUR: int(60, 1, 1_000_000),
  ASKS_PER_GUEST_PER_HOUR: int(30, 1, 1_000_000),
  ASKS_PER_IP_PER_HOUR: int(300, 1, 10_000_000),
  LLM_MAX_TOKENS_SIMPLE: int(1_024, 16, 128_000),
  LLM_MAX_TOKENS_ADVANCED: int(2_048, 16, 128_000),
  LLM_MAX_TOKENS_PROFESSIONAL: int(4_096, 16, 128_000),
  UPLOADS_PER_ACCOUNT_PER_DAY: int(30, 1, 1_000_000),
  GUEST_RETENTION_DAYS: int(30, 1, 3_650),
};

/** For evaluation scripts that ask a gold set as one guest, far faster than any reader would. */
export const UNLIMITED_ASKS: AskLimits = {
  concurrentPerUser: 1e6,
  concurrentPerGuest: 1e6,
  perAccountPerHour: 1e9,
  perGuestPerHour: 1e9,
  perIpPerHour: 1e9,
};

type AbuseEnv = z.infer<z.ZodObject<typeof abuseEnv>>;

export interface AbuseConfig {
  asks: AskLimits;
  /** The longest answer asked of the model per chat mode (its max_tokens). */
  maxTokens: { simple: number; advanced: number; professional: number };
  /** Images (feedback screenshots) and feedbacks per account and day. */
  uploadsPerAccountPerDay: number;
  /** A guest unseen this long is deleted with what it kept (its conversations, notes, plans; decision 0040). */
  guestRetentionMs: number;
}

export function readAbuseConfig(e: AbuseEnv): AbuseConfig {
  return {
    asks: {
      concurrentPerUser: e.ASK_CONCURRENT_PER_USER,
      concurrentPerGuest: e.ASK_CONCURRENT_PER_GUEST,
      perAccountPerHour: e.ASKS_PER_ACCOUNT_PER_HOUR,
      perGuestPerHour: e.ASKS_PER_GUEST_PER_HOUR,
      perIpPerHour: e.ASKS_PER_IP_PER_HOUR,
    },
    maxTokens: {
      simple: e.LLM_MAX_TOKENS_SIMPLE,
      advanced: e.LLM_MAX_TOKENS_ADVANCED,
      professional: e.LLM_MAX_TOKENS_PROFESSIONAL,
    },
    uploadsPerAccountPerDay: e.UPLOADS_PER_ACCOUNT_PER_DAY,
    guestRetentionMs: e.GUEST_RETENTION_DAYS * 86_400_000,
  };
}
