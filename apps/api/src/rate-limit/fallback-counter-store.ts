import type { Logger } from 'pino';
import { redisFault } from '../redis/redis-client.ts';
import type { CounterStore } from './counter-store.ts';
import { createMemoryCounterStore } from './memory-counter-store.ts';

const RETRY_MS = 1_000;

/**
 * The hot counters on Redis with this process's own counters behind them (issue 30): while Redis cannot be reached
 * (down, or too slow to answer within its command timeout) every hit is counted here instead, as on one machine, so a
 * Redis blip costs the fleet its shared counts for a few seconds rather than every request. A fleet of N instances
 * then admits up to N times a limit for that while; the outage is logged once and counted (`onFault`).
 */
export function createFallbackCounterStore({
  primary,
  log,
  onFault = () => undefined,
}: {
  primary: CounterStore;
  log: Pick<Logger, 'warn'>;
  onFault?: () => void;
}): CounterStore {
  const local = createMemoryCounterStore();
  let degraded = false;
  // While degraded, Redis is tried again at most this often: a hung Redis costs one command timeout a second, not one
  // per request.
  let retryAt = 0;
  const run = async <T>(use: (store: CounterStore) => Promise<T>): Promise<T> => {
    if (degraded && Date.now() < retryAt) return use(local);
    try {
      const value = await use(primary);
      if (degraded) {
        degraded = false;
        log.warn({ redis: 'restored' }, 'counters back on redis');
      }
      return value;
    } catch (error) {
      if (!redisFault(error)) throw error;
      if (!degraded) log.warn({ err: error, redis: 'fallback' }, 'redis unreachable: counting in this process');
      degraded = true;
      retryAt = Date.now() + RETRY_MS;
      onFault();
      return use(local);
    }
  };
  return {
    hit: (key, windowMs, now) => run((s) => s.hit(key, windowMs, now)),
    peek: (key, windowMs, now) => run((s) => s.peek(key, windowMs, now)),
    block: (key, until, now) => run((s) => s.block(key, until, now)),
    reset: (keys) => run((s) => s.reset(keys)),
  };
}
