import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { healthSchema, VERSION_LABEL } from '@bible-qa/contract';
import type { CorpusStatus } from '../../corpus/corpus.service.ts';
import { ok, okSchema } from '../../http/envelope.ts';

export interface SystemDeps {
  editionLanguage: string;
  corpusStatus(): CorpusStatus;
  pingDatabase(): Promise<boolean>;
  startedAt: number;
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
};
