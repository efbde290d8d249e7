import { and, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { rateCounters } from '../db/schema.ts';

export interface CounterState {
  /** Events counted in the current window, this one included. */
  count: number;
  /** When the window ends. */
  resetsAt: Date;
  /** A ban on the key, when one is in force. */
  blockedUntil: Date | null;
}

/**
 * Counters shared by every API server (send-code caps, failed-login locks, the risk ceiling). A window starts at
 * its first event and lasts windowMs. Each hit is one atomic statement, so parallel requests never read the same
 * count: N simultaneous hits answer 1…N. Embedded and PostgreSQL today; a Redis adapter can take its place.
 */
export interface CounterStore {
  hit(key: string, windowMs: number, now: Date): Promise<CounterState>;
  /** The state without counting (0 when the window is over or the key unknown). */
  peek(key: string, windowMs: number, now: Date): Promise<CounterState>;
  block(key: string, until: Date, now: Date): Promise<void>;
  reset(keys: readonly string[]): Promise<void>;
}

const PRUNE_EVERY_HITS = 1000;
const PRUNE_AGE_MS = 48 * 3_600_000;

export function createDbCounterStore(db: Database): CounterStore {
  let hitsSincePrune = 0;
  const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

  function state(row: { count: number; windowStart: Date; blockedUntil: Date | null }, windowMs: number, now: Date) {
    const blocked = row.blockedUntil && row.blockedUntil > now ? row.blockedUntil : null;
    return { count: row.count, resetsAt: new Date(row.windowStart.getTime() + windowMs), blockedUntil: blocked };
  }

  async function prune(now: Date) {
    const edge = new Date(now.getTime() - PRUNE_AGE_MS);
    await db
      .delete(rateCounters)
      .where(
        and(
          lt(rateCounters.windowStart, edge),
          or(isNull(rateCounters.blockedUntil), lt(rateCounters.blockedUntil, now)),
        ),
      );
  }

  return {
    async hit(key, windowMs, now) {
      const edge = new Date(now.getTime() - windowMs);
      const expired = sql`${rateCounters.windowStart} <= ${ts(edge)}`;
      const [row] = await db
        .insert(rateCounters)
        .values({ key, windowStart: now, count: 1 })
        .onConflictDoUpdate({
          target: rateCounters.key,
          set: {
            count: sql`case when ${expired} then 1 else ${rateCounters.count} + 1 end`,
            windowStart: sql`case when ${expired} then ${ts(now)} else ${rateCounters.windowStart} end`,
          },
        })
        .returning({
          count: rateCounters.count,
          windowStart: rateCounters.windowStart,
          blockedUntil: rateCounters.blockedUntil,
        });
      if (!row) throw new Error('counter upsert returned no row');
      if (++hitsSincePrune >= PRUNE_EVERY_HITS) {
        hitsSincePrune = 0;
        await prune(now);
      }
      return state(row, windowMs, now);
    },

    async peek(key, windowMs, now) {
      const [row] = await db
        .select({
          count: rateCounters.count,
          windowStart: rateCounters.windowStart,
          blockedUntil: rateCounters.blockedUntil,
        })
        .from(rateCounters)
        .where(sql`${rateCounters.key} = ${key}`)
        .limit(1);
      if (!row) return { count: 0, resetsAt: now, blockedUntil: null };
      const live = row.windowStart.getTime() + windowMs > now.getTime();
      return state({ ...row, count: live ? row.count : 0 }, windowMs, now);
    },

    async block(key, until, now) {
      await db
        .insert(rateCounters)
        .values({ key, windowStart: now, count: 0, blockedUntil: until })
        .onConflictDoUpdate({ target: rateCounters.key, set: { blockedUntil: until } });
    },

    async reset(keys) {
      if (keys.length === 0) return;
      await db.delete(rateCounters).where(inArray(rateCounters.key, [...keys]));
    },
  };
}
