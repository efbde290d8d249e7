import { randomUUID } from 'node:crypto';
import { AppError } from '../../http/app-error.ts';
import type { CounterStore } from '../../rate-limit/counter-store.ts';
import { createMemorySlotStore, type SlotStore } from '../../rate-limit/slot-store.ts';
import type { Clock } from '../auth/auth-session.service.ts';

const HOUR = 3_600_000;

export interface AskLimits {
  /** Generations running at once per account and per guest (fleet-wide with Redis, else in this process). */
  concurrentPerUser: number;
  concurrentPerGuest: number;
  /** Generations running at once for all the guests of one client address together. */
  concurrentPerGuestAddress: number;
  /**
   * Generations running at once for all guests together: the model's slots less the share kept for accounts, so
   * anonymous traffic cannot take every slot from readers who logged in.
   */
  guestSlots: number;
  /**
   * Asks being prepared at once in this process (the passages gathered, before the model is called or the composer
   * starts): past it an ask is refused at once with the high-traffic message rather than answered many seconds late,
   * as every ask in a burst would be (issue 30).
   */
  preparingAtOnce: number;
  /** Model calls (asks and resends) an hour per account, per guest and per client address, across servers. */
  perAccountPerHour: number;
  perGuestPerHour: number;
  perIpPerHour: number;
}

export interface AskCaller {
  userId: string | undefined;
  /** The guest's own key when the client sent one; guests without one are told apart by address. */
  guestKey?: string | undefined;
  ip: string;
}

/**
 * A running slot's release (when its generation ends), and `prepared`, called once its passages are gathered (or the
 * generation ended without): the ask no longer counts as being prepared.
 */
export type SlotRelease = (() => void) & { prepared: () => void };

/**
 * Denial of wallet (decisions 0013, 0022): every new generation takes a running slot and one call from the hourly
 * quotas first; past any of them the ask is refused before the model is called: a guest past its own hour with
 * guest_quota_exceeded (logging in lifts it), everything else with the high-traffic message. A guest's slot counts
 * three times: for the guest, for its address (every guest key of one address together) and for all guests (the
 * model's slots less the accounts' share). Joining or replaying an answer costs nothing. The release frees the
 * running slots when the generation ends.
 */
export function createAskQuota({
  counters,
  clock,
  limits,
  slots = createMemorySlotStore(),
}: {
  counters: CounterStore;
  clock: Clock;
  limits: AskLimits;
  /** Where running slots are held: this process (the default), or Redis for the fleet. */
  slots?: SlotStore;
}) {
  let preparing = 0;
  /** Whether this process prepares as many asks as it may: a new one would be refused. */
  const busy = () => preparing >= limits.preparingAtOnce;
  return {
    busy,

    async take(caller: AskCaller): Promise<SlotRelease> {
      // Cheapest first, and in this process: a burst past what it can prepare in good time is refused at once.
      if (busy()) throw new AppError('high_traffic');
      preparing += 1;
      let left = false;
      const prepared = () => {
        if (left) return;
        left = true;
        preparing -= 1;
      };
      const user = caller.userId !== undefined;
      const who = user ? `u:${caller.userId}` : `g:${caller.guestKey ?? caller.ip}`;
      const wanted: [string, number][] = user
        ? [[who, limits.concurrentPerUser]]
        : [
            [who, limits.concurrentPerGuest],
            [`address:${caller.ip}`, limits.concurrentPerGuestAddress],
            ['guests', limits.guestSlots],
          ];
      const lease = randomUUID();
      // All of them or none, atomically (in this process, or in one script on Redis).
      const taken = await slots.take(wanted, lease).catch((error: unknown) => {
        prepared();
        throw error;
      });
      if (!taken) {
        prepared();
        throw new AppError('high_traffic');
      }
      let released = false;
      const release: SlotRelease = Object.assign(
        () => {
          prepared();
          if (released) return;
          released = true;
          void slots.release(
            wanted.map(([key]) => key),
            lease,
          );
        },
        { prepared },
      );
      try {
        const now = clock.now();
        const own = await counters.hit(`ask:${who}`, HOUR, now);
        // A guest past its own hour is told so and offered the login, which lifts it (not the high-traffic text).
        if (!user && own.count > limits.perGuestPerHour) {
          throw new AppError('guest_quota_exceeded', [String(limits.perGuestPerHour)]);
        }
        if (user && own.count > limits.perAccountPerHour) throw new AppError('high_traffic');
        if ((await counters.hit(`ask:ip:${caller.ip}`, HOUR, now)).count > limits.perIpPerHour) {
          throw new AppError('high_traffic');
        }
      } catch (error) {
        release();
        throw error;
      }
      return release;
    },

    /** Runs `start` with a slot, freed at once if it throws (start calls release itself when it joins instead). */
    async withSlot<T>(caller: AskCaller, start: (release: SlotRelease) => Promise<T>): Promise<T> {
      const release = await this.take(caller);
      try {
        return await start(release);
      } catch (error) {
        release();
        throw error;
      }
    },
  };
}
export type AskQuota = ReturnType<typeof createAskQuota>;
