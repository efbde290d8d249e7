import type { CounterState, CounterStore } from './counter-store.ts';

/** Hits between two sweeps of the keys whose window and ban are long over. */
const SWEEP_EVERY_HITS = 1000;
/** A key is kept this long past the end of its window or ban, as the Redis store keeps it. */
const KEEP_MS = 60_000;

interface Entry {
  /** When the window started, ms. */
  started: number;
  count: number;
  /** When the window ends (its start plus the length the last hit gave), ms. */
  ends: number;
  /** A ban until, ms (0: none). */
  banned: number;
}

/**
 * The counter port in this process, for the counters every request touches (the risk ceiling, ask quotas, voice)
 * on the embedded database: PGlite admits one process, so this process is every server there is, and a hit costs a
 * map lookup instead of an upsert (about 1.5 ms on PGlite, three of them in every ask). The same windows and bans as
 * the database and Redis stores; they start again when the process does, as Redis's do when it restarts empty.
 * Counters a fleet shares (PostgreSQL, Redis) never come here.
 */
export function createMemoryCounterStore(): CounterStore {
  const entries = new Map<string, Entry>();
  let hitsSinceSweep = 0;

  const state = (e: Entry, count: number, now: Date): CounterState => ({
    count,
    resetsAt: new Date(e.ends),
    blockedUntil: e.banned > now.getTime() ? new Date(e.banned) : null,
  });

  function sweep(now: number) {
    for (const [key, e] of entries) if (Math.max(e.ends, e.banned) + KEEP_MS < now) entries.delete(key);
  }

  return {
    async hit(key, windowMs, now) {
      const t = now.getTime();
      let e = entries.get(key);
      if (!e) entries.set(key, (e = { started: t, count: 1, ends: t + windowMs, banned: 0 }));
      else if (e.started + windowMs <= t) Object.assign(e, { started: t, count: 1, ends: t + windowMs });
      else Object.assign(e, { count: e.count + 1, ends: e.started + windowMs });
      if (++hitsSinceSweep >= SWEEP_EVERY_HITS) {
        hitsSinceSweep = 0;
        sweep(t);
      }
      return state(e, e.count, now);
    },

    async peek(key, windowMs, now) {
      const e = entries.get(key);
      if (!e) return { count: 0, resetsAt: now, blockedUntil: null };
      const live = e.started + windowMs > now.getTime();
      return state({ ...e, ends: e.started + windowMs }, live ? e.count : 0, now);
    },

    async block(key, until, now) {
      const e = entries.get(key);
      if (e) e.banned = until.getTime();
      else entries.set(key, { started: now.getTime(), count: 0, ends: now.getTime(), banned: until.getTime() });
    },

    async reset(keys) {
      for (const key of keys) entries.delete(key);
    },
  };
}
