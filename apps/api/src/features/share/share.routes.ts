import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  shareCardRequestSchema,
  sharedPageSchema,
  shareIdsSchema,
  shareLinkSchema,
  shareLinksSchema,
  sharedCardQuerySchema,
  sharedPageQuerySchema,
  shareTokenBodySchema,
  type Expression,
} from '@bible-qa/contract';
import { currentUserId, optionalUser, requireUser } from '../../http/auth.ts';
import { emptyOkSchema, ok, okSchema } from '../../http/envelope.ts';
import type { AuthSessionService } from '../auth/auth-session.service.ts';
import type { ReaderResolver } from '../../scripture/reader.ts';
import type { ShareService } from './share.service.ts';

/** Public reads are never cached anywhere, so a revoked link stops working at once; search engines keep out. */
function publicHeaders(reply: FastifyReply) {
  return reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex, nofollow');
}

const png = (reply: FastifyReply, image: Buffer) => reply.type('image/png').send(image);

export const shareRoutes: FastifyPluginAsync<{
  share: ShareService;
  sessions: AuthSessionService;
  readers: ReaderResolver;
}> = async (app, { share, sessions, readers }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['share'];
  const userOnly = { preHandler: requireUser(sessions) };
  const anyone = { preHandler: optionalUser(sessions) };
  const traditionOf = (request: FastifyRequest, expression: Expression | undefined) =>
    readers.traditionOf({ locale: request.locale, userId: request.auth?.userId, expression });

  r.post(
    '/card',
    {
      ...userOnly,
      schema: { tags, summary: 'A share card (PNG) of the caller’s answers', body: shareCardRequestSchema },
    },
    async (request, reply) =>
      png(
        reply.header('cache-control', 'private, no-store'),
        await share.card(currentUserId(request), request.body.ids, request.body.theme, request.locale),
      ),
  );
  r.post(
    '/create',
    {
      ...userOnly,
      schema: {
        tags,
        summary: 'A public read-only link to the caller’s answers',
        body: shareIdsSchema,
        response: { 200: okSchema(shareLinkSchema) },
      },
    },
    async (request) => ok(await share.create(currentUserId(request), request.body.ids, request.locale)),
  );
  r.get(
    '/list',
    {
      ...userOnly,
      schema: { tags, summary: 'The caller’s live links', response: { 200: okSchema(shareLinksSchema) } },
    },
    async (request) => ok(await share.list(currentUserId(request))),
  );
  r.post(
    '/revoke',
    {
      ...userOnly,
      schema: {
        tags,
        summary: 'Revoke one of the caller’s links',
        body: shareTokenBodySchema,
        response: { 200: emptyOkSchema },
      },
    },
    async (request) => {
      await share.revoke(currentUserId(request), request.body.token);
      return ok(null);
    },
  );

  const tokenParams = z.object({ token: z.string().max(200) });
  r.get(
    '/public/:token',
    {
      ...anyone,
      schema: {
        tags,
        summary: 'A shared page: the answers with their verses, for anyone with the link',
        params: tokenParams,
        querystring: sharedPageQuerySchema,
        response: { 200: okSchema(sharedPageSchema) },
      },
    },
    async (request, reply) => {
      publicHeaders(reply);
      const tradition = await traditionOf(request, request.query.expression);
      return ok(await share.view(request.params.token, request.locale, tradition));
    },
  );
  r.get(
    '/public/:token/card',
    {
      ...anyone,
      schema: {
        tags,
        summary: 'The share card (PNG) of a shared page',
        params: tokenParams,
        querystring: sharedCardQuerySchema,
      },
    },
    async (request, reply) => {
      const tradition = await traditionOf(request, request.query.expression);
      const image = await share.publicCard(request.params.token, request.query.theme, request.locale, tradition);
      return png(publicHeaders(reply), image);
    },
  );
};
