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
  ASK_CONCURRENT_PER_GUEST_ADDRESS: int(3, 1, 1_000),
  ASKS_PREPARING_MAX: int(48, 1, 100_000),
  LLM_ACCOUNT_SHARE_PERCENT: int(25, 0, 90),
  GUEST_KEY_SECRET: z.preprocess(emptyToUndefined, z.string().min(32).optional()),
  GUEST_KEYS_PER_IP_PER_HOUR: int(30, 1, 1_000_000),
  ASKS_PER_ACCOUNT_PER_HOUR: int(60, 1, 1_000_000),
  ASKS_PER_GUEST_PER_HOUR: int(30, 1, 1_000_000),
  ASKS_PER_IP_PER_HOUR: int(300, 1, 10_000_000),
  LLM_MAX_TOKENS_SIMPLE: int(1_024, 16, 128_000),
  LLM_MAX_TOKENS_ADVANCED: int(2_048, 16, 128_000),
  LLM_MAX_TOKENS_PROFESSIONAL: int(4_096, 16, 128_000),
  ANSWER_MAX_CHARS_SIMPLE: int(6_000, 100, 50_000_000),
  ANSWER_MAX_CHARS_ADVANCED: int(12_000, 100, 50_000_000),
  ANSWER_MAX_CHARS_PROFESSIONAL: int(24_000, 100, 50_000_000),
  UPLOADS_PER_ACCOUNT_PER_DAY: int(30, 1, 1_000_000),
  GUEST_RETENTION_DAYS: int(30, 1, 3_650),
};

/** For evaluation scripts that ask a gold set as one guest, far faster than any reader would. */
export const UNLIMITED_ASKS: AskLimits = {
  concurrentPerUser: 1e6,
  concurrentPerGuest: 1e6,
  concurrentPerGuestAddress: 1e6,
  guestSlots: 1e6,
  preparingAtOnce: 1e6,
  perAccountPerHour: 1e9,
  perGuestPerHour: 1e9,
  perIpPerHour: 1e9,
};

type AbuseEnv = z.infer<z.ZodObject<typeof abuseEnv>>;

export interface AbuseConfig {
  asks: AskLimits;
  /** Guest keys: the HMAC key (unset: one kept in the database, made by the first server) and issues per address. */
  guestKeys: { secret: string | undefined; perIpPerHour: number };
  /** The longest answer asked of the model per chat mode (its max_tokens). */
  maxTokens: { simple: number; advanced: number; professional: number };
  /** The longest answer kept per chat mode, in characters, whatever the model does with max_tokens. */
  maxAnswerChars: { simple: number; advanced: number; professional: number };
  /** Images (feedback screenshots) and feedbacks per account and day. */
  uploadsPerAccountPerDay: number;
  /** A guest unseen this long is deleted with what it kept (its conversations, notes, plans; decision 0040). */
  guestRetentionMs: number;
}

/** `modelSlots` is LLM_MAX_CONCURRENT: the guests' share of it is what the accounts' share leaves. */
export function readAbuseConfig(e: AbuseEnv, modelSlots: number): AbuseConfig {
  return {
    asks: {
      concurrentPerUser: e.ASK_CONCURRENT_PER_USER,
      concurrentPerGuest: e.ASK_CONCURRENT_PER_GUEST,
      concurrentPerGuestAddress: e.ASK_CONCURRENT_PER_GUEST_ADDRESS,
      guestSlots: Math.max(1, Math.floor((modelSlots * (100 - e.LLM_ACCOUNT_SHARE_PERCENT)) / 100)),
      preparingAtOnce: e.ASKS_PREPARING_MAX,
      perAccountPerHour: e.ASKS_PER_ACCOUNT_PER_HOUR,
      perGuestPerHour: e.ASKS_PER_GUEST_PER_HOUR,
      perIpPerHour: e.ASKS_PER_IP_PER_HOUR,
    },
    maxTokens: {
      simple: e.LLM_MAX_TOKENS_SIMPLE,
      advanced: e.LLM_MAX_TOKENS_ADVANCED,
      professional: e.LLM_MAX_TOKENS_PROFESSIONAL,
    },
    maxAnswerChars: {
      simple: e.ANSWER_MAX_CHARS_SIMPLE,
      advanced: e.ANSWER_MAX_CHARS_ADVANCED,
      professional: e.ANSWER_MAX_CHARS_PROFESSIONAL,
    },
    uploadsPerAccountPerDay: e.UPLOADS_PER_ACCOUNT_PER_DAY,
    guestRetentionMs: e.GUEST_RETENTION_DAYS * 86_400_000,
    guestKeys: { secret: e.GUEST_KEY_SECRET, perIpPerHour: e.GUEST_KEYS_PER_IP_PER_HOUR },
  };
}
