import { createHash } from 'node:crypto';
import type { AccountMode } from '@bible-qa/contract';
import { AppError } from '../../http/app-error.ts';
import type { CounterStore } from '../../rate-limit/counter-store.ts';
import type { Clock } from './auth-session.service.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Counter keys carry a digest of the identifier, never the phone number or address itself. */
export function accountKey(channel: AccountMode, identifier: string): string {
  return createHash('sha256').update(`${channel}:${identifier}`).digest('base64url').slice(0, 22);
}

/**
 * The lock against guessing (NIST 800-63B §5.2.2, ASVS 2.2.1): every code or password try on an account takes a
 * slot first, atomically, from an hourly and a daily window per account and an hourly window per IP. Past a limit
 * the try is refused without being evaluated, the right code or password included, until the window ends. Keys are
 * the normalised identifier, so other spellings, other IPs, other login paths and parallel requests share them.
 * A success forgets the account's count.
 */
export function createAttemptLimiter({
  counters,
  clock,
  limits,
}: {
  counters: CounterStore;
  clock: Clock;
  limits: { perHour: number; perDay: number; perIpPerHour: number };
}) {
  const keys = (channel: AccountMode, identifier: string) => {
    const id = accountKey(channel, identifier);
    return { hour: `authfail:h:${id}`, day: `authfail:d:${id}` };
  };
  return {
    async take(channel: AccountMode, identifier: string, ip: string): Promise<void> {
      const now = clock.now();
      const { hour, day } = keys(channel, identifier);
      const perHour = await counters.hit(hour, HOUR, now);
      const perDay = await counters.hit(day, DAY, now);
      const perIp = await counters.hit(`authfail:ip:${ip}`, HOUR, now);
      if (perHour.count > limits.perHour || perDay.count > limits.perDay || perIp.count > limits.perIpPerHour) {
        throw new AppError('too_many_attempts');
      }
    },
    async succeeded(channel: AccountMode, identifier: string): Promise<void> {
      const { hour, day } = keys(channel, identifier);
      await counters.reset([hour, day]);
    },
  };
}
export type AttemptLimiter = ReturnType<typeof createAttemptLimiter>;
