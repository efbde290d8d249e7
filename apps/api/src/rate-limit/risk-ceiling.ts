import { AppError } from '../http/app-error.ts';
import type { Clock } from '../features/auth/auth-session.service.ts';
import type { CounterStore } from './counter-store.ts';

export interface RiskLimits {
  windowMs: number;
  ipLimit: number;
  ipBanAt: number;
  ipBanMs: number;
  accountLimit: number;
  accountSuspendAt: number;
  suspensionMs: number;
}

/**
 * The request-rate risk ceiling (spec §4): per IP and per account, requests counted in a window. Past the limit a
 * request gets the §8 high-traffic message; past the second threshold an IP is banned for a while and an account
 * is suspended (a suspension measure, all sessions ended). The counts are atomic, so exactly one request crosses
 * each threshold and one suspension is recorded.
 */
export function createRiskCeiling({
  counters,
  clock,
  limits,
  suspend,
}: {
  counters: CounterStore;
  clock: Clock;
  limits: RiskLimits;
  suspend: (userId: string, until: Date) => Promise<void>;
}) {
  return {
    async checkIp(ip: string): Promise<void> {
      const now = clock.now();
      const key = `risk:ip:${ip}`;
      const state = await counters.hit(key, limits.windowMs, now);
      if (state.blockedUntil) throw new AppError('high_traffic');
      if (state.count > limits.ipBanAt) {
        await counters.block(key, new Date(now.getTime() + limits.ipBanMs), now);
        throw new AppError('high_traffic');
      }
      if (state.count > limits.ipLimit) throw new AppError('high_traffic');
    },

    async checkAccount(userId: string): Promise<void> {
      const now = clock.now();
      const state = await counters.hit(`risk:acct:${userId}`, limits.windowMs, now);
      if (state.count === limits.accountSuspendAt + 1) {
        await suspend(userId, new Date(now.getTime() + limits.suspensionMs));
        throw new AppError('account_suspended');
      }
      if (state.count > limits.accountLimit) throw new AppError('high_traffic');
    },
  };
}
export type RiskCeiling = ReturnType<typeof createRiskCeiling>;
