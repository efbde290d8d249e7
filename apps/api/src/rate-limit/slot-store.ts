import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { redisFault } from '../redis/redis-client.ts';

/**
 * Slots held at once under a key (answers running per account, per guest, per address, for all guests): a holder
 * takes one under several keys together or none, and gives them back when it ends. In one process, or fleet-wide on
 * Redis (issue 30: per-instance caps multiplied with the fleet).
 */
export interface SlotStore {
  /** One slot under every key (each with its limit) for this lease, or none: false when any key is full. */
  take(keys: readonly (readonly [string, number])[], lease: string): Promise<boolean>;
  release(keys: readonly string[], lease: string): Promise<void>;
  close(): void;
}

export function createMemorySlotStore(): SlotStore {
  const held = new Map<string, Set<string>>();
  return {
    async take(keys, lease) {
      // Checked and taken with no await between: simultaneous takes cannot all pass the check.
      if (keys.some(([key, limit]) => (held.get(key)?.size ?? 0) >= limit)) return false;
      for (const [key] of keys) {
        let set = held.get(key);
        if (!set) held.set(key, (set = new Set()));
        set.add(lease);
      }
      return true;
    },
    async release(keys, lease) {
      for (const key of keys) {
        const set = held.get(key);
        set?.delete(lease);
        if (set?.size === 0) held.delete(key);
      }
    },
    close() {},
  };
}

/** All keys or none, atomically; a holder's slot expires unless renewed, so a dead server's slots come back. */
const TAKE = `
local now = tonumber(ARGV[1])
local ttl = tonumber(ARGV[2])
local lease = ARGV[3]
for i, key in ipairs(KEYS) do
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now)
  if redis.call('ZCARD', key) >= tonumber(ARGV[3 + i]) then return 0 end
end
for i, key in ipairs(KEYS) do
  redis.call('ZADD', key, now + ttl, lease)
  redis.call('PEXPIRE', key, ttl)
end
return 1
`;

type Scripted = Redis & { slotTake(...args: (string | number)[]): Promise<number> };

/**
 * Slots on Redis, shared by the fleet (one sorted set per key: the leases, scored by when they expire), with this
 * process's own slots behind them while Redis cannot be reached (the caps are then per instance for that while, as
 * before). Held leases are renewed every third of their ttl; a server that dies loses its slots within the ttl.
 */
export function createRedisSlotStore({
  command,
  log,
  prefix = 'slots:',
  ttlMs = 60_000,
}: {
  command: Redis;
  log: Pick<Logger, 'warn'>;
  prefix?: string;
  ttlMs?: number;
}): SlotStore {
  const redis = command as Scripted;
  redis.defineCommand('slotTake', { lua: TAKE });
  const local = createMemorySlotStore();
  /** Leases held on Redis, with their keys, for renewal; those taken here while Redis was away are not in it. */
  const held = new Map<string, readonly string[]>();
  const renew = setInterval(() => {
    if (held.size === 0) return;
    const p = redis.pipeline();
    const until = Date.now() + ttlMs;
    for (const [lease, keys] of held) {
      for (const key of keys) p.zadd(prefix + key, 'XX', until, lease).pexpire(prefix + key, ttlMs);
    }
    p.exec().catch(() => undefined);
  }, ttlMs / 3);
  renew.unref();
  let warned = false;
  return {
    async take(keys, lease) {
      try {
        const ok = await redis.slotTake(
          keys.length,
          ...keys.map(([key]) => prefix + key),
          Date.now(),
          ttlMs,
          lease,
          ...keys.map(([, limit]) => limit),
        );
        warned = false;
        if (ok !== 1) return false;
        held.set(
          lease,
          keys.map(([key]) => key),
        );
        return true;
      } catch (error) {
        if (!redisFault(error)) throw error;
        if (!warned) log.warn({ err: error, redis: 'fallback' }, 'redis unreachable: answer slots counted here');
        warned = true;
        return local.take(keys, lease);
      }
    },
    async release(keys, lease) {
      if (!held.delete(lease)) return local.release(keys, lease);
      const p = redis.pipeline();
      for (const key of keys) p.zrem(prefix + key, lease);
      // Not given back now (Redis away): it expires within the ttl.
      await p.exec().catch(() => undefined);
    },
    close() {
      clearInterval(renew);
    },
  };
}
