import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client.ts';
import { databaseTargets } from '../test/databases.ts';
import { createDbCounterStore, type CounterStore } from './counter-store.ts';

describe.each(databaseTargets)('the counter store on $name', (target) => {
  let database: DatabaseHandle;
  let store: CounterStore;
  const t0 = new Date('2026-11-22T12:00:00Z');
  const at = (ms: number) => new Date(t0.getTime() + ms);

  beforeAll(async () => {
    database = await target.open();
    store = createDbCounterStore(database.db);
  });
  afterAll(async () => {
    await database.close();
  });

  it('counts hits within a window and starts again after it', async () => {
    expect((await store.hit('a', 60_000, t0)).count).toBe(1);
    expect((await store.hit('a', 60_000, at(30_000))).count).toBe(2);
    expect((await store.hit('a', 60_000, at(59_999))).count).toBe(3);
    const next = await store.hit('a', 60_000, at(60_000));
    expect(next.count).toBe(1);
    expect(next.resetsAt).toEqual(at(120_000));
    expect((await store.peek('a', 60_000, at(61_000))).count).toBe(1);
    expect((await store.peek('a', 60_000, at(200_000))).count).toBe(0);
  });

  it('counts 50 simultaneous hits as 1 to 50, none lost', async () => {
    const results = await Promise.all(Array.from({ length: 50 }, () => store.hit('parallel', 60_000, t0)));
    expect(results.map((r) => r.count).sort((x, y) => x - y)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  });

  it('bans a key until a time and forgets keys on reset', async () => {
    await store.block('b', at(10_000), t0);
    expect((await store.hit('b', 60_000, at(1))).blockedUntil).toEqual(at(10_000));
    expect((await store.hit('b', 60_000, at(10_000))).blockedUntil).toBeNull();
    await store.reset(['b', 'a']);
    expect((await store.peek('b', 60_000, at(10_001))).count).toBe(0);
  });
});
