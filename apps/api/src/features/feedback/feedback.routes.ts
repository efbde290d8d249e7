import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  addFeedbackRequestSchema,
  feedbackInfoQuerySchema,
  feedbackListQuerySchema,
  feedbackPageSchema,
  feedbackSchema,
} from '@bible-qa/contract';
import { ok, okSchema } from '../../http/envelope.ts';
import { accountOf, requireAccount } from '../../http/roles.ts';
import type { AuthSessionService } from '../auth/auth-session.service.ts';
import type { FeedbackService } from './feedback.service.ts';

const tags = ['feedback'];

/** /webapi/portal/feedback (spec §7): the caller's own feedback only. */
export const feedbackRoutes: FastifyPluginAsync<{ feedback: FeedbackService; sessions: AuthSessionService }> = async (
  app,
  { feedback, sessions },
) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const reader = { onRequest: requireAccount(sessions) };
  const writer = { onRequest: requireAccount(sessions, { unlimited: true }) };

  r.post(
    '/add',
    {
      ...writer,
      schema: {
        tags,
        summary: 'Send feedback',
        body: addFeedbackRequestSchema,
        response: { 200: okSchema(feedbackSchema) },
      },
    },
    async (request) => ok(await feedback.submitFeedback(accountOf(request).userId, request.body)),
  );
  r.get(
    '/list',
    {
      ...reader,
      schema: {
        tags,
        summary: 'My feedback records, newest first',
        querystring: feedbackListQuerySchema,
        response: { 200: okSchema(feedbackPageSchema) },
      },
    },
    async (request) => ok(await feedback.list(accountOf(request).userId, request.query.page, request.query.size)),
  );
  r.get(
    '/info',
    {
      ...reader,
      schema: {
        tags,
        summary: 'One of my feedback records with its reply',
        querystring: feedbackInfoQuerySchema,
        response: { 200: okSchema(feedbackSchema) },
      },
    },
    async (request) => ok(await feedback.info(accountOf(request).userId, request.query.id)),
  );
};
