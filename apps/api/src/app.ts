import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { API_BASE } from '@bible-qa/contract';
import type { TrustProxy } from './config.ts';
import type { Container } from './container.ts';
import { registerErrorHandling } from './http/error-handler.ts';
import { loggerOptions } from './http/logger.ts';
import { registerOpenApi } from './http/openapi.ts';
import { generateRequestId, registerRequestContext } from './http/request-context.ts';
import { registerRequestGuards } from './http/request-guards.ts';
import { registerRequestScope } from './http/request-scope.ts';
import { registerSecurityHeaders, registerWebApp } from './http/web.ts';
import { registerRiskCeiling } from './http/risk.ts';
import { registerMetrics } from './http/metrics.ts';
import { closeSilentConnections } from './http/silent-connections.ts';
import { adminRoutes } from './features/admin/admin.routes.ts';
import { annotationsRoutes } from './features/annotations/annotations.routes.ts';
import { plansRoutes } from './features/plans/plans.routes.ts';
import { exportRoutes } from './features/export/export.routes.ts';
import { authRoutes } from './features/auth/auth.routes.ts';
import { socialAuthRoutes } from './features/auth/auth-social.routes.ts';
import { outboxRoutes } from './features/outbox/outbox.routes.ts';
import { chatRoutes } from './features/chat/chat.routes.ts';
import { devotionalRoutes } from './features/devotional/devotional.routes.ts';
import { bibleRoutes } from './features/bible/bible.routes.ts';
import { memberRoutes } from './features/member/member.routes.ts';
import { feedbackRoutes } from './features/feedback/feedback.routes.ts';
import { adminFeedbackRoutes } from './features/feedback/feedback-admin.routes.ts';
import { uploadRoutes } from './features/feedback/upload.routes.ts';
import { shareRoutes } from './features/share/share.routes.ts';
import { systemRoutes } from './features/system/system.routes.ts';
import { voiceRoutes } from './features/voice/voice.routes.ts';

/**
 * Fastify takes addresses and booleans as they are, but trusts nothing for a bare number, so a hop count becomes
 * Express's rule: the n hops nearest the server may speak for the client (X-Forwarded-For read from the right).
 */
function fastifyTrustProxy(trust: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

export interface BuildAppOptions {
  container: Container;
  /** A pino logger; tests pass one that writes to memory. */
  logger?: Logger;
}

/** Builds the app without listening: server.ts listens, tests use app.inject. Reads like the API's table of contents. */
export async function buildApp({ container, logger }: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = container;
  const app = Fastify({
    ...(logger ? { loggerInstance: logger } : { logger: loggerOptions(config.log.level) }),
    genReqId: generateRequestId,
    // One access-log line per request is written by request-context.ts; Fastify's own two are off.
    logController: new LogController({ requestIdLogLabel: 'reqId', disableRequestLogging: true }),
    bodyLimit: config.server.bodyLimitBytes,
    requestTimeout: config.server.requestTimeoutMs,
    trustProxy: fastifyTrustProxy(config.server.trustProxy),
    return503OnClosing: false,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
  }) as unknown as FastifyInstance;

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // While closing, in-flight requests finish, and so does one that arrived on a connection accepted just before the
  // listener closed (refusing it with 503 reached the client through a balancer: issue 30); every answer sent
  // meanwhile closes its keep-alive connection, so the server can stop.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) reply.header('connection', 'close');
    return payload;
  });
  closeSilentConnections(app);

  registerRequestContext(app);
  registerRequestScope(app, container.services.guestKeys.keys);
  registerMetrics(app, container.metrics, config.ops.metrics);
  registerRiskCeiling(app, container.accounts.risk);
  registerSecurityHeaders(app, config.providers.captcha.provider);
  registerRequestGuards(app);
  await registerOpenApi(app);
  const spaFallback = await registerWebApp(app, config.webDistDir, config.providers.captcha.provider);
  registerErrorHandling(app, spaFallback);

  const startedAt = Date.now();
  await app.register(systemRoutes, {
    prefix: API_BASE,
    editionLanguage: config.editionLanguage,
    corpusStatus: () => container.services.corpus.status(),
    pingDatabase: () => container.database.ping(),
    redisState: () => container.redisState(),
    stopping: () => container.lifecycle.stopping,
    startedAt,
  });
  await app.register(bibleRoutes, {
    prefix: `${API_BASE}/bible`,
    bible: container.services.bible,
    readers: container.services.readers,
    sessions: container.services.sessions,
  });
  await app.register(chatRoutes, {
    prefix: `${API_BASE}/portal/chat`,
    chat: container.services.chat,
    history: container.services.history,
    sessions: container.services.sessions,
    guests: container.services.guests,
    guestKeys: container.services.guestKeys,
  });
  await app.register(annotationsRoutes, {
    prefix: `${API_BASE}/portal/annotations`,
    annotations: container.services.annotations,
    guests: container.services.guests,
    guestKeys: container.services.guestKeys,
    sessions: container.services.sessions,
    readers: container.services.readers,
  });
  await app.register(plansRoutes, {
    prefix: `${API_BASE}/portal/plans`,
    plans: container.services.plans,
    guests: container.services.guests,
    guestKeys: container.services.guestKeys,
    sessions: container.services.sessions,
    readers: container.services.readers,
  });
  await app.register(exportRoutes, {
    prefix: `${API_BASE}/portal/export`,
    exporter: container.services.exporter,
    guests: container.services.guests,
    guestKeys: container.services.guestKeys,
    sessions: container.services.sessions,
  });
  await app.register(devotionalRoutes, {
    prefix: `${API_BASE}/portal/devotional`,
    devotional: container.services.devotional,
    sessions: container.services.sessions,
  });
  const { services } = container;
  await app.register(authRoutes, { prefix: `${API_BASE}/portal/auth`, ...services });
  await app.register(socialAuthRoutes, { prefix: `${API_BASE}/portal/auth`, ...services });
  await app.register(adminRoutes, { prefix: `${API_BASE}/portal/admin`, ...services });
  // The outbox's messages hold codes: a development aid served only when DEV_OUTBOX asks for it (never in production).
  if (config.ops.devOutbox) {
    await app.register(outboxRoutes, { prefix: `${API_BASE}/dev`, outbox: container.accounts.outbox });
  }
  await app.register(shareRoutes, {
    prefix: `${API_BASE}/portal/share`,
    share: container.services.share,
    sessions: container.services.sessions,
    readers: container.services.readers,
  });
  await app.register(memberRoutes, {
    prefix: `${API_BASE}/portal/member`,
    member: container.services.member,
    sessions: container.services.sessions,
  });
  const feedbackDeps = { feedback: container.services.feedback, sessions: container.services.sessions };
  await app.register(feedbackRoutes, { prefix: `${API_BASE}/portal/feedback`, ...feedbackDeps });
  await app.register(uploadRoutes, { prefix: `${API_BASE}/portal/upload`, ...feedbackDeps });
  await app.register(adminFeedbackRoutes, { prefix: `${API_BASE}/portal/admin/feedback`, ...feedbackDeps });
  await app.register(voiceRoutes, {
    prefix: `${API_BASE}/portal/voice`,
    voice: container.services.voice,
    sessions: container.services.sessions,
  });

  return app;
}
