import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DEFAULT_PLATFORM, resolveLocale, type Locale } from '@bible-qa/contract';

declare module 'fastify' {
  interface FastifyRequest {
    locale: Locale;
    sysName: string | undefined;
    platform: string;
    /** Set by the error handler so the one access-log line of the request can carry it. */
    failure?: { code: number; errorName: string; error?: unknown };
  }
}

const REQUEST_ID_PATTERN = /^[A-Za-z0-9._-]{8,64}$/;

/** A caller-supplied X-Request-Id is kept when it is sane, so a trace crosses services; otherwise a new UUID. */
export function generateRequestId(req: { headers: Record<string, string | string[] | undefined> }): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
}

function pickString(source: unknown, key: string): string | undefined {
  if (!source || typeof source !== 'object') return undefined;
  const value = (source as Record<string, unknown>)[key];
  if (typeof value === 'string') return value.slice(0, 64);
  if (Array.isArray(value) && typeof value[0] === 'string') return value[0].slice(0, 64);
  return undefined;
}

/**
 * Locale from the Locale header; sysName and platform from the query (GET) or the body (POST, PUT), platform
 * falling back to International (spec §3, §7). One access-log line per request, with the error when there was one.
 */
export function registerRequestContext(app: FastifyInstance): void {
  app.decorateRequest('locale', 'zh-cn');
  app.decorateRequest('sysName', undefined);
  app.decorateRequest('platform', DEFAULT_PLATFORM);

  app.addHook('onRequest', async (request, reply) => {
    const header = request.headers['locale'];
    request.locale = resolveLocale(Array.isArray(header) ? header[0] : header);
    request.sysName = pickString(request.query, 'sysName');
    request.platform = pickString(request.query, 'platform') || DEFAULT_PLATFORM;
    reply.header('x-request-id', request.id);
  });

  app.addHook('preValidation', async (request) => {
    readClientParamsFromBody(request);
  });

  app.addHook('onResponse', async (request, reply) => {
    const line = {
      method: request.method,
      url: request.url,
      statusCode: reply.statusCode,
      code: request.failure?.code ?? 0,
      sysName: request.sysName,
      platform: request.platform,
      locale: request.locale,
      responseTimeMs: Math.round(reply.elapsedTime * 10) / 10,
    };
    const failure = request.failure;
    if (!failure) request.log.info(line, 'request');
    else if (failure.code === 500)
      request.log.error({ ...line, err: failure.error }, `request failed: ${failure.errorName}`);
    else request.log.warn({ ...line, error: failure.errorName }, `request refused: ${failure.errorName}`);
  });
}

function readClientParamsFromBody(request: FastifyRequest): void {
  if (request.method !== 'POST' && request.method !== 'PUT') return;
  const sysName = pickString(request.body, 'sysName');
  const platform = pickString(request.body, 'platform');
  if (sysName) request.sysName = sysName;
  if (platform) request.platform = platform;
}
