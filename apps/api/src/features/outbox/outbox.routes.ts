import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, okSchema } from '../../http/envelope.ts';
import type { Outbox } from '../../messaging/outbox.ts';

const outboxMessageSchema = z.object({
  channel: z.enum(['mail', 'sms', 'captcha']),
  to: z.string(),
  subject: z.string().nullable(),
  text: z.string(),
  sentAt: z.string(),
});

/**
 * GET /webapi/dev/outbox?to=: the mail and SMS the outbox kept, newest first, so a developer can log in without a
 * provider; with `to` a captcha key, that captcha's answer (scripted journeys through the captcha step). app.ts registers it only outside production; there the path does not exist.
 */
export const outboxRoutes: FastifyPluginAsync<{ outbox: Outbox }> = async (app, { outbox }) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/outbox',
    {
      schema: {
        tags: ['development'],
        summary: 'Messages kept by the outbox (development only)',
        querystring: z.object({ to: z.string().max(320).optional() }),
        response: { 200: okSchema(z.array(outboxMessageSchema)) },
      },
    },
    async (request) => ok(outbox.list(request.query.to)),
  );
};
