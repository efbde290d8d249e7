import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  planCalendarQuerySchema,
  planCalendarSchema,
  planDayQuerySchema,
  planDayStateSchema,
  planListQuerySchema,
  planListSchema,
  planMarkSchema,
  planStartSchema,
  planStopSchema,
  planSummarySchema,
} from '@bible-qa/contract';
import { AppError } from '../../http/app-error.ts';
import { identityOf, optionalUser } from '../../http/auth.ts';
import { emptyOkSchema, ok, okSchema } from '../../http/envelope.ts';
import type { ReaderResolver } from '../../scripture/reader.ts';
import type { AuthSessionService } from '../auth/auth-session.service.ts';
import type { GuestKeyService } from '../chat/guest-key.service.ts';
import type { GuestsService } from '../guests/guests.service.ts';
import type { PlansService } from './plans.service.ts';

/**
 * /webapi/portal/plans: the corpus's reading plans and the reader's runs of them, an account's or a guest's (kept
 * under its key, made when it starts a plan; a login makes them the account's).
 */
export const plansRoutes: FastifyPluginAsync<{
  plans: PlansService;
  guests: GuestsService;
  guestKeys: GuestKeyService;
  sessions: AuthSessionService;
  readers: ReaderResolver;
}> = async (app, { plans, guests, guestKeys, sessions, readers }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['plans'];
  const onRequest = optionalUser(sessions);
  const owner = (request: FastifyRequest) => guests.ownerOf(identityOf(request, guestKeys.keys));
  /** Keeping a run needs an account or a guest key (a client with neither is asked to log in). */
  const writer = async (request: FastifyRequest) => {
    const ownerId = await guests.ownerOf(identityOf(request, guestKeys.keys), { create: true });
    if (!ownerId) throw new AppError('unauthorized');
    return ownerId;
  };
  const readerOf = (request: FastifyRequest, expression?: 'protestant' | 'catholic' | 'orthodox' | 'none') =>
    readers.readerOf({ locale: request.locale, expression, userId: request.auth?.userId });

  r.get(
    '/list',
    {
      onRequest,
      schema: {
        tags,
        summary: "The corpus's reading plans, with the reader's progress in those they started",
        querystring: planListQuerySchema,
        response: { 200: okSchema(planListSchema) },
      },
    },
    async (request) => ok(await plans.list(await owner(request), request.query.date)),
  );

  r.get(
    '/day',
    {
      onRequest,
      schema: {
        tags,
        summary: "A plan's day (the reader's today's by default): its readings, which are read, and the progress",
        querystring: planDayQuerySchema,
        response: { 200: okSchema(planDayStateSchema) },
      },
    },
    async (request) => {
      const { expression, ...query } = request.query;
      return ok(await plans.day(await owner(request), await readerOf(request, expression), query));
    },
  );

  r.get(
    '/calendar',
    {
      onRequest,
      schema: {
        tags,
        summary: "Which days of the reader's run are read in full or in part",
        querystring: planCalendarQuerySchema,
        response: { 200: okSchema(planCalendarSchema) },
      },
    },
    async (request) => ok(await plans.calendar(await owner(request), request.query.planId, request.query.date)),
  );

  r.post(
    '/start',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Start a plan on a date (day 1), or move the start of the run; what was marked stays',
        body: planStartSchema,
        response: { 200: okSchema(planSummarySchema) },
      },
    },
    async (request) => {
      const { planId, startDate, date } = request.body;
      return ok(await plans.start(await writer(request), planId, startDate, date));
    },
  );

  r.post(
    '/stop',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Leave a plan: the run and its progress go',
        body: planStopSchema,
        response: { 200: emptyOkSchema },
      },
    },
    async (request) => {
      const ownerId = await owner(request);
      if (!ownerId) throw new AppError('plan_not_started');
      await plans.stop(ownerId, request.body.planId);
      return ok(null);
    },
  );

  r.post(
    '/mark',
    {
      onRequest,
      schema: {
        tags,
        summary: "Mark a day's reading (or the whole day) read or unread; a read counts toward today's streak",
        body: planMarkSchema,
        response: { 200: okSchema(planDayStateSchema) },
      },
    },
    async (request) => {
      const ownerId = await owner(request);
      if (!ownerId) throw new AppError('plan_not_started');
      return ok(await plans.mark(ownerId, await readerOf(request), request.body));
    },
  );
};
