import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountExportSchema } from '@bible-qa/contract';
import { identityOf, optionalUser } from '../../http/auth.ts';
import { ok, okSchema } from '../../http/envelope.ts';
import type { AuthSessionService } from '../auth/auth-session.service.ts';
import type { GuestKeyService } from '../chat/guest-key.service.ts';
import type { GuestsService } from '../guests/guests.service.ts';
import type { ExportService } from './export.service.ts';

/**
 * /webapi/portal/export: the reader's data as one download, an account's or a guest's (what its key keeps). In the
 * envelope like every answer, and named as a file (Content-Disposition) for a client that saves it as it comes.
 */
export const exportRoutes: FastifyPluginAsync<{
  exporter: ExportService;
  guests: GuestsService;
  guestKeys: GuestKeyService;
  sessions: AuthSessionService;
}> = async (app, { exporter, guests, guestKeys, sessions }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/account',
    {
      onRequest: optionalUser(sessions),
      schema: {
        tags: ['export'],
        summary: 'Everything the reader keeps: account, conversations, collections, notes, highlights and plans',
        response: { 200: okSchema(accountExportSchema) },
      },
    },
    async (request, reply) => {
      const identity = identityOf(request, guestKeys.keys);
      const data = await exporter.account({
        ownerId: await guests.ownerOf(identity),
        userId: identity.userId,
        locale: request.locale,
      });
      const day = data.exportedAt.slice(0, 10);
      reply.header('content-disposition', `attachment; filename="bible-qa-export-${day}.json"`);
      return ok(data);
    },
  );
};
