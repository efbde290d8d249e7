import { createHash } from 'node:crypto';
import type { AuthSessionRepository } from './auth-session.repository.ts';

export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** '', 'undefined' and 'null' count as no token (spec §4); a "Bearer " prefix is optional. */
export function readBearerToken(header: string | string[] | undefined): string | undefined {
  if (typeof header !== 'string') return undefined;
  const token = header.replace(/^Bearer\s+/i, '').trim();
  if (token === '' || token === 'undefined' || token === 'null' || token.length > 512) return undefined;
  return token;
}

export function createAuthSessionService({ sessions, clock }: { sessions: AuthSessionRepository; clock: Clock }) {
  return {
    /** The user behind an access token, or undefined when the token is unknown, expired or revoked. */
    async authenticate(accessToken: string | undefined): Promise<{ userId: string; sessionId: string } | undefined> {
      if (!accessToken) return undefined;
      const row = await sessions.findLiveByAccessHash(hashToken(accessToken), clock.now());
      return row ? { userId: row.userId, sessionId: row.id } : undefined;
    },
  };
}
export type AuthSessionService = ReturnType<typeof createAuthSessionService>;
