import { AppError } from '../../http/app-error.ts';
import type { CounterStore } from '../../rate-limit/counter-store.ts';
import type { Clock } from '../auth/auth-session.service.ts';

const HOUR = 3_600_000;

export interface AskLimits {
  /** Generations running at once per account and per guest (in this process). */
  concurrentPerUser: number;
  concurrentPerGuest: number;
  /** Generations running at once for all the guests of one client address together (in this process). */
  concurrentPerGuestAddress: number;
  /**
   * Generations running at once for all guests together (in this process): the model's slots less the share kept for
   * accounts, so anonymous traffic cannot take every slot from readers who logged in.
   */
  guestSlots: number;
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
 * Denial of wallet (decisions 0013, 0022): every new generation takes a running slot and one call from the hourly
 * quotas first; past any of them the ask is refused with the high-traffic message before the model is called. A
 * guest's slot counts three times: for the guest, for its address (every guest key of one address together) and for
 * all guests (the model's slots less the accounts' share). Joining or replaying an answer costs nothing. The release
 * frees the running slots when the generation ends.
 */
export function createAskQuota({
  counters,
  clock,
  limits,
}: {
  counters: CounterStore;
  clock: Clock;
  limits: AskLimits;
}) {
  const running = new Map<string, number>();

  const busy = (key: string) => running.get(key) ?? 0;

  return {
    async take(caller: AskCaller): Promise<() => void> {
      const user = caller.userId !== undefined;
      const who = user ? `u:${caller.userId}` : `g:${caller.guestKey ?? caller.ip}`;
      const slots: [string, number][] = user
        ? [[who, limits.concurrentPerUser]]
        : [
            [who, limits.concurrentPerGuest],
            [`address:${caller.ip}`, limits.concurrentPerGuestAddress],
            ['guests', limits.guestSlots],
          ];
      if (slots.some(([key, limit]) => busy(key) >= limit)) throw new AppError('high_traffic');
      // Reserved before any await, so simultaneous asks cannot all pass the check.
      for (const [key] of slots) running.set(key, busy(key) + 1);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        for (const [key] of slots) {
          const left = busy(key) - 1;
          if (left > 0) running.set(key, left);
          else running.delete(key);
        }
      };
      try {
        const now = clock.now();
        const own = await counters.hit(`ask:${who}`, HOUR, now);
        if (own.count > (user ? limits.perAccountPerHour : limits.perGuestPerHour)) throw new AppError('high_traffic');
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
    async withSlot<T>(caller: AskCaller, start: (release: () => void) => Promise<T>): Promise<T> {
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
