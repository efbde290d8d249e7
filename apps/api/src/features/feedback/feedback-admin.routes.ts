import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminFeedbackListQuerySchema,
  adminFeedbackPageSchema,
  adminFeedbackSchema,
  replyFeedbackRequestSchema,
} from '@bible-qa/contract';
import { ok, okSchema } from '../../http/envelope.ts';
import { accountOf, requireAccount } from '../../http/roles.ts';
import type { AuthSessionService } from '../auth/auth-session.service.ts';
import type { FeedbackService } from './feedback.service.ts';

const tags = ['admin'];

/** /webapi/portal/admin/feedback: every user's feedback and the reply box; admins only (forbidden otherwise). */
export const adminFeedbackRoutes: FastifyPluginAsync<{
  feedback: FeedbackService;
  sessions: AuthSessionService;
}> = async (app, { feedback, sessions }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', requireAccount(sessions, { admin: true }));

  r.get(
    '/list',
    {
      schema: {
        tags,
        summary: 'All feedback, newest first',
        querystring: adminFeedbackListQuerySchema,
        response: { 200: okSchema(adminFeedbackPageSchema) },
      },
    },
    async (request) => {
      const { page, size, replied } = request.query;
      return ok(await feedback.adminList(page, size, replied === undefined ? undefined : replied === 'true'));
    },
  );
  r.post(
    '/reply',
    {
      schema: {
        tags,
        summary: 'Reply to a feedback',
        body: replyFeedbackRequestSchema,
        response: { 200: okSchema(adminFeedbackSchema) },
      },
    },
    async (request) => ok(await feedback.reply(accountOf(request).userId, request.body.id, request.body.reply)),
  );
};
