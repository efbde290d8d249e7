import type { FastifyReply, FastifyRequest } from 'fastify';
import { readBearerToken, type AuthSessionService } from '../features/auth/auth-session.service.ts';
import { AppError } from './app-error.ts';
import type { GuestKeys } from './guest-key.ts';

declare module 'fastify' {
  interface FastifyRequest {
    auth?: { userId: string; sessionId: string };
  }
}

/** An onRequest hook (before the body is read) that admits only a live session; everything else is 401. */
export function requireUser(sessions: AuthSessionService) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const auth = await sessions.authenticate(readBearerToken(request.headers.authorization));
    if (!auth) throw new AppError('unauthorized');
    request.auth = auth;
  };
}

export function currentUserId(request: FastifyRequest): string {
  if (!request.auth) throw new AppError('unauthorized');
  return request.auth.userId;
}

/** Guests pass without a token; a token that is sent must be live (401 otherwise, so the client logs in again). */
export function optionalUser(sessions: AuthSessionService) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const token = readBearerToken(request.headers.authorization);
    if (!token) return;
    const auth = await sessions.authenticate(token);
    if (!auth) throw new AppError('unauthorized');
    request.auth = auth;
  };
}

/** Who a request acts for: a logged-in account, or a guest by the digest of its key (neither for a keyless client). */
export interface ReaderIdentity {
  userId?: string | undefined;
  guestKey?: string | undefined;
}

/**
 * The account of a live session (optionalUser ran), else the guest whose key the request carries, when this
 * deployment issued it (decision 0022); a header that is no key at all is refused.
 */
export function identityOf(request: FastifyRequest, keys: GuestKeys): ReaderIdentity {
  return request.auth ? { userId: request.auth.userId } : { guestKey: keys.of(request) };
}
