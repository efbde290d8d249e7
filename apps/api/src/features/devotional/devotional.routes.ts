import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  devotionalDetailSchema,
  devotionalInfoQuerySchema,
  devotionalListQuerySchema,
  devotionalPageSchema,
  devotionalTodayQuerySchema,
  devotionalTodaySchema,
  devotionalTranslationQuerySchema,
  devotionalTranslationSchema,
  type Expression,
} from '@bible-qa/contract';
import { optionalUser } from '../../http/auth.ts';
import { ok, okSchema } from '../../http/envelope.ts';
import type { AuthSessionService } from '../auth/auth-session.service.ts';
import type { DevotionalCaller, DevotionalService } from './devotional.service.ts';

const caller = (request: FastifyRequest, expression?: Expression): DevotionalCaller => ({
  userId: request.auth?.userId,
  locale: request.locale,
  expression,
});

/** /webapi/portal/devotional: open to guests; a logged-in reader's stored tradition picks the translation. */
export const devotionalRoutes: FastifyPluginAsync<{
  devotional: DevotionalService;
  sessions: AuthSessionService;
}> = async (app, { devotional, sessions }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['devotional'];
  const onRequest = optionalUser(sessions);

  r.get(
    '/today',
    {
      onRequest,
      schema: {
        tags,
        summary: "Today's readings (morning and evening) and the M'Cheyne plan day in the reader's translation",
        querystring: devotionalTodayQuerySchema,
        response: { 200: okSchema(devotionalTodaySchema) },
      },
    },
    async (request) => ok(await devotional.today(caller(request, request.query.expression), request.query.date)),
  );

  r.get(
    '/list',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Readings by date filter (startDate/endDate, days, week, month), newest first, paged',
        querystring: devotionalListQuerySchema,
        response: { 200: okSchema(devotionalPageSchema) },
      },
    },
    async (request) => ok(await devotional.list(caller(request, request.query.expression), request.query)),
  );

  r.get(
    '/info',
    {
      onRequest,
      schema: {
        tags,
        summary: "One reading by id, with its verse and the plan day in the reader's translation",
        querystring: devotionalInfoQuerySchema,
        response: { 200: okSchema(devotionalDetailSchema) },
      },
    },
    async (request) => ok(await devotional.info(caller(request, request.query.expression), request.query.id)),
  );

  r.get(
    '/translation',
    {
      onRequest,
      schema: {
        tags,
        summary: "A reading machine-translated into the Locale's language (only with a configured model)",
        querystring: devotionalTranslationQuerySchema,
        response: { 200: okSchema(devotionalTranslationSchema) },
      },
    },
    async (request) => ok(await devotional.translation(caller(request), request.query.id)),
  );
};
