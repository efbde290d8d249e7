import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import FindMyWay, { type HTTPVersion } from 'find-my-way';
import { ERROR_NAMES, errorCode, errorMessage, type ErrorEnvelope, type ErrorName } from '@bible-qa/contract';
import { redisFault } from '../redis/redis-client.ts';
import { isAppError } from './app-error.ts';

/** HTTP status that goes with each error; the envelope's code is what clients act on. */
const HTTP_STATUS: Partial<Record<ErrorName, number>> = {
  unauthorized: 401,
  internal_error: 500,
  route_not_found: 404,
  not_found: 404,
  method_not_allowed: 405,
  payload_too_large: 413,
  unsupported_media_type: 415,
  forbidden: 403,
  high_traffic: 429,
  service_unavailable: 503,
};

export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  name: ErrorName,
  args: readonly string[] = [],
  error?: unknown,
): FastifyReply {
  const code = errorCode(name);
  request.failure = { code, errorName: name, error };
  const body: ErrorEnvelope = {
    code,
    msg: errorMessage(name, request.locale, args),
    data: null,
    requestId: request.id,
  };
  return reply
    .status(HTTP_STATUS[name] ?? 400)
    .type('application/json; charset=utf-8')
    .send(body);
}

/** Maps Fastify's own errors (parsing, limits, validation) to catalogue names; anything else is a 500. */
function classify(error: FastifyError): { name: ErrorName; args: string[] } {
  if (error.validation) {
    const first = error.validation[0];
    // The contract names the §5 message of a missing field (e.g. phone_required) as the zod issue's message.
    const named = first?.message;
    if (named && named !== 'invalid_request' && (ERROR_NAMES as readonly string[]).includes(named)) {
      return { name: named as ErrorName, args: [] };
    }
    const where = first?.instancePath
      ? `${error.validationContext ?? ''}${first.instancePath}`
      : error.validationContext;
    return { name: 'invalid_request', args: [`${where ?? ''} ${first?.message ?? ''}`.trim()] };
  }
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { name: 'payload_too_large', args: [] };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { name: 'unsupported_media_type', args: [] };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { name: 'malformed_json', args: [] };
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { name: 'invalid_request', args: ['content-length'] };
  }
  if (error instanceof SyntaxError && error.statusCode === 400) return { name: 'malformed_json', args: [] };
  if (error.statusCode === 413) return { name: 'payload_too_large', args: [] };
  if (error.statusCode === 415) return { name: 'unsupported_media_type', args: [] };
  // Prototype-poisoned bodies and similar client faults Fastify flags with a 4xx: say so, without internals.
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return { name: 'invalid_request', args: [error.code ?? 'bad request'] };
  }
  // A Redis too slow to answer is an overload (try again later); one that is down is the system error, logged.
  if (redisFault(error) === 'timeout') return { name: 'high_traffic', args: [] };
  return { name: 'internal_error', args: [] };
}

const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const;

/**
 * Every failure becomes the envelope. Unexpected errors hide behind the system message and are logged with
 * the request id. An unknown path answers route_not_found; a known path with another method, method_not_allowed.
 */
export function registerErrorHandling(
  app: FastifyInstance,
  onNotFound?: (req: FastifyRequest, reply: FastifyReply) => unknown,
) {
  // A shadow of the routing table tells "wrong method" apart from "no such route".
  const shadow = FindMyWay<HTTPVersion.V1>();
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const raw of methods) {
      const method = raw.toUpperCase() as (typeof METHODS)[number];
      if (!METHODS.includes(method) || shadow.hasRoute(method, route.url)) continue;
      shadow.on(method, route.url, () => undefined);
    }
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (isAppError(error)) return sendError(request, reply, error.errorName, error.args, error);
    const fault = redisFault(error);
    if (fault) request.log.warn({ redis: fault, err: error }, `redis ${fault}: request refused`);
    const { name, args } = classify(error);
    return sendError(request, reply, name, args, error);
  });

  app.setNotFoundHandler((request, reply) => {
    const pathOnly = request.url.split('?')[0] ?? '/';
    if (!pathOnly.startsWith('/webapi') && onNotFound) return onNotFound(request, reply);
    const allowed = METHODS.filter((m) => m !== request.method && shadow.find(m, pathOnly));
    if (allowed.length > 0) {
      void reply.header('allow', allowed.join(', '));
      return sendError(request, reply, 'method_not_allowed', [request.method]);
    }
    return sendError(request, reply, 'route_not_found');
  });
}
