import type { FastifyReply, FastifyRequest } from 'fastify';
import { readBearerToken, type AuthSessionService, type SessionAuth } from '../features/auth/auth-session.service.ts';
import { AppError } from './app-error.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The session with its role and limitation, set by requireAccount or optionalAccount. */
    account?: SessionAuth;
  }
}

/**
 * onRequest hooks for the account routes: the token is checked before the body is read or validated, so a caller
 * without one gets 401, never a validation error. requireAccount admits a live session (401 otherwise); with admin,
 * only an admin (forbidden otherwise: function-level authorisation); with unlimited, refuses an account under a
 * limitation measure (account_limited). The role is read from the database on every request, so a change applies at once.
 */
export function requireAccount(sessions: AuthSessionService, options: { admin?: boolean; unlimited?: boolean } = {}) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const account = await sessions.authenticate(readBearerToken(request.headers.authorization));
    if (!account) throw new AppError('unauthorized');
    request.auth = { userId: account.userId, sessionId: account.sessionId };
    request.account = account;
    if (options.admin && account.role !== 'admin') throw new AppError('forbidden');
    if (options.unlimited && account.limited) throw new AppError('account_limited');
  };
}

/** Guests pass; a live token sets the account. A stale token is ignored here (the login calls must still work). */
export function optionalAccount(sessions: AuthSessionService) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const account = await sessions.authenticate(readBearerToken(request.headers.authorization));
    if (!account) return;
    request.auth = { userId: account.userId, sessionId: account.sessionId };
    request.account = account;
  };
}

export function accountOf(request: FastifyRequest): SessionAuth {
  if (!request.account) throw new AppError('unauthorized');
  return request.account;
}
