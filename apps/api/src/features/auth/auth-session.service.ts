import { createHash, randomBytes } from 'node:crypto';
import { REMEMBER_ME_MS, type Role } from '@bible-qa/contract';
import type { AuditRecorder } from '../audit/audit.service.ts';
import type { AuthSessionRepository } from './auth-session.repository.ts';

export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** 256 random bits, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** '', 'undefined' and 'null' count as no token (spec §4); a "Bearer " prefix is optional. */
export function readBearerToken(header: string | string[] | undefined): string | undefined {
  if (typeof header !== 'string') return undefined;
  return readToken(header.replace(/^Bearer\s+/i, ''));
}

/** A token from a body field, with the same rule: '', 'undefined' and 'null' are no token. */
export function readToken(value: string | undefined | null): string | undefined {
  if (typeof value !== 'string') return undefined;
  const token = value.trim();
  if (token === '' || token === 'undefined' || token === 'null' || token.length > 512) return undefined;
  return token;
}

export type LoginMode =
  'mobile_code' | 'mail_code' | 'mobile_password' | 'mail_password' | 'google' | 'qr' | 'external' | 'set_password';

export interface Tokens {
  accessToken: string;
  userToken: string;
  /** Seconds the access token lives. */
  expiresIn: number;
}

export interface SessionAuth {
  userId: string;
  sessionId: string;
  role: Role;
  /** A limitation measure is in force: reading is fine, changes answer account_limited. */
  limited: boolean;
  /** When this login happened (a renewal with the user token keeps it). */
  startedAt: Date;
}

/**
 * Sessions: one row per login holds the access token and the user token (hashes only). The access token lives
 * accessTtlMs; the login as a whole (the user token) sessionTtlMs, or 24 hours with remember-me, counted from the
 * login: a refresh rotates both tokens but never extends that end. Revoking the row kills both tokens at once.
 */
export function createAuthSessionService({
  sessions,
  clock,
  accessTtlMs = 2 * 3_600_000,
  sessionTtlMs = 2 * 3_600_000,
  onAuthenticated,
  audit,
}: {
  sessions: AuthSessionRepository;
  audit?: AuditRecorder;
  clock: Clock;
  accessTtlMs?: number;
  sessionTtlMs?: number;
  /** Runs for every authenticated request (the per-account risk ceiling); may throw an AppError. */
  onAuthenticated?: (auth: SessionAuth) => Promise<void>;
}) {
  const accessExpiry = (now: Date, end: Date) => new Date(Math.min(now.getTime() + accessTtlMs, end.getTime()));
  const seconds = (from: Date, to: Date) => Math.max(0, Math.floor((to.getTime() - from.getTime()) / 1000));

  return {
    async issue({
      userId,
      mode,
      rememberMe,
    }: {
      userId: string;
      mode: LoginMode;
      rememberMe: boolean;
    }): Promise<Tokens> {
      const now = clock.now();
      const end = new Date(now.getTime() + (rememberMe ? REMEMBER_ME_MS : sessionTtlMs));
      const accessToken = newToken();
      const userToken = newToken();
      const accessExpiresAt = accessExpiry(now, end);
      await sessions.insert({
        userId,
        accessTokenHash: hashToken(accessToken),
        userTokenHash: hashToken(userToken),
        loginMode: mode,
        accessExpiresAt,
        userTokenExpiresAt: end,
        createdAt: now,
      });
      return { accessToken, userToken, expiresIn: seconds(now, accessExpiresAt) };
    },

    /** The user behind an access token, or undefined when the token is unknown, expired or revoked. */
    async authenticate(accessToken: string | undefined): Promise<SessionAuth | undefined> {
      if (!accessToken) return undefined;
      const row = await sessions.findLiveByAccessHash(hashToken(accessToken), clock.now());
      if (!row) return undefined;
      const auth = {
        userId: row.userId,
        sessionId: row.id,
        role: row.role,
        limited: Boolean(row.limited),
        startedAt: new Date(row.createdAt),
      };
      await onAuthenticated?.(auth);
      return auth;
    },

    /** Logs in again with the user token of an earlier login (spec §3): new tokens, same end of login. */
    async refresh(userToken: string): Promise<(Tokens & { userId: string }) | undefined> {
      const now = clock.now();
      const oldHash = hashToken(userToken);
      const row = await sessions.findLiveByUserTokenHash(oldHash, now);
      if (!row) return undefined;
      const accessToken = newToken();
      const nextUserToken = newToken();
      const accessExpiresAt = accessExpiry(now, row.userTokenExpiresAt);
      const rotated = await sessions.rotate(row.id, oldHash, {
        accessTokenHash: hashToken(accessToken),
        userTokenHash: hashToken(nextUserToken),
        accessExpiresAt,
      });
      if (!rotated) return undefined;
      return { userId: row.userId, accessToken, userToken: nextUserToken, expiresIn: seconds(now, accessExpiresAt) };
    },

    /** Ends the login behind either token; both of its tokens stop working at once. */
    async logout(tokens: { accessToken?: string; userToken?: string }): Promise<void> {
      const now = clock.now();
      const ended = [];
      if (tokens.accessToken) ended.push(...(await sessions.revokeByTokenHash(hashToken(tokens.accessToken), now)));
      if (tokens.userToken) ended.push(...(await sessions.revokeByTokenHash(hashToken(tokens.userToken), now)));
      for (const { id, userId } of ended) {
        await audit?.record({ kind: 'logout', actorId: userId, targetUserId: userId, detail: { sessionId: id } });
      }
    },

    /** Every login of the account ends now (password set or reset, suspension, lock, deletion). */
    revokeAll: (userId: string) => sessions.revokeAllForUser(userId, clock.now()),
  };
}
export type AuthSessionService = ReturnType<typeof createAuthSessionService>;
