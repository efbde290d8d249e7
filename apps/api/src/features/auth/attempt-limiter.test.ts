import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { openTestPglite } from '../../test/databases.ts';
import { AppError } from '../../http/app-error.ts';
import { createDbCounterStore } from '../../rate-limit/counter-store.ts';
import { manualClock } from '../../test/auth-helpers.ts';
import { createAttemptLimiter } from './attempt-limiter.ts';

const MINUTE = 60_000;

describe('the attempt limiter', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestPglite();
  });
  afterAll(async () => {
    await database.close();
  });

  it('locks for 1, 2, 4 … minutes as locks repeat within a day, capped at the maximum', async () => {
    const clock = manualClock();
    const limiter = createAttemptLimiter({
      counters: createDbCounterStore(database.db),
      clock,
      limits: { perHour: 3, perIpPerHour: 1_000_000, lockBaseMs: MINUTE, lockMaxMs: 8 * MINUTE },
    });
    const who = { channel: 'mail' as const, identifier: 'lock@example.org', ip: '10.0.0.1', path: 'password' as const };
    const wrong = () =>
      limiter.attempt(who, () => Promise.reject(new AppError('wrong_password'))).catch((e: AppError) => e.errorName);
    // Three tries, then the lock: how long until a try is evaluated again?
    const lockLength = async () => {
      expect(await wrong()).toBe('too_many_attempts');
      let waited = 0;
      while ((await wrong()) === 'too_many_attempts') {
        clock.advance(15_000);
        waited += 15_000;
      }
      return waited;
    };
    for (let i = 0; i < 3; i++) expect(await wrong()).toBe('wrong_password');
    const lengths = [];
    for (let i = 0; i < 5; i++) lengths.push(await lockLength());
    // Each evaluated try after a lock is refused again, as the hour's slots are spent: the next lock starts there.
    expect(lengths.map((ms) => Math.round(ms / MINUTE))).toEqual([1, 2, 4, 8, 8]);
  });

  it("keeps the owner's path open to an address whose only try was refused by the lock", async () => {
    const limiter = createAttemptLimiter({
      counters: createDbCounterStore(database.db),
      clock: manualClock(),
      limits: { perHour: 3, perIpPerHour: 1_000_000, lockBaseMs: MINUTE, lockMaxMs: 8 * MINUTE },
    });
    const account = { channel: 'mail' as const, identifier: 'owner@example.org' };
    const fail = () => Promise.reject(new AppError('wrong_password'));
    const attempt = (ip: string, path: 'password' | 'code:login', evaluate: () => Promise<string>) =>
      limiter.attempt({ ...account, ip, path }, evaluate).catch((e: AppError) => e.errorName);
    for (let i = 0; i < 4; i++) await attempt('10.0.0.66', 'password', fail);
    // The owner tries the password from home and is refused by the lock, then asks for a code there.
    expect(await attempt('192.0.2.1', 'password', () => Promise.resolve('in'))).toBe('too_many_attempts');
    await limiter.codeRequested(account.channel, account.identifier, '192.0.2.1');
    expect(await attempt('192.0.2.1', 'code:login', () => Promise.resolve('in'))).toBe('in');
  });

  it('refuses a code try during a lock like a wrong code, after evaluating it, even when it is right', async () => {
    const limiter = createAttemptLimiter({
      counters: createDbCounterStore(database.db),
      clock: manualClock(),
      limits: { perHour: 3, perIpPerHour: 1_000_000, lockBaseMs: MINUTE, lockMaxMs: 8 * MINUTE },
    });
    const who = {
      channel: 'mobile' as const,
      identifier: '+8613900000001',
      ip: '10.0.0.77',
      path: 'code:login' as const,
    };
    let evaluated = 0;
    const wrong = () => {
      evaluated += 1;
      return Promise.reject(new AppError('code_invalid'));
    };
    for (let i = 0; i < 3; i++) await limiter.attempt(who, wrong).catch(() => undefined);
    const right = () => {
      evaluated += 1;
      return Promise.resolve('in');
    };
    await expect(limiter.attempt(who, right)).rejects.toMatchObject({ errorName: 'code_invalid' });
    expect(evaluated).toBe(4);
  });
});
