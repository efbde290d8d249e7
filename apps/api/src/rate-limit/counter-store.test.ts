import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../test/databases.ts';
import { connectTestRedis } from '../test/redis.ts';
import { createDbCounterStore, type CounterStore } from './counter-store.ts';
import { createMemoryCounterStore } from './memory-counter-store.ts';
import { createRedisCounterStore } from './redis-counter-store.ts';

/** Every adapter of the port: the database store on each engine, and Redis (keys under a prefix of this run). */
const adapters = [
  ...databaseTargets.map((target) => ({
    name: `the database on ${target.name}`,
    open: async () => {
      const database = await target.open();
      return { store: createDbCounterStore(database.db), close: () => database.close() };
    },
  })),
  {
    name: 'this process (the embedded database)',
    open: async () => ({ store: createMemoryCounterStore(), close: async () => undefined }),
  },
  {
    name: 'Redis',
    open: async () => {
      const redis = connectTestRedis();
      const store = createRedisCounterStore(redis.command, `test:${Math.random().toString(36).slice(2)}:`);
      return { store, close: () => redis.close() };
    },
  },
];

describe.each(adapters)('the counter store on $name', (adapter) => {
  let store: CounterStore;
  let close: () => Promise<void>;
  const t0 = new Date('2026-11-22T12:00:00Z');
  const at = (ms: number) => new Date(t0.getTime() + ms);

  beforeAll(async () => {
    ({ store, close } = await adapter.open());
  });
  afterAll(async () => {
    await close();
  });

  it('counts hits within a window and starts again after it', async () => {
    expect((await store.hit('a', 60_000, t0)).count).toBe(1);
    expect((await store.hit('a', 60_000, at(30_000))).count).toBe(2);
    const third = await store.hit('a', 60_000, at(59_999));
    expect(third).toEqual({ count: 3, resetsAt: at(60_000), blockedUntil: null });
    const next = await store.hit('a', 60_000, at(60_000));
    expect(next.count).toBe(1);
    expect(next.resetsAt).toEqual(at(120_000));
    expect(await store.peek('a', 60_000, at(61_000))).toEqual({ count: 1, resetsAt: at(120_000), blockedUntil: null });
    expect((await store.peek('a', 60_000, at(120_000))).count).toBe(0);
    expect(await store.peek('never', 60_000, t0)).toEqual({ count: 0, resetsAt: t0, blockedUntil: null });
  });

  it('counts 50 simultaneous hits as 1 to 50, none lost', async () => {
    const results = await Promise.all(Array.from({ length: 50 }, () => store.hit('parallel', 60_000, t0)));
    expect(results.map((r) => r.count).sort((x, y) => x - y)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  });

  it('bans a key until a time, keeps the ban across a new window, and forgets keys on reset', async () => {
    await store.block('b', at(10_000), t0);
    expect(await store.peek('b', 60_000, at(1))).toEqual({ count: 0, resetsAt: at(60_000), blockedUntil: at(10_000) });
    expect((await store.hit('b', 60_000, at(1))).blockedUntil).toEqual(at(10_000));
    expect((await store.hit('b', 60_000, at(10_000))).blockedUntil).toBeNull();
    await store.hit('c', 1_000, t0);
    await store.block('c', at(120_000), at(500));
    const later = await store.hit('c', 1_000, at(5_000));
    expect(later).toEqual({ count: 1, resetsAt: at(6_000), blockedUntil: at(120_000) });
    await store.reset(['b', 'a', 'c']);
    expect((await store.peek('b', 60_000, at(10_001))).count).toBe(0);
    expect((await store.peek('c', 1_000, at(5_001))).blockedUntil).toBeNull();
  });
});
