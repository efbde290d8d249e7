import { createHash } from 'node:crypto';
import type { AccountMode } from '@bible-qa/contract';
import { AppError, isAppError } from '../../http/app-error.ts';
import type { CounterStore } from '../../rate-limit/counter-store.ts';
import type { Clock } from './auth-session.service.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Counter keys carry a digest of the identifier, never the phone number or address itself. */
export function accountKey(channel: AccountMode, identifier: string): string {
  return createHash('sha256').update(`${channel}:${identifier}`).digest('base64url').slice(0, 22);
}

export interface AttemptLimits {
  /** Evaluated tries per account and hour before the account locks. */
  perHour: number;
  /** Failed tries per IP and hour; successes are not counted (an office or a carrier's NAT logs in a lot). */
  perIpPerHour: number;
  /** The first lock of a day lasts lockBaseMs; each further lock that day twice the one before, up to lockMaxMs. */
  lockBaseMs: number;
  lockMaxMs: number;
}

/**
 * The lock against guessing (NIST 800-63B §5.2.2, ASVS 2.2.1). Every code or password try on an account takes a
 * slot first, atomically, from an hourly window per account, so parallel requests, other spellings, IPs and login
 * paths share it. Past the limit the account locks for a short, growing back-off (decision 0010): tries are refused
 * unevaluated, the right one included, without being counted; when the lock runs out one try is let through, and a
 * failed one locks again for twice as long. Failures, never successes, count per IP.
 *
 * The owner's way in while locked: a code login with the live code, from the address that requested it, when that
 * address has no failure on the account. Guesses need failures, so an attacker cannot keep that door shut, and
 * opening it takes a code delivered to the owner.
 */
export function createAttemptLimiter({
  counters,
  clock,
  limits,
}: {
  counters: CounterStore;
  clock: Clock;
  limits: AttemptLimits;
}) {
  const keysOf = (channel: AccountMode, identifier: string, ip: string) => {
    const id = accountKey(channel, identifier);
    const at = createHash('sha256').update(`${id}:${ip}`).digest('base64url').slice(0, 22);
    return {
      hour: `authfail:h:${id}`,
      lock: `authlock:${id}`,
      locks: `authlock:n:${id}`,
      ip: `authfail:ip:${ip}`,
      pair: `authfail:at:${at}`,
      requested: `coderequest:${at}`,
    };
  };

  async function lock(keys: ReturnType<typeof keysOf>, now: Date): Promise<void> {
    const level = (await counters.hit(keys.locks, DAY, now)).count;
    const ms = Math.min(limits.lockMaxMs, limits.lockBaseMs * 2 ** Math.min(level - 1, 30));
    await counters.block(keys.lock, new Date(now.getTime() + ms), now);
    await counters.reset([keys.hour]);
  }

  async function isOwnerPath(keys: ReturnType<typeof keysOf>, now: Date): Promise<boolean> {
    const requested = await counters.peek(keys.requested, DAY, now);
    if (requested.count === 0) return false;
    return (await counters.peek(keys.pair, DAY, now)).count === 0;
  }

  return {
    /**
     * Runs one try (`evaluate` throws an AppError when it fails). A code login passes `code: true` to be let
     * through a lock on the owner's path.
     */
    async attempt<T>(
      input: { channel: AccountMode; identifier: string; ip: string; code?: boolean },
      evaluate: () => Promise<T>,
    ): Promise<T> {
      const now = clock.now();
      const keys = keysOf(input.channel, input.identifier, input.ip);
      if ((await counters.peek(keys.ip, HOUR, now)).count >= limits.perIpPerHour) {
        throw new AppError('too_many_attempts');
      }
      let locked = (await counters.peek(keys.lock, HOUR, now)).blockedUntil !== null;
      // After a lock has run out, one try at a time: a failed one locks again, for twice as long.
      const slots = (await counters.peek(keys.locks, DAY, now)).count === 0 ? limits.perHour : 1;
      if (!locked && (await counters.hit(keys.hour, HOUR, now)).count > slots) {
        await lock(keys, now);
        locked = true;
      }
      if (locked && !(input.code && (await isOwnerPath(keys, now)))) throw new AppError('too_many_attempts');
      let result: T;
      try {
        result = await evaluate();
      } catch (error) {
        if (isAppError(error)) {
          await counters.hit(keys.ip, HOUR, now);
          await counters.hit(keys.pair, DAY, now);
        }
        throw error;
      }
      // The account is in: its window, lock and back-off start afresh.
      await counters.reset([keys.hour, keys.lock, keys.locks]);
      return result;
    },

    /** Notes which address asked for a code to the account (the owner's path above). */
    async codeRequested(channel: AccountMode, identifier: string, ip: string): Promise<void> {
      await counters.hit(keysOf(channel, identifier, ip).requested, DAY, clock.now());
    },
  };
}
export type AttemptLimiter = ReturnType<typeof createAttemptLimiter>;
