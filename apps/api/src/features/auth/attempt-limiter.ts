import { createHash } from 'node:crypto';
import type { AccountMode, CodePurpose } from '@bible-qa/contract';
import { AppError, isAppError } from '../../http/app-error.ts';
import type { CounterStore } from '../../rate-limit/counter-store.ts';
import type { AuditRecorder } from '../audit/audit.service.ts';
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

export interface AttemptInput {
  channel: AccountMode;
  identifier: string;
  ip: string;
  /** What is tried: `password`, or `code:<purpose>` for a verification code. */
  path: 'password' | `code:${CodePurpose}`;
}

/**
 * The lock against guessing (NIST 800-63B §5.2.2, ASVS 2.2.1). Every code or password try on an account takes a
 * slot first, atomically, from an hourly window per account, so parallel requests, other spellings, IPs and login
 * paths share it. Past the limit the account locks for a short, growing back-off (decision 0013): tries are refused, the
 * right one included, and never counted toward the window; when the lock runs out one try is let through, and a
 * failed one locks again for twice as long. Failures, never successes, count per IP. Failures, locks and a lock
 * opened by the owner go to the audit log.
 *
 * The owner's way in while locked: a code login with the live code, from the address that requested it, when that
 * address has no failure on the account. Guesses need failures, so an attacker cannot keep that door shut, and
 * opening it takes a code delivered to the owner.
 */
export function createAttemptLimiter({
  counters,
  clock,
  limits,
  audit,
}: {
  counters: CounterStore;
  clock: Clock;
  limits: AttemptLimits;
  audit?: AuditRecorder;
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
      refused: `authlock:refused:${id}`,
      refusedPair: `authlock:refused:at:${at}`,
    };
  };
  type Keys = ReturnType<typeof keysOf>;

  async function lock(keys: Keys, input: AttemptInput, now: Date): Promise<void> {
    const level = (await counters.hit(keys.locks, DAY, now)).count;
    const ms = Math.min(limits.lockMaxMs, limits.lockBaseMs * 2 ** Math.min(level - 1, 30));
    await counters.block(keys.lock, new Date(now.getTime() + ms), now);
    await counters.reset([keys.hour]);
    await audit?.record({
      kind: 'account_locked',
      account: { channel: input.channel, identifier: input.identifier },
      ip: input.ip,
      reason: 'failed_attempts',
      detail: { lockMs: ms, level },
    });
  }

  async function isOwnerPath(keys: Keys, now: Date): Promise<boolean> {
    const requested = await counters.peek(keys.requested, DAY, now);
    if (requested.count === 0) return false;
    return (await counters.peek(keys.pair, DAY, now)).count === 0;
  }

  /**
   * A failed or refused try: counted per address, and written to the audit log. Only an evaluated failure marks the
   * address as failed on the account: the owner's own try refused by a lock must not close the owner's path.
   */
  async function failed(keys: Keys, input: AttemptInput, now: Date, reason: string): Promise<void> {
    await counters.hit(keys.ip, HOUR, now);
    // A refused try is kept apart (the same work), so the owner's path stays open to the owner's address.
    await counters.hit(reason === 'locked' ? keys.refusedPair : keys.pair, DAY, now);
    await audit?.record({
      kind: 'login_failed',
      account: { channel: input.channel, identifier: input.identifier },
      ip: input.ip,
      reason,
      detail: { path: input.path },
    });
  }

  return {
    /**
     * Runs one try (`evaluate` throws an AppError when it fails). A code try (path `code:…`) may pass a lock on the
     * owner's path, and is answered code_invalid whatever refused it: a lock, like a wrong, expired, used or never
     * requested code, after the same work (its guess is still taken and compared, then refused), so neither the
     * answer nor its time tells a lock apart.
     */
    async attempt<T>(input: AttemptInput, evaluate: () => Promise<T>): Promise<T> {
      const now = clock.now();
      const code = input.path.startsWith('code');
      const refusal = code ? 'code_invalid' : 'too_many_attempts';
      const keys = keysOf(input.channel, input.identifier, input.ip);
      if ((await counters.peek(keys.ip, HOUR, now)).count >= limits.perIpPerHour) throw new AppError(refusal);
      let locked = (await counters.peek(keys.lock, HOUR, now)).blockedUntil !== null;
      // After a lock has run out, one try at a time: a failed one locks again, for twice as long.
      const slots = (await counters.peek(keys.locks, DAY, now)).count === 0 ? limits.perHour : 1;
      if (!locked && (await counters.hit(keys.hour, HOUR, now)).count > slots) {
        await lock(keys, input, now);
        locked = true;
      } else if (locked) {
        // Counted apart (never toward the window, which would lengthen the lock), and the same write as above.
        await counters.hit(keys.refused, HOUR, now);
      }
      const owner = code && (await isOwnerPath(keys, now));
      if (locked && !owner) {
        if (code) await evaluate().catch(() => undefined);
        await failed(keys, input, now, 'locked');
        throw new AppError(refusal);
      }
      let result: T;
      try {
        result = await evaluate();
      } catch (error) {
        if (isAppError(error)) await failed(keys, input, now, error.errorName);
        throw error;
      }
      // The account is in: its window, lock and back-off start afresh.
      await counters.reset([keys.hour, keys.lock, keys.locks]);
      if (locked) {
        await audit?.record({
          kind: 'account_unlocked',
          account: { channel: input.channel, identifier: input.identifier },
          ip: input.ip,
          reason: 'owner_code',
        });
      }
      return result;
    },

    /** Notes which address asked for a code to the account (the owner's path above). */
    async codeRequested(channel: AccountMode, identifier: string, ip: string): Promise<void> {
      await counters.hit(keysOf(channel, identifier, ip).requested, DAY, clock.now());
    },
  };
}
export type AttemptLimiter = ReturnType<typeof createAttemptLimiter>;
