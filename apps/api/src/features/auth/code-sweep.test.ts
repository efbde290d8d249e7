import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../db/client.ts';
import { isAppError } from '../../http/app-error.ts';
import { createOutbox } from '../../messaging/outbox.ts';
import { createOutboxMailer } from '../../messaging/mailer.ts';
import { createOutboxSms } from '../../messaging/sms.ts';
import { createDbCounterStore } from '../../rate-limit/counter-store.ts';
import { manualClock } from '../../test/auth-helpers.ts';
import { databaseTargets } from '../../test/databases.ts';
import { createMemberRepository } from '../member/member.repository.ts';
import { accountKey, createAttemptLimiter } from './attempt-limiter.ts';
import { createVerificationCodeRepository } from './verification-code.repository.ts';
import { createVerificationCodeService } from './verification-code.service.ts';

const HOUR = 3_600_000;
const LIMITS = { perHour: 10, perIpPerHour: 1_000_000, lockBaseMs: 60_000, lockMaxMs: HOUR };
const SPELLINGS = ['13800138000', '+86 138 0013 8000', '008613800138000', '１３８００１３８０００'];

/**
 * R6: an attacker sweeps the whole code space, 000000 to 999999 in order, against one account, requesting a fresh
 * code whenever the current one dies, rotating IP addresses and spellings. The right code sits at sweep position
 * 6, 11, 21, 101 or 1001 (the code generator is the service's port). The sweep has no chance past the lock: every
 * guess, the right code included, is refused with the answer of a wrong code until the lock and the hour end, so the
 * rest of the 10^6 need not be sent to know the outcome. Guesses with a chance are counted in the database.
 */
describe.each(databaseTargets)('a sweep of all 10^6 codes on $name', (target) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await target.open();
  });
  afterAll(async () => {
    await database.close();
  });

  function setup(rightAt: number) {
    const clock = manualClock();
    const counters = createDbCounterStore(database.db);
    const codes = createVerificationCodeRepository(database.db);
    const outbox = createOutbox({ log: { info: () => undefined }, logBodies: false });
    // The first code sits at the sweep position under test; later ones at the far end of the sweep.
    const issued: string[] = [];
    const generate = () => {
      issued.push(issued.length === 0 ? String(rightAt - 1).padStart(6, '0') : '999999');
      return issued.at(-1)!;
    };
    const service = createVerificationCodeService({
      codes,
      counters,
      limiter: createAttemptLimiter({ counters, clock, limits: LIMITS }),
      members: createMemberRepository(database.db),
      mailer: createOutboxMailer(outbox, clock),
      sms: createOutboxSms(outbox, clock),
      captchas: { pass: () => Promise.reject(new Error('no captcha in this test')) },
      clock,
      limits: {
        maxAttempts: 5,
        resendIntervalMs: 60_000,
        perAccountPerHour: 1000,
        perAccountPerIpPerHour: 1000,
        perIpPerHour: 1_000_000,
        perRegionPerHour: 1e7,
        withoutCaptchaPerIp: 1_000_000,
      },
      smsCountryCodes: ['86'],
      log: { error: () => undefined, warn: () => undefined },
      isBarred: async () => false,
      generate,
    });
    return { clock, service, codes, counters, issued };
  }

  it.each([6, 11, 21, 101, 1001])('never logs in with the right code at position %i', async (rightAt) => {
    const { clock, service, codes, counters, issued } = setup(rightAt);
    await database.db.execute(sql`delete from verification_codes`);
    await database.db.execute(sql`delete from rate_counters`);
    const identifier = '+8613800138000';
    const key = { channel: 'mobile' as const, identifier, purpose: 'login' as const };
    // The attacker cannot see the lock (every refusal is code_invalid); the test reads it from the counters.
    const lockKey = `authlock:${accountKey('mobile', identifier)}`;
    const locked = async () => (await counters.peek(lockKey, HOUR, clock.now())).blockedUntil !== null;

    let guess = 0;
    let logins = 0;
    let seen = 0;
    let triesOnCode = 0;
    const ask = async () => {
      await service.send({
        channel: 'mobile',
        account: SPELLINGS[guess % 4]!,
        purpose: 'login',
        ip: `10.0.0.${guess % 250}`,
        locale: 'en',
      });
      triesOnCode = 0;
      seen = await codes.attemptsFor(key);
    };
    const perHour: number[] = [];
    const perDay: number[] = [];
    for (let day = 0; day < 2; day++) {
      let dayTotal = 0;
      // One day of the attacker's time, an hour at a time; each hour ends at the lock.
      for (let hour = 0; hour < 24; hour++) {
        await ask();
        let hourTotal = 0;
        for (;;) {
          try {
            const code = String(guess).padStart(6, '0');
            await service.verify({
              channel: 'mobile',
              identifier,
              purpose: 'login',
              code,
              ip: `10.1.${day}.${guess % 250}`,
            });
            logins += 1;
          } catch (error) {
            if (!isAppError(error) || error.errorName !== 'code_invalid') throw error;
          }
          guess += 1;
          const evaluated = await codes.attemptsFor(key);
          const counted = evaluated - seen;
          seen = evaluated;
          triesOnCode += counted;
          // The guess that locked the account was compared but refused whatever it was: it had no chance.
          if (await locked()) break;
          hourTotal += counted;
          // A dead code (5 tries spent) is replaced after the 60 s resend wait.
          if (counted === 0 || triesOnCode >= 5) {
            clock.advance(61_000);
            await ask();
          }
        }
        // Locked: the live code itself is refused too, with the same answer as a wrong one.
        await expect(
          service.verify({ channel: 'mobile', identifier, purpose: 'login', code: issued.at(-1)!, ip: '10.9.9.9' }),
        ).rejects.toMatchObject({ errorName: 'code_invalid' });
        perHour.push(hourTotal);
        dayTotal += hourTotal;
        clock.advance(HOUR);
      }
      perDay.push(dayTotal);
    }
    expect(logins).toBe(0);
    // Every evaluated guess took an account-wide slot first: at most 10 an hour, across IPs and spellings.
    expect(Math.max(...perHour)).toBeLessThanOrEqual(LIMITS.perHour);
    expect(perHour[0]).toBe(LIMITS.perHour);
    expect(Math.max(...perDay)).toBeLessThanOrEqual(24 * LIMITS.perHour);
    expect(Math.min(...perDay)).toBeGreaterThan(0);
    // Where the sweep reached the first code's value, that code had died after 5 wrong tries, before its turn came.
    expect(guess).toBeLessThan(2 * 24 * (LIMITS.perHour + 1));
    // So P(success) ≤ 240 / 10^6 = 2.4e-4 per account and day; the rest of the 10^6 guesses meet the lock, refused.
  });
});
