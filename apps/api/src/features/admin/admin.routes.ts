import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  applyMeasureRequestSchema,
  auditListQuerySchema,
  auditPageSchema,
  findUserQuerySchema,
  liftMeasureRequestSchema,
  listMeasuresQuerySchema,
  measureSchema,
  userInfoSchema,
} from '@bible-qa/contract';
import { ok, okSchema } from '../../http/envelope.ts';
import { accountOf, requireAccount } from '../../http/roles.ts';
import type { AuthSessionService } from '../auth/auth-session.service.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { MeasuresService } from './measures.service.ts';

const tags = ['admin'];

/** /webapi/portal/admin: admins only; everyone else gets forbidden (or 401 without a session). */
export const adminRoutes: FastifyPluginAsync<{
  measures: MeasuresService;
  audit: AuditService;
  sessions: AuthSessionService;
}> = async (app, { measures, audit, sessions }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', requireAccount(sessions, { admin: true }));

  r.get(
    '/users/find',
    {
      schema: {
        tags,
        summary: 'An account by phone or e-mail',
        querystring: findUserQuerySchema,
        response: { 200: okSchema(userInfoSchema) },
      },
    },
    async (request) => ok(await measures.findUser(request.query.account)),
  );
  r.get(
    '/measures',
    {
      schema: {
        tags,
        summary: "An account's measures",
        querystring: listMeasuresQuerySchema,
        response: { 200: okSchema(z.array(measureSchema)) },
      },
    },
    async (request) => ok(await measures.list(request.query.userId)),
  );
  r.post(
    '/measures',
    {
      schema: {
        tags,
        summary: 'Apply a measure',
        body: applyMeasureRequestSchema,
        response: { 200: okSchema(measureSchema) },
      },
    },
    async (request) => ok(await measures.apply({ ...request.body, createdBy: accountOf(request).userId })),
  );
  r.post(
    '/measures/lift',
    {
      schema: {
        tags,
        summary: 'Lift a measure, with the reason',
        body: liftMeasureRequestSchema,
        response: { 200: okSchema(measureSchema) },
      },
    },
    async (request) => ok(await measures.lift({ ...request.body, liftedBy: accountOf(request).userId })),
  );
  r.get(
    '/audit',
    {
      schema: {
        tags,
        summary: 'The audit log: admin actions and sign-in events, newest first',
        querystring: auditListQuerySchema,
        response: { 200: okSchema(auditPageSchema) },
      },
    },
    async (request) => ok(await audit.list(request.query)),
  );
};
