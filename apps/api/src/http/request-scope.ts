import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { GuestKeys } from './guest-key.ts';

/** What the code below a route may learn about the request it serves without being handed it (the audit log). */
export interface RequestScope {
  ip: string;
  requestId: string;
  /** The digest of the guest key the request carries (a login moves that guest's things to the account). */
  guestKey: string | undefined;
}

const storage = new AsyncLocalStorage<RequestScope>();

/** The request being served, when there is one (undefined in background work and scripts). */
export const currentRequest = (): RequestScope | undefined => storage.getStore();

/**
 * Enters the request's scope before its route runs. Entered twice: body parsing runs on the socket's events, outside
 * the scope entered at onRequest, so it is entered again once the body is read (as @fastify/request-context does).
 */
export function registerRequestScope(app: FastifyInstance, keys: GuestKeys): void {
  const scopeOf = (request: FastifyRequest): RequestScope => ({
    ip: request.ip,
    requestId: request.id,
    // A key this deployment issued; anything else is no guest to move.
    guestKey: keys.verify(keys.presented(request)),
  });
  app.addHook('onRequest', (request, _reply, done) => storage.run(scopeOf(request), done));
  app.addHook('preValidation', (request, _reply, done) => storage.run(scopeOf(request), done));
}
