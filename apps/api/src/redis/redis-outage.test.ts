import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCode, errorMessage } from '@bible-qa/contract';
import type { DatabaseHandle } from '../db/client.ts';
import { openTestPglite } from '../test/databases.ts';
import { startRedisServer, type RunningRedis } from '../test/redis-server.ts';
import { buildTestApp } from '../test/test-app.ts';

/**
 * Issue 25, finding 7: a hung Redis hung every request that touches a counter (no command timeout). Here a real
 * redis-server is frozen (SIGSTOP: its connections stay open and nothing is answered), then started again, then
 * stopped; a request that counts towards the risk ceiling (on Redis) is answered each time, with the §8 message.
 */
describe('requests while Redis hangs or is down', () => {
  let database: DatabaseHandle;
  let redis: RunningRedis;
  let t: Awaited<ReturnType<typeof buildTestApp>>;

  beforeAll(async () => {
    redis = await startRedisServer();
    database = await openTestPglite();
    t = await buildTestApp({ database, env: { REDIS_URL: redis.url, REDIS_COMMAND_TIMEOUT_MS: '300' } });
  });
  afterAll(async () => {
    await t.app.close();
    await t.container.close();
    await database.close();
    await redis.stop();
  });

  /** A call counted by the risk ceiling, or 'hung' when no answer came in 10 s (over 30 times the timeout). */
  const call = () =>
    Promise.race([
      t.app
        .inject({ method: 'GET', url: '/webapi/portal/auth/options', headers: { locale: 'en' } })
        .then((res) => res.json() as { code: number; msg: string }),
      sleep(10_000).then(() => 'hung' as const),
    ]);

  it('answers with the high-traffic message while Redis hangs, and as before once it is back', async () => {
    expect(await call()).toMatchObject({ code: 0 });
    redis.pause();
    try {
      for (let i = 0; i < 3; i++) {
        expect(await call()).toEqual({
          code: errorCode('high_traffic'),
          msg: errorMessage('high_traffic', 'en'),
          data: null,
          requestId: expect.any(String),
        });
      }
    } finally {
      redis.resume();
    }
    await expect.poll(async () => ((await call()) as { code: number }).code, { timeout: 10_000 }).toBe(0);
    expect(t.logs.some((line) => line.redis === 'timeout')).toBe(true);
  }, 60_000);

  it('answers with the system error at once while Redis is down', async () => {
    await redis.stop();
    for (let i = 0; i < 3; i++) {
      expect(await call()).toMatchObject({
        code: errorCode('internal_error'),
        msg: errorMessage('internal_error', 'en'),
      });
    }
  }, 60_000);
});
