import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  annotationIdSchema,
  annotationListQuerySchema,
  annotationListSchema,
  annotationLookupQuerySchema,
  annotationPageSchema,
  annotationSchema,
  bookmarkRequestSchema,
  highlightRequestSchema,
  noteRequestSchema,
} from '@bible-qa/contract';
import { AppError } from '../../http/app-error.ts';
import { identityOf, optionalUser } from '../../http/auth.ts';
import { emptyOkSchema, ok, okSchema } from '../../http/envelope.ts';
import type { ReaderResolver } from '../../scripture/reader.ts';
import type { AuthSessionService } from '../auth/auth-session.service.ts';
import type { GuestKeyService } from '../chat/guest-key.service.ts';
import type { GuestsService } from '../guests/guests.service.ts';
import type { AnnotationsService } from './annotations.service.ts';

/**
 * /webapi/portal/annotations: a reader's highlights, bookmarks and notes, an account's or a guest's (kept under its
 * key, made at its first mark; a login makes them the account's).
 */
export const annotationsRoutes: FastifyPluginAsync<{
  annotations: AnnotationsService;
  guests: GuestsService;
  guestKeys: GuestKeyService;
  sessions: AuthSessionService;
  readers: ReaderResolver;
}> = async (app, { annotations, guests, guestKeys, sessions, readers }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['annotations'];
  const onRequest = optionalUser(sessions);
  const owner = (request: FastifyRequest, create = false) =>
    guests.ownerOf(identityOf(request, guestKeys.keys), { create });
  /** Keeping needs an account or a guest key (a client with neither is asked to log in). */
  const writer = async (request: FastifyRequest) => {
    const ownerId = await owner(request, true);
    if (!ownerId) throw new AppError('unauthorized');
    return ownerId;
  };

  r.get(
    '/lookup',
    {
      onRequest,
      schema: {
        tags,
        summary: "The reader's annotations touching these chapters or verse ranges (the reader, an answer's citations)",
        querystring: annotationLookupQuerySchema,
        response: { 200: okSchema(annotationListSchema) },
      },
    },
    async (request) => ok(await annotations.lookup(await owner(request), request.query.refs)),
  );

  r.get(
    '/list',
    {
      onRequest,
      schema: {
        tags,
        summary:
          'Highlights, bookmarks and notes, newest first, with the verses in the reader’s translation; q searches',
        querystring: annotationListQuerySchema,
        response: { 200: okSchema(annotationPageSchema) },
      },
    },
    async (request) => {
      const { expression, ...query } = request.query;
      const reader = await readers.readerOf({ locale: request.locale, expression, userId: request.auth?.userId });
      return ok(await annotations.list(await owner(request), reader, query));
    },
  );

  r.post(
    '/highlight',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Highlight each verse of a span in a colour, or take the highlight off (null)',
        body: highlightRequestSchema,
        response: { 200: emptyOkSchema },
      },
    },
    async (request) => {
      await annotations.highlight(await writer(request), request.body.span, request.body.color);
      return ok(null);
    },
  );

  r.post(
    '/bookmark',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Bookmark a verse or span, or take the bookmark off',
        body: bookmarkRequestSchema,
        response: { 200: emptyOkSchema },
      },
    },
    async (request) => {
      await annotations.bookmark(await writer(request), request.body.span, request.body.on);
      return ok(null);
    },
  );

  r.post(
    '/note',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Write or replace the note of a verse or span (an empty text deletes it)',
        body: noteRequestSchema,
        response: { 200: okSchema(annotationSchema.nullable()) },
      },
    },
    async (request) => ok(await annotations.note(await writer(request), request.body.span, request.body.text)),
  );

  r.post(
    '/delete',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Delete a bookmark or note',
        body: annotationIdSchema,
        response: { 200: emptyOkSchema },
      },
    },
    async (request) => {
      const ownerId = await owner(request);
      if (!ownerId) throw new AppError('not_found');
      await annotations.remove(ownerId, request.body.id);
      return ok(null);
    },
  );
};
