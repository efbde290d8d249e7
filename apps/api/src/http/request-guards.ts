import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error.ts';

const NUL = '\u0000';

/** True when any string in a parsed JSON value (keys included) holds a NUL character. */
function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes(NUL);
  if (depth > 32 || value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return false;
  if (Array.isArray(value)) return value.some((item) => holdsNul(item, depth + 1));
  return Object.entries(value).some(([key, item]) => key.includes(NUL) || holdsNul(item, depth + 1));
}

/**
 * Checks every request meets before its route: one Authorization header at most (Node keeps only the first of
 * several, so a proxy and the app could read different ones); no NUL character in any text of the body, query or
 * path (PostgreSQL refuses 0x00 in text, so it would be a 500 deep down: here it is the validation error for every
 * field at once); HSTS on every answer, and `Cache-Control: no-store` on answers to an authenticated call.
 */
export function registerRequestGuards(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const raw = request.raw.rawHeaders;
    let authorizations = 0;
    for (let i = 0; i < raw.length; i += 2) if (raw[i]!.toLowerCase() === 'authorization') authorizations += 1;
    if (authorizations > 1) throw new AppError('invalid_request', ['authorization']);
    if (request.url.includes('%00')) throw new AppError('invalid_request', ['NUL']);
  });
  app.addHook('preValidation', async (request) => {
    if (holdsNul(request.body) || holdsNul(request.query) || holdsNul(request.params)) {
      throw new AppError('invalid_request', ['NUL']);
    }
  });
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    if (request.headers.authorization && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
}
