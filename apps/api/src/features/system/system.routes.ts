import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorCode,
  errorMessage,
  healthSchema,
  readinessSchema,
  VERSION_LABEL,
  type Readiness,
} from '@bible-qa/contract';
import type { CorpusStatus } from '../../corpus/corpus.service.ts';
import { ok, okSchema } from '../../http/envelope.ts';

export interface SystemDeps {
  editionLanguage: string;
  corpusStatus(): CorpusStatus;
  pingDatabase(): Promise<boolean>;
  /** Redis's connection: 'ok', 'down', or undefined without REDIS_URL. */
  redisState(): 'ok' | 'down' | undefined;
  /** True once the server is shutting down (it still serves for a drain period, but takes no new traffic). */
  stopping(): boolean;
  startedAt: number;
}

/** A readiness probe must answer within a load balancer's timeout even when the database hangs. */
const READY_PING_TIMEOUT_MS = 2_000;

function pingWithin(ping: () => Promise<boolean>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  return Promise.race([ping().catch(() => false), late]).finally(() => clearTimeout(timer));
}

export const systemRoutes: FastifyPluginAsync<SystemDeps> = async (app, deps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Plain text: the edition's language marker the web app reads at start (spec §4 step 3).
  r.get(
    '/version',
    { schema: { tags: ['system'], summary: 'Language or edition marker', response: { 200: z.string() } } },
    async (_request, reply) => reply.type('text/plain; charset=utf-8').send(deps.editionLanguage),
  );

  r.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness and database reachability',
        response: { 200: okSchema(healthSchema) },
      },
    },
    async () => {
      const dbOk = await deps.pingDatabase();
      const corpus = deps.corpusStatus();
      return ok({
        corpus: {
          status: corpus.status,
          ...(corpus.status === 'preparing' ? { percent: Math.floor(corpus.progress?.percent ?? 0) } : {}),
          ...(corpus.status === 'ready' ? { versionId: corpus.versionId } : {}),
        },
        status: dbOk ? ('ok' as const) : ('degraded' as const),
        uptimeSeconds: Math.round((Date.now() - deps.startedAt) / 1000),
        database: dbOk ? ('ok' as const) : ('down' as const),
        version: VERSION_LABEL,
      });
    },
  );

  // Readiness, for a load balancer or orchestrator: 200 only when this instance can answer questions (the database
  // reachable and a corpus version open); otherwise 503 with service_unavailable and what is missing. /health stays
  // liveness (the process answers), so an instance still loading its corpus is kept out of rotation, not restarted.
  r.get(
    '/ready',
    {
      schema: {
        tags: ['system'],
        summary:
          'Readiness: database reachable, a corpus version open and not shutting down (503 otherwise); Redis reported',
        response: {
          200: okSchema(readinessSchema),
          503: okSchema(readinessSchema).extend({ requestId: z.string() }),
        },
      },
    },
    async (request, reply) => {
      const dbOk = await pingWithin(deps.pingDatabase, READY_PING_TIMEOUT_MS);
      const corpus = deps.corpusStatus();
      const redis = deps.redisState();
      const stopping = deps.stopping();
      // Redis down is reported but does not take the instance out: every instance shares it, and each keeps serving
      // without it (in-process counters and streams), so failing readiness would take the whole fleet out instead.
      const readiness: Readiness = {
        ready: dbOk && corpus.status === 'ready' && !stopping,
        database: dbOk ? 'ok' : 'down',
        corpus: { status: corpus.status, ...(corpus.status === 'ready' ? { versionId: corpus.versionId } : {}) },
        ...(redis ? { redis } : {}),
        ...(stopping ? { stopping } : {}),
      };
      if (readiness.ready) return ok(readiness);
      const code = errorCode('service_unavailable');
      request.failure = { code, errorName: 'service_unavailable' };
      return reply.status(503).send({
        code,
        msg: errorMessage('service_unavailable', request.locale),
        data: readiness,
        requestId: request.id,
      });
    },
  );
};
