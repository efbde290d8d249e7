import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError } from './config.ts';
import { openUnmigratedPglite } from './test/databases.ts';
import { buildTestApp } from './test/test-app.ts';
import { freePort } from './test/free-port.ts';

/** Issue 30, finding 7: each start-up failure names its cause and its fix. */
describe('starting the server', () => {
  const closing: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const close of closing.reverse()) await close();
  });

  it('names an unmigrated database and how to migrate it, instead of failing on a missing table', async () => {
    const database = await openUnmigratedPglite();
    closing.push(() => database.close());
    const started = buildTestApp({ database, env: { DATABASE_MIGRATE_ON_START: 'false' } });
    await expect(started).rejects.toBeInstanceOf(ConfigError);
    await expect(started).rejects.toThrow(/lacks \d+ migration\(s\).*run `npm run migrate`/);
  }, 120_000);

  it('starts and serves while Redis cannot be reached, and says so in readiness', async () => {
    const { openTestPglite } = await import('./test/databases.ts');
    // The container closes the database it was given.
    const database = await openTestPglite();
    // Nothing listens on this port: Redis is down from the start.
    const t = await buildTestApp({ database, env: { REDIS_URL: `redis://127.0.0.1:${await freePort()}` } });
    closing.push(
      () => t.container.close(),
      () => t.app.close(),
    );
    const options = await t.app.inject({
      method: 'GET',
      url: '/webapi/portal/auth/options',
      headers: { locale: 'en' },
    });
    expect(options.json()).toMatchObject({ code: 0 });
    const ready = await t.app.inject({ method: 'GET', url: '/webapi/ready' });
    expect(ready.json().data).toMatchObject({ database: 'ok', redis: 'down' });
    // Still up a while later: nothing it started in the background failed it.
    await new Promise((r) => setTimeout(r, 1_500));
    expect((await t.app.inject({ method: 'GET', url: '/webapi/health' })).statusCode).toBe(200);
  }, 120_000);
});
