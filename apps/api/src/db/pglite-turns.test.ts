import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { openTestPglite } from '../test/databases.ts';

it('gives the event loop turns while a burst of PGlite statements runs', async () => {
  const database = await openTestPglite();
  let done = 0;
  const burst = Array.from({ length: 2000 }, () => database.db.execute(sql`select 1`).then(() => (done += 1)));
  // A socket read or a timer waiting for the next turn of the loop: it must not wait for the whole burst.
  const atFirstTurn = await new Promise<number>((resolve) => setImmediate(() => resolve(done)));
  await Promise.all(burst);
  expect(done).toBe(2000);
  expect(atFirstTurn).toBeLessThan(2000);
  await database.close();
}, 120_000);

it('keeps a small buffer cache, not the 128 MB PostgreSQL would make resident in WebAssembly memory', async () => {
  const database = await openTestPglite();
  const result = await database.db.execute(sql`show shared_buffers`);
  expect((result as unknown as { rows: { shared_buffers: string }[] }).rows[0]?.shared_buffers).toBe('16MB');
  await database.close();
}, 120_000);
