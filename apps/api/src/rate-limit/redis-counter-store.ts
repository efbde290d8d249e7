import type { Redis } from 'ioredis';
import type { CounterState, CounterStore } from './counter-store.ts';

/**
 * A key is kept this long past the end of its window or ban, so that reads just after the end see what the database
 * store sees (an expired window: count 0, the old end); afterwards the key is gone, as pruned rows are.
 */
const KEEP_MS = 60_000;

/**
 * One hit, atomically: a window starts at its first event (field s, ms) and lasts the given length; the count (c)
 * starts again at 1 once it is over. A ban (b, ms) is untouched. The key expires after the later of the window's end
 * and the ban's, so Redis forgets idle counters by itself. Times come from the caller's clock, as in the database.
 */
const HIT = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local started = tonumber(redis.call('HGET', KEYS[1], 's'))
local count
if started == nil or started + window <= now then
  started = now
  count = 1
  redis.call('HSET', KEYS[1], 's', started, 'c', 1)
else
  count = redis.call('HINCRBY', KEYS[1], 'c', 1)
end
local banned = tonumber(redis.call('HGET', KEYS[1], 'b') or '0')
local keep = math.max(started + window, banned) - now
redis.call('PEXPIRE', KEYS[1], math.max(keep, 1) + tonumber(ARGV[3]))
return {count, started, banned}
`;

/** A ban until a time; a key not counted yet gets an empty window starting now, as in the database. */
const BLOCK = `
local now = tonumber(ARGV[1])
local untilMs = tonumber(ARGV[2])
if redis.call('HSETNX', KEYS[1], 's', now) == 1 then redis.call('HSET', KEYS[1], 'c', 0) end
redis.call('HSET', KEYS[1], 'b', untilMs)
local ttl = redis.call('PTTL', KEYS[1])
local keep = untilMs - now + tonumber(ARGV[3])
if ttl < keep then redis.call('PEXPIRE', KEYS[1], math.max(keep, 1)) end
return 1
`;

type Scripted = Redis & {
  counterHit(key: string, now: number, windowMs: number, keepMs: number): Promise<[number, number, number]>;
  counterBlock(key: string, now: number, until: number, keepMs: number): Promise<number>;
};

/**
 * The counter port on Redis (REDIS_URL): the same windows and bans as the database store, one atomic script per
 * hit and no row lock, for the counters every request touches (the risk ceiling, ask quotas, voice). A key's window
 * length must be the same in every call on it, as every caller's is.
 */
export function createRedisCounterStore(command: Redis, prefix = 'rate:'): CounterStore {
  const redis = command as Scripted;
  redis.defineCommand('counterHit', { numberOfKeys: 1, lua: HIT });
  redis.defineCommand('counterBlock', { numberOfKeys: 1, lua: BLOCK });
  const state = (count: number, started: number, banned: number, windowMs: number, now: Date): CounterState => ({
    count,
    resetsAt: new Date(started + windowMs),
    blockedUntil: banned > now.getTime() ? new Date(banned) : null,
  });

  return {
    async hit(key, windowMs, now) {
      const [count, started, banned] = await redis.counterHit(prefix + key, now.getTime(), windowMs, KEEP_MS);
      return state(Number(count), Number(started), Number(banned), windowMs, now);
    },

    async peek(key, windowMs, now) {
      const [c, s, b] = await redis.hmget(prefix + key, 'c', 's', 'b');
      if (s === null) return { count: 0, resetsAt: now, blockedUntil: null };
      const started = Number(s);
      const live = started + windowMs > now.getTime();
      return state(live ? Number(c) : 0, started, Number(b ?? 0), windowMs, now);
    },

    async block(key, until, now) {
      await redis.counterBlock(prefix + key, now.getTime(), until.getTime(), KEEP_MS);
    },

    async reset(keys) {
      if (keys.length === 0) return;
      await redis.del(...keys.map((key) => prefix + key));
    },
  };
}
