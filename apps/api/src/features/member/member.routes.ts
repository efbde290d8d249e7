import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { userInfoSchema } from '@bible-qa/contract';
import { currentUserId, requireUser } from '../../http/auth.ts';
import { ok, okSchema } from '../../http/envelope.ts';
import type { AuthSessionService } from '../auth/auth-session.service.ts';
import type { MemberService } from './member.service.ts';

export const memberRoutes: FastifyPluginAsync<{ member: MemberService; sessions: AuthSessionService }> = async (
  app,
  { member, sessions },
) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/info',
    {
      preHandler: requireUser(sessions),
      schema: { tags: ['member'], summary: 'The logged-in user', response: { 200: okSchema(userInfoSchema) } },
    },
    async (request) => ok(await member.info(currentUserId(request))),
  );
};
