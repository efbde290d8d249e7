import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  answerSchema,
  askRequestSchema,
  batchSchema,
  chatTurnSchema,
  collectionPageSchema,
  guestKeyResultSchema,
  conversationSearchPageSchema,
  conversationSearchQuerySchema,
  idBodySchema,
  messagesQuerySchema,
  noticeMessage,
  pageQuerySchema,
  rateSchema,
  recentSchema,
  renameSessionSchema,
  resendRequestSchema,
  sessionPageSchema,
} from '@bible-qa/contract';
import { parseCursor, pump, type AnswerStream } from '../../answer/generation-state.ts';
import { currentUserId, optionalUser, requireUser } from '../../http/auth.ts';
import { emptyOkSchema, ok, okSchema } from '../../http/envelope.ts';
import { watchClient } from '../../http/client-gone.ts';
import { openSse } from '../../http/sse.ts';
import type { AuthSessionService } from '../auth/auth-session.service.ts';
import type { Caller, ChatService } from './chat.service.ts';
import type { GuestKeyService } from './guest-key.service.ts';
import type { HistoryService } from './history.service.ts';

const callerOf =
  (guests: GuestKeyService) =>
  (request: FastifyRequest): Caller => ({
    userId: request.auth?.userId,
    guestKey: request.auth ? undefined : guests.keys.of(request),
    locale: request.locale,
    ip: request.ip,
    gone: request.clientGone,
  });

/**
 * Streams a generation's events to the client from where it resumes (Last-Event-ID, or lastEventId in the body)
 * until the terminal event, or until the client goes away.
 */
async function stream(request: FastifyRequest, reply: FastifyReply, answer: AnswerStream): Promise<void> {
  const body = request.body as { lastEventId?: string };
  const header = request.headers['last-event-id'];
  const from = parseCursor(typeof header === 'string' ? header : body.lastEventId);
  if (request.clientGone?.aborted) {
    // Gone before its stream opened: nothing to resume, so its generation stops now rather than after the grace.
    answer.release(false);
    reply.hijack();
    reply.raw.destroy();
    return;
  }
  try {
    const sse = openSse(request, reply);
    await pump(answer.state, from, (event, id) => sse.send(event, id), sse.signal);
    sse.close();
  } finally {
    answer.release();
  }
}

export const chatRoutes: FastifyPluginAsync<{
  chat: ChatService;
  history: HistoryService;
  sessions: AuthSessionService;
  guests: GuestKeyService;
}> = async (app, { chat, history, sessions, guests }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const caller = callerOf(guests);
  const tags = ['chat'];
  const guestOk = { onRequest: optionalUser(sessions) };
  // The streaming routes watch for the client leaving from the moment the request arrives.
  const streaming = { onRequest: [watchClient, optionalUser(sessions)] };
  const userOnly = { onRequest: requireUser(sessions) };

  r.post(
    '/ask',
    {
      ...streaming,
      schema: {
        tags,
        summary: 'Ask; the answer streams as server-sent events (see ChatEvent)',
        body: askRequestSchema,
      },
    },
    async (request, reply) => stream(request, reply, await chat.ask(caller(request), request.body)),
  );
  r.post(
    '/resend',
    {
      ...streaming,
      schema: { tags, summary: 'A new answer to the same question, streamed', body: resendRequestSchema },
    },
    async (request, reply) =>
      stream(request, reply, await chat.resend(caller(request), request.body.answerId, request.body.requestId)),
  );
  r.post(
    '/stop',
    {
      ...guestOk,
      schema: {
        tags,
        summary: 'Stop an answer; it keeps its partial text',
        body: idBodySchema,
        response: { 200: okSchema(answerSchema.nullable()) },
      },
    },
    async (request) => ({
      ...ok(await chat.stop(caller(request), request.body.id)),
      msg: noticeMessage('reply_stopped', request.locale),
    }),
  );

  r.post(
    '/guest-key',
    {
      ...guestOk,
      schema: {
        tags,
        summary:
          "A guest's key (sent back as Guest-Key): the one the request carries if this server issued it, else new",
        response: { 200: okSchema(guestKeyResultSchema) },
      },
    },
    async (request) => ok({ guestKey: await guests.keyFor(guests.keys.presented(request), request.ip) }),
  );

  r.get(
    '/sessions',
    {
      ...userOnly,
      schema: {
        tags,
        summary: 'History sessions',
        querystring: pageQuerySchema,
        response: { 200: okSchema(sessionPageSchema) },
      },
    },
    async (request) => ok(await history.sessions(currentUserId(request), request.query.page, request.query.size)),
  );
  r.get(
    '/search',
    {
      ...userOnly,
      schema: {
        tags,
        summary: "Search the caller's conversations: titles and the text of questions and answers",
        querystring: conversationSearchQuerySchema,
        response: { 200: okSchema(conversationSearchPageSchema) },
      },
    },
    async (request) => {
      const { q, page, size } = request.query;
      return ok(await history.search(currentUserId(request), q, page, size));
    },
  );
  r.get(
    '/recent',
    { ...userOnly, schema: { tags, summary: 'Recently asked questions', response: { 200: okSchema(recentSchema) } } },
    async (request) => ok(await history.recent(currentUserId(request))),
  );
  r.get(
    '/messages',
    {
      ...userOnly,
      schema: {
        tags,
        summary: 'The turns of a session',
        querystring: messagesQuerySchema,
        response: { 200: okSchema(z.array(chatTurnSchema)) },
      },
    },
    async (request) => ok(await history.messages(currentUserId(request), request.query.conversationId, request.locale)),
  );
  r.post(
    '/session/rename',
    {
      ...userOnly,
      schema: { tags, summary: 'Rename a session', body: renameSessionSchema, response: { 200: emptyOkSchema } },
    },
    async (request) => {
      await history.rename(currentUserId(request), request.body.id, request.body.title);
      return ok(null);
    },
  );
  r.post(
    '/session/delete',
    {
      ...userOnly,
      schema: { tags, summary: 'Delete a session', body: idBodySchema, response: { 200: emptyOkSchema } },
    },
    async (request) => {
      await history.remove(currentUserId(request), request.body.id);
      return ok(null);
    },
  );
  r.post(
    '/collect',
    {
      ...userOnly,
      schema: { tags, summary: 'Collect an answer', body: idBodySchema, response: { 200: emptyOkSchema } },
    },
    async (request) => {
      await history.collect(currentUserId(request), [request.body.id]);
      return ok(null);
    },
  );
  r.post(
    '/uncollect',
    {
      ...userOnly,
      schema: { tags, summary: 'Uncollect an answer', body: idBodySchema, response: { 200: emptyOkSchema } },
    },
    async (request) => {
      await history.uncollect(currentUserId(request), [request.body.id]);
      return ok(null);
    },
  );
  r.post(
    '/batch',
    {
      ...userOnly,
      schema: {
        tags,
        summary: 'Collect or uncollect several answers',
        body: batchSchema,
        response: { 200: emptyOkSchema },
      },
    },
    async (request) => {
      const ids = [...new Set(request.body.ids)];
      if (request.body.action === 'collect') await history.collect(currentUserId(request), ids);
      else await history.uncollect(currentUserId(request), ids);
      return ok(null);
    },
  );
  r.get(
    '/collections',
    {
      ...userOnly,
      schema: {
        tags,
        summary: 'Collected answers',
        querystring: pageQuerySchema,
        response: { 200: okSchema(collectionPageSchema) },
      },
    },
    async (request) =>
      ok(await history.collections(currentUserId(request), request.query.page, request.query.size, request.locale)),
  );
  r.get(
    '/collection',
    {
      ...userOnly,
      schema: {
        tags,
        summary: 'One collected answer, also when its session has been deleted (conversationId is then null)',
        querystring: idBodySchema,
        response: { 200: okSchema(answerSchema) },
      },
    },
    async (request) => ok(await history.collection(currentUserId(request), request.query.id, request.locale)),
  );
  r.post(
    '/rate',
    {
      ...userOnly,
      schema: {
        tags,
        summary: 'Like or dislike an answer, a dislike with its reason (null takes it back)',
        body: rateSchema,
        response: { 200: emptyOkSchema },
      },
    },
    async (request) => {
      await history.rate(currentUserId(request), request.body.id, request.body.rating, request.body.reason ?? null);
      return ok(null);
    },
  );
};
