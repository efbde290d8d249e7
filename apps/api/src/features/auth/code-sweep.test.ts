import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
const POSITIONS = [6, 11, 21, 101, 1001];

/** Four spellings of one mainland number (`n` picks the number): plain, spaced, 0086 and full-width. */
function spellings(n: number): { identifier: string; spellings: string[] } {
  const digits = `138001380${String(n).padStart(2, '0')}`;
  const fullWidth = [...digits].map((d) => String.fromCharCode(0xff10 + Number(d))).join('');
  return {
    identifier: `+86${digits}`,
    spellings: [
      digits,
      `+86 ${digits.slice(0, 3)} ${digits.slice(3, 7)} ${digits.slice(7)}`,
      `0086${digits}`,
      fullWidth,
    ],
  };
}

/**
 * R6: an attacker sweeps the whole code space, 000000 to 999999 in order, against one account, requesting a fresh
 * code whenever the current one dies, rotating IP addresses and spellings. The right code sits at sweep position
 * 6, 11, 21, 101 or 1001 (the code generator is the service's port); every later code at the far end, 999999. The
 * sweep has no chance past the lock: every guess, the right code included, is refused with the answer of a wrong code
 * until the lock and the hour end, so the rest of the 10^6 need not be sent to know the outcome. Guesses with a chance
 * are counted in the database.
 *
 * Where the right code sits matters only while that first code lives: once a new code replaces it, it can never log
 * in, and the sweep goes on exactly alike for every position. So each position is swept until its code is replaced,
 * and the two days that follow are swept once, from the first position (five full sweeps of two days each took 14 s
 * of CPU on PGlite, and over 30 s each at load 20).
 */
describe.each(databaseTargets)('a sweep of all 10^6 codes on $name', (target) => {
  let database: DatabaseHandle;
  // Each sweep runs against a number of its own: no sweep's codes or counters reach another's.
  let sweeps = 0;
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

  /**
   * Sweeps from 000000 for up to two days of the attacker's time, an hour at a time, each hour ending at the lock;
   * with `untilReplaced`, only until the first code has been replaced by a new one.
   */
  async function sweep(rightAt: number, { untilReplaced = false } = {}) {
    const { clock, service, codes, counters, issued } = setup(rightAt);
    const { identifier, spellings: spelled } = spellings(sweeps++);
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
        account: spelled[guess % 4]!,
        purpose: 'login',
        ip: `10.0.0.${guess % 250}`,
        locale: 'en',
      });
      triesOnCode = 0;
      seen = await codes.attemptsFor(key);
    };
    const replaced = () => untilReplaced && issued.length > 1;
    const perHour: number[] = [];
    const perDay: number[] = [];
    for (let day = 0; day < 2 && !replaced(); day++) {
      let dayTotal = 0;
      for (let hour = 0; hour < 24 && !replaced(); hour++) {
        await ask();
        let hourTotal = 0;
        while (!replaced()) {
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
          if (await locked()) {
            // Locked: the live code itself is refused too, with the same answer as a wrong one.
            await expect(
              service.verify({ channel: 'mobile', identifier, purpose: 'login', code: issued.at(-1)!, ip: '10.9.9.9' }),
            ).rejects.toMatchObject({ errorName: 'code_invalid' });
            break;
          }
          hourTotal += counted;
          // A dead code (5 tries spent) is replaced after the 60 s resend wait.
          if (counted === 0 || triesOnCode >= 5) {
            clock.advance(61_000);
            await ask();
          }
        }
        perHour.push(hourTotal);
        dayTotal += hourTotal;
        clock.advance(HOUR);
      }
      perDay.push(dayTotal);
    }
    return { logins, guess, perHour, perDay, issued };
  }

  it.each(POSITIONS)('never logs in with the right code at position %i', async (rightAt) => {
    const { logins, issued } = await sweep(rightAt, { untilReplaced: true });
    expect(logins).toBe(0);
    // The first code is gone (it died after 5 wrong tries, before the sweep reached its value): from here on the
    // sweep is the same whatever its position, and the next test follows it for two days.
    expect(issued).toHaveLength(2);
  });

  // Two days of guesses, a few thousand statements: about 3.5 s of CPU on PGlite, a minute of wall time at load 25.
  it(
    'lets at most 10 guesses an hour have a chance, across IPs and spellings, for two days',
    { timeout: 180_000 },
    async () => {
      const { logins, guess, perHour, perDay } = await sweep(POSITIONS[0]!);
      expect(logins).toBe(0);
      // Every evaluated guess took an account-wide slot first: at most 10 an hour, across IPs and spellings.
      expect(Math.max(...perHour)).toBeLessThanOrEqual(LIMITS.perHour);
      expect(perHour[0]).toBe(LIMITS.perHour);
      expect(perHour).toHaveLength(48);
      expect(Math.max(...perDay)).toBeLessThanOrEqual(24 * LIMITS.perHour);
      expect(Math.min(...perDay)).toBeGreaterThan(0);
      // Where the sweep reached the first code's value, that code had died after 5 wrong tries, before its turn came.
      expect(guess).toBeLessThan(2 * 24 * (LIMITS.perHour + 1));
      // So P(success) ≤ 240 / 10^6 = 2.4e-4 per account and day; the rest of the 10^6 guesses meet the lock, refused.
    },
  );
});
