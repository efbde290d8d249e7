import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  answerSchema,
  askRequestSchema,
  batchSchema,
  chatTurnSchema,
  collectionPageSchema,
  conversationSearchPageSchema,
  conversationSearchQuerySchema,
  guestKeyResultSchema,
  followRequestSchema,
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
import { AppError } from '../../http/app-error.ts';
import { identityOf, optionalUser } from '../../http/auth.ts';
import { emptyOkSchema, ok, okSchema } from '../../http/envelope.ts';
import { watchClient } from '../../http/client-gone.ts';
import { openSse } from '../../http/sse.ts';
import type { AuthSessionService } from '../auth/auth-session.service.ts';
import type { GuestsService } from '../guests/guests.service.ts';
import type { Caller, ChatService } from './chat.service.ts';
import type { GuestKeyService } from './guest-key.service.ts';
import type { HistoryService } from './history.service.ts';

/** The asker: the account, or the guest by its key, with the users row that keeps its conversation (made on ask). */
async function callerOf(
  request: FastifyRequest,
  guests: GuestsService,
  keys: GuestKeyService,
  create = false,
): Promise<Caller> {
  const identity = identityOf(request, keys.keys);
  return {
    userId: identity.userId,
    guestKey: identity.guestKey,
    locale: request.locale,
    ip: request.ip,
    gone: request.clientGone,
    ownerId: await guests.ownerOf(identity, { create }),
  };
}

const EMPTY_PAGE = { items: [], total: 0 };

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

/**
 * /webapi/portal/chat. Guests ask, follow, keep and search as accounts do (their conversations kept under their
 * guest key until a login makes them the account's, decision 0040); a client without a key only gets its answers
 * streamed, never kept.
 */
export const chatRoutes: FastifyPluginAsync<{
  chat: ChatService;
  history: HistoryService;
  sessions: AuthSessionService;
  guests: GuestsService;
  guestKeys: GuestKeyService;
}> = async (app, { chat, history, sessions, guests, guestKeys }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['chat'];
  const guestOk = { onRequest: optionalUser(sessions) };
  // The streaming routes watch for the client leaving from the moment the request arrives.
  const streaming = { onRequest: [watchClient, optionalUser(sessions)] };
  /** The users row the caller keeps conversations under; none for a keyless client or a guest who kept nothing. */
  const owner = (request: FastifyRequest) => guests.ownerOf(identityOf(request, guestKeys.keys));
  /** A verb on the caller's own rows: with no owner there is nothing of theirs to act on. */
  const owned = async <T>(request: FastifyRequest, verb: (ownerId: string) => Promise<T>): Promise<T> => {
    const ownerId = await owner(request);
    if (!ownerId) throw new AppError('not_found');
    return verb(ownerId);
  };

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
    async (request, reply) => {
      chat.refuseWhenBusy();
      return stream(request, reply, await chat.ask(await callerOf(request, guests, guestKeys, true), request.body));
    },
  );
  r.post(
    '/resend',
    {
      ...streaming,
      schema: { tags, summary: 'A new answer to the same question, streamed', body: resendRequestSchema },
    },
    async (request, reply) =>
      stream(
        request,
        reply,
        await chat.resend(
          await callerOf(request, guests, guestKeys, true),
          request.body.answerId,
          request.body.requestId,
        ),
      ),
  );
  r.post(
    '/follow',
    {
      ...guestOk,
      schema: {
        tags,
        summary: 'Follow a kept answer from the cursor (Last-Event-ID): the rest of one being written, or all of it',
        body: followRequestSchema,
      },
    },
    async (request, reply) =>
      stream(request, reply, await chat.follow(await callerOf(request, guests, guestKeys), request.body.answerId)),
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
      ...ok(await chat.stop(await callerOf(request, guests, guestKeys), request.body.id)),
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
    async (request) => ok({ guestKey: await guestKeys.keyFor(guestKeys.keys.presented(request), request.ip) }),
  );

  r.get(
    '/sessions',
    {
      ...guestOk,
      schema: {
        tags,
        summary: 'History sessions',
        querystring: pageQuerySchema,
        response: { 200: okSchema(sessionPageSchema) },
      },
    },
    async (request) => {
      const ownerId = await owner(request);
      return ok(ownerId ? await history.sessions(ownerId, request.query.page, request.query.size) : EMPTY_PAGE);
    },
  );
  r.get(
    '/search',
    {
      ...guestOk,
      schema: {
        tags,
        summary: "Search the caller's conversations: titles and the text of questions and answers",
        querystring: conversationSearchQuerySchema,
        response: { 200: okSchema(conversationSearchPageSchema) },
      },
    },
    async (request) => {
      const { q, page, size } = request.query;
      const ownerId = await owner(request);
      return ok(ownerId ? await history.search(ownerId, q, page, size) : EMPTY_PAGE);
    },
  );
  r.get(
    '/recent',
    { ...guestOk, schema: { tags, summary: 'Recently asked questions', response: { 200: okSchema(recentSchema) } } },
    async (request) => {
      const ownerId = await owner(request);
      return ok(ownerId ? await history.recent(ownerId) : []);
    },
  );
  r.get(
    '/messages',
    {
      ...guestOk,
      schema: {
        tags,
        summary: 'The turns of a session',
        querystring: messagesQuerySchema,
        response: { 200: okSchema(z.array(chatTurnSchema)) },
      },
    },
    async (request) =>
      ok(await owned(request, (id) => history.messages(id, request.query.conversationId, request.locale))),
  );
  r.post(
    '/session/rename',
    {
      ...guestOk,
      schema: { tags, summary: 'Rename a session', body: renameSessionSchema, response: { 200: emptyOkSchema } },
    },
    async (request) => {
      await owned(request, (id) => history.rename(id, request.body.id, request.body.title));
      return ok(null);
    },
  );
  r.post(
    '/session/delete',
    {
      ...guestOk,
      schema: { tags, summary: 'Delete a session', body: idBodySchema, response: { 200: emptyOkSchema } },
    },
    async (request) => {
      await owned(request, (id) => history.remove(id, request.body.id));
      return ok(null);
    },
  );
  r.post(
    '/collect',
    {
      ...guestOk,
      schema: { tags, summary: 'Collect an answer', body: idBodySchema, response: { 200: emptyOkSchema } },
    },
    async (request) => {
      await owned(request, (id) => history.collect(id, [request.body.id]));
      return ok(null);
    },
  );
  r.post(
    '/uncollect',
    {
      ...guestOk,
      schema: { tags, summary: 'Uncollect an answer', body: idBodySchema, response: { 200: emptyOkSchema } },
    },
    async (request) => {
      await owned(request, (id) => history.uncollect(id, [request.body.id]));
      return ok(null);
    },
  );
  r.post(
    '/batch',
    {
      ...guestOk,
      schema: {
        tags,
        summary: 'Collect or uncollect several answers',
        body: batchSchema,
        response: { 200: emptyOkSchema },
      },
    },
    async (request) => {
      const ids = [...new Set(request.body.ids)];
      await owned(request, (id) =>
        request.body.action === 'collect' ? history.collect(id, ids) : history.uncollect(id, ids),
      );
      return ok(null);
    },
  );
  r.get(
    '/collections',
    {
      ...guestOk,
      schema: {
        tags,
        summary: 'Collected answers',
        querystring: pageQuerySchema,
        response: { 200: okSchema(collectionPageSchema) },
      },
    },
    async (request) => {
      const ownerId = await owner(request);
      const { page, size } = request.query;
      return ok(ownerId ? await history.collections(ownerId, page, size, request.locale) : EMPTY_PAGE);
    },
  );
  r.get(
    '/collection',
    {
      ...guestOk,
      schema: {
        tags,
        summary: 'One collected answer, also when its session has been deleted (conversationId is then null)',
        querystring: idBodySchema,
        response: { 200: okSchema(answerSchema) },
      },
    },
    async (request) => ok(await owned(request, (id) => history.collection(id, request.query.id, request.locale))),
  );
  r.post(
    '/rate',
    {
      ...guestOk,
      schema: {
        tags,
        summary: 'Like or dislike an answer, a dislike with its reason (null takes it back)',
        body: rateSchema,
        response: { 200: emptyOkSchema },
      },
    },
    async (request) => {
      const { id, rating, reason } = request.body;
      await owned(request, (ownerId) => history.rate(ownerId, id, rating, reason ?? null));
      return ok(null);
    },
  );
};
