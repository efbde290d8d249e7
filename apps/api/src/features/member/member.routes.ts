import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  addInterestRequestSchema,
  agreementRequestSchema,
  birthDateRequestSchema,
  codeRequestsSchema,
  deregisterRequestSchema,
  guardianConsentRequestSchema,
  modifyMemberRequestSchema,
  updateExpressionRequestSchema,
  userInfoSchema,
} from '@bible-qa/contract';
import { emptyOkSchema, ok, okSchema } from '../../http/envelope.ts';
import { accountOf, requireAccount } from '../../http/roles.ts';
import type { AuthSessionService } from '../auth/auth-session.service.ts';
import type { MemberService } from './member.service.ts';

const tags = ['member'];
const userAnswer = { 200: okSchema(userInfoSchema) };

/** /webapi/portal/member: the caller's own account only; no route takes a user id. */
export const memberRoutes: FastifyPluginAsync<{ member: MemberService; sessions: AuthSessionService }> = async (
  app,
  { member, sessions },
) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const reader = { onRequest: requireAccount(sessions) };
  // A limitation measure leaves reading but refuses changes.
  const writer = { onRequest: requireAccount(sessions, { unlimited: true }) };
  const me = (request: Parameters<typeof accountOf>[0]) => accountOf(request).userId;

  r.get(
    '/info',
    { ...reader, schema: { tags, summary: 'The logged-in user', response: userAnswer } },
    async (request) => ok(await member.info(me(request))),
  );
  r.post(
    '/modify',
    { ...writer, schema: { tags, summary: 'Change settings', body: modifyMemberRequestSchema, response: userAnswer } },
    async (request) => ok(await member.modify(me(request), request.body)),
  );
  r.post(
    '/update-expression',
    {
      ...writer,
      schema: {
        tags,
        summary: 'Choose the wording tradition',
        body: updateExpressionRequestSchema,
        response: userAnswer,
      },
    },
    async (request) => ok(await member.updateExpression(me(request), request.body.expression)),
  );
  r.post(
    '/add-interest',
    { ...writer, schema: { tags, summary: 'Choose interests', body: addInterestRequestSchema, response: userAnswer } },
    async (request) => ok(await member.setInterests(me(request), request.body.interests)),
  );
  r.post(
    '/agreement',
    {
      ...reader,
      schema: { tags, summary: 'Consent to the user agreement', body: agreementRequestSchema, response: userAnswer },
    },
    async (request) => ok(await member.consentToAgreement(me(request), request.body.version)),
  );
  r.post(
    '/birth-date',
    {
      ...writer,
      schema: { tags, summary: 'Declare the birth date', body: birthDateRequestSchema, response: userAnswer },
    },
    async (request) => ok(await member.declareBirthDate(me(request), request.body.birthDate)),
  );
  r.post(
    '/guardian-consent',
    {
      ...reader,
      schema: {
        tags,
        summary: "A guardian's consent for a minor",
        body: guardianConsentRequestSchema,
        response: userAnswer,
      },
    },
    async (request) =>
      ok(
        await member.recordGuardianConsent(me(request), {
          name: request.body.guardianName,
          contact: request.body.guardianContact,
        }),
      ),
  );
  r.get(
    '/code-requests',
    {
      ...reader,
      schema: {
        tags,
        summary: "Codes asked for the caller's account from other addresses, since the notice was last dismissed",
        response: { 200: okSchema(codeRequestsSchema) },
      },
    },
    async (request) => ok(await member.codeRequests(me(request), request.ip)),
  );
  r.post(
    '/code-requests/seen',
    {
      ...reader,
      schema: { tags, summary: 'Dismiss the notice of codes asked from elsewhere', response: { 200: emptyOkSchema } },
    },
    async (request) => {
      await member.codeRequestsSeen(me(request));
      return ok(null);
    },
  );
  r.post(
    '/deregister',
    {
      ...reader,
      schema: {
        tags,
        summary: 'Delete the account and its personal data',
        body: deregisterRequestSchema,
        response: { 200: emptyOkSchema },
      },
    },
    async (request) => {
      const { password, mode, code } = request.body;
      await member.deregister(
        me(request),
        { password, mode, code },
        { ip: request.ip, loginStartedAt: accountOf(request).startedAt },
      );
      return ok(null);
    },
  );
};
