import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * What an operator sets to run the server in a fleet: proxy trust, migrations at start, Redis, how long an answer
 * waits for its reader to come back, the metrics endpoint's access, and the development outbox. Parsed with the rest in config.ts (the only reader of process.env).
 */
const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const bool = (fallback: boolean) =>
  z.preprocess(
    emptyToUndefined,
    z
      .enum(['true', 'false', '1', '0'])
      .default(fallback ? 'true' : 'false')
      .transform((v) => v === 'true' || v === '1'),
  );

/** proxy-addr's names for address ranges, accepted in an address list beside addresses and CIDR blocks. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address, bits, extra] = entry.split('/');
  if (extra !== undefined || !address) return false;
  const family = isIP(address);
  if (!family) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d+$/.test(bits) && n <= (family === 4 ? 32 : 128);
}

/**
 * Which hops may tell the client's address in X-Forwarded-For: `false` (none, the default), a hop count (`1`: the
 * one balancer in front), a list of addresses or CIDR blocks (`10.0.0.0/8,127.0.0.1`), or `true` (any: only when
 * nothing can reach the server except through the proxy, since a client can then forge its address).
 */
export type TrustProxy = boolean | number | string[];

const trustProxy = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .default('false')
    .transform((raw, ctx): TrustProxy => {
      const value = raw.trim();
      if (value === 'true' || value === 'false') return value === 'true';
      if (/^\d+$/.test(value)) return Number(value);
      const list = value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      const bad = list.filter((entry) => !isAddressOrRange(entry));
      if (list.length && !bad.length) return list;
      ctx.addIssue({
        code: 'custom',
        message: `must be true, false, a hop count or a list of addresses/CIDR blocks (bad: ${bad.join(', ') || raw})`,
      });
      return z.NEVER;
    }),
);

const addressList = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .default('')
    .transform((raw, ctx) => {
      const list = raw
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      const bad = list.filter((entry) => !isAddressOrRange(entry));
      if (bad.length) ctx.addIssue({ code: 'custom', message: `not an address or CIDR block: ${bad.join(', ')}` });
      return list;
    }),
);

const int = (fallback: number, min: number, max: number) =>
  z.preprocess(emptyToUndefined, z.coerce.number().int().min(min).max(max).default(fallback));

export const opsEnv = {
  TRUST_PROXY: trustProxy,
  DATABASE_MIGRATE_ON_START: bool(true),
  REDIS_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^rediss?:\/\/[^/]/, 'must be a redis:// or rediss:// URL')
      .optional(),
  ),
  REDIS_COMMAND_TIMEOUT_MS: int(1_000, 50, 60_000),
  STREAM_RESUME_GRACE_MS: int(10_000, 0, 120_000),
  DEV_OUTBOX: bool(false),
  METRICS_TOKEN: z.preprocess(emptyToUndefined, z.string().min(16).optional()),
  METRICS_ALLOW: addressList,
};

type OpsEnv = z.infer<z.ZodObject<typeof opsEnv>>;

export interface OpsConfig {
  trustProxy: TrustProxy;
  /** Apply pending migrations (under an advisory lock) when the server starts; a fleet runs `npm run migrate`. */
  migrateOnStart: boolean;
  /**
   * Redis, shared by every instance: pub/sub, running answers and guests' inputs, the hot rate counters. Unset, they
   * live in this process (and the counters in the database): right for one server.
   */
  redisUrl: string | undefined;
  /** A Redis command with no answer after this long fails (the request gets the §8 message instead of hanging). */
  redisCommandTimeoutMs: number;
  /** An answer whose last reader went away keeps running this long for the reader to reconnect and resume. */
  streamResumeGraceMs: number;
  /** Serve GET /webapi/dev/outbox (codes sent by the outbox): only when asked for, never in production. */
  devOutbox: boolean;
  /** GET /metrics: a bearer token, and/or the addresses allowed without one; neither set, the endpoint is off. */
  metrics: { token: string | undefined; allow: string[] };
}

export function readOpsConfig(e: OpsEnv): OpsConfig {
  return {
    trustProxy: e.TRUST_PROXY,
    migrateOnStart: e.DATABASE_MIGRATE_ON_START,
    redisUrl: e.REDIS_URL,
    redisCommandTimeoutMs: e.REDIS_COMMAND_TIMEOUT_MS,
    streamResumeGraceMs: e.STREAM_RESUME_GRACE_MS,
    devOutbox: e.DEV_OUTBOX,
    metrics: { token: e.METRICS_TOKEN, allow: e.METRICS_ALLOW },
  };
}
