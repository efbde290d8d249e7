import { AppError } from '../../http/app-error.ts';
import type { GuestKeys } from '../../http/guest-key.ts';
import type { CounterStore } from '../../rate-limit/counter-store.ts';
import type { Clock } from '../auth/auth-session.service.ts';

const HOUR = 3_600_000;

/**
 * Hands out guest keys (decision 0022): the key a client already holds when this deployment issued it, else a new
 * one, a few an hour per address (a guest is cheap to be, but each is a new set of quotas): past that, high traffic.
 */
export function createGuestKeyService({
  keys,
  counters,
  clock,
  perIpPerHour,
}: {
  keys: GuestKeys;
  counters: CounterStore;
  clock: Clock;
  perIpPerHour: number;
}) {
  return {
    keys,
    async keyFor(presented: string | undefined, ip: string): Promise<string> {
      if (presented && keys.verify(presented)) return presented;
      const { count } = await counters.hit(`guestkey:ip:${ip}`, HOUR, clock.now());
      if (count > perIpPerHour) throw new AppError('high_traffic');
      return keys.issue();
    },
  };
}
export type GuestKeyService = ReturnType<typeof createGuestKeyService>;
