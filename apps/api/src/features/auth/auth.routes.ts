import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  logoutRequestSchema,
  loginRequestSchema,
  loginResultSchema,
  mailCodeLoginRequestSchema,
  mailPasswordLoginRequestSchema,
  mobilePasswordLoginRequestSchema,
  resetPasswordRequestSchema,
  sendCodeResultSchema,
  sendMailCodeRequestSchema,
  sendMobileCodeRequestSchema,
  setPasswordPreCheckResultSchema,
  setPasswordRequestSchema,
} from '@bible-qa/contract';
import { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import { emptyOkSchema, ok, okSchema } from '../../http/envelope.ts';
import { accountOf, optionalAccount, requireAccount } from '../../http/roles.ts';
import type { AccountLoginService, LoginRequestContext } from './account-login.service.ts';
import { readBearerToken, readToken, type AuthSessionService } from './auth-session.service.ts';
import type { VerificationCodeService } from './verification-code.service.ts';

export interface AuthRoutesDeps {
  accounts: AccountLoginService;
  codes: VerificationCodeService;
  sessions: AuthSessionService;
  mobileLogin: (
    body: z.infer<typeof loginRequestSchema>,
    ctx: LoginRequestContext,
  ) => ReturnType<AccountLoginService['loginWithCode']>;
}

const ctxOf = (request: FastifyRequest, rememberMe?: boolean): LoginRequestContext => ({
  ip: request.ip,
  locale: request.locale,
  rememberMe: rememberMe === true,
});
const tags = ['auth'];
const loginAnswer = { 200: okSchema(loginResultSchema) };

/** /webapi/portal/auth: the four send-code calls, code and password logins, logout, set and reset password. */
export const authRoutes: FastifyPluginAsync<AuthRoutesDeps> = async (app, deps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const optional = { onRequest: optionalAccount(deps.sessions) };

  // Four paths of spec §7, one rule set: the same resend wait and caps per account whichever path is used.
  for (const url of ['/sendCode', '/send-code-mobile']) {
    r.post(
      url,
      {
        ...optional,
        schema: {
          tags,
          summary: 'Send an SMS code',
          body: sendMobileCodeRequestSchema,
          response: { 200: okSchema(sendCodeResultSchema) },
        },
      },
      async (request) =>
        ok(
          await deps.codes.send({
            channel: 'mobile',
            account: request.body.mobile,
            purpose: request.body.purpose,
            ip: request.ip,
            locale: request.locale,
            userId: request.account?.userId,
            captchaKey: request.body.key,
            captcha: request.body.captcha,
          }),
        ),
    );
  }
  for (const url of ['/sendCode-mail', '/send-code-mail']) {
    r.post(
      url,
      {
        ...optional,
        schema: {
          tags,
          summary: 'Send an e-mail code',
          body: sendMailCodeRequestSchema,
          response: { 200: okSchema(sendCodeResultSchema) },
        },
      },
      async (request) =>
        ok(
          await deps.codes.send({
            channel: 'mail',
            account: request.body.email,
            purpose: request.body.purpose,
            ip: request.ip,
            locale: request.locale,
            userId: request.account?.userId,
            captchaKey: request.body.key,
            captcha: request.body.captcha,
          }),
        ),
    );
  }

  r.post(
    '/login',
    {
      schema: {
        tags,
        summary: 'Phone code login, or login again with the user token',
        body: loginRequestSchema,
        response: loginAnswer,
      },
    },
    async (request) => ok(await deps.mobileLogin(request.body, ctxOf(request, request.body.rememberMe))),
  );
  r.post(
    '/login-mail',
    { schema: { tags, summary: 'E-mail code login', body: mailCodeLoginRequestSchema, response: loginAnswer } },
    async (request) =>
      ok(
        await deps.accounts.loginWithCode(
          'mail',
          request.body.email,
          request.body.code,
          ctxOf(request, request.body.rememberMe),
        ),
      ),
  );
  r.post(
    '/login-mobile-password',
    {
      schema: {
        tags,
        summary: 'Phone and password login',
        body: mobilePasswordLoginRequestSchema,
        response: loginAnswer,
      },
    },
    async (request) =>
      ok(
        await deps.accounts.loginWithPassword(
          'mobile',
          request.body.mobile,
          request.body.password,
          ctxOf(request, request.body.rememberMe),
        ),
      ),
  );
  r.post(
    '/login-mail-password',
    {
      schema: {
        tags,
        summary: 'E-mail and password login',
        body: mailPasswordLoginRequestSchema,
        response: loginAnswer,
      },
    },
    async (request) =>
      ok(
        await deps.accounts.loginWithPassword(
          'mail',
          request.body.email,
          request.body.password,
          ctxOf(request, request.body.rememberMe),
        ),
      ),
  );

  r.post(
    '/logout',
    {
      schema: {
        tags,
        summary: 'End this login: both tokens',
        body: logoutRequestSchema.optional(),
        response: { 200: emptyOkSchema },
      },
    },
    async (request) => {
      const accessToken = readBearerToken(request.headers.authorization);
      const userToken = readToken(request.body?.userToken);
      if (!accessToken && !userToken) throw new AppError('unauthorized');
      await deps.sessions.logout({ accessToken, userToken });
      return ok(null);
    },
  );

  r.post(
    '/set-password-pre-check',
    {
      onRequest: requireAccount(deps.sessions),
      schema: {
        tags,
        summary: 'Where a set_password code can go',
        response: { 200: okSchema(setPasswordPreCheckResultSchema) },
      },
    },
    async (request) => ok(await deps.accounts.preCheckSetPassword(accountOf(request).userId)),
  );
  r.post(
    '/set-password',
    {
      onRequest: requireAccount(deps.sessions),
      schema: {
        tags,
        summary: 'Set or change the password with a code',
        body: setPasswordRequestSchema,
        response: loginAnswer,
      },
    },
    async (request) => ok(await deps.accounts.setPassword(accountOf(request).userId, request.body, ctxOf(request))),
  );
  r.post(
    '/reset-pwd',
    {
      schema: {
        tags,
        summary: 'Reset a forgotten password with a code',
        body: resetPasswordRequestSchema,
        response: { 200: emptyOkSchema },
      },
    },
    async (request) => {
      const { mobile, email, ...rest } = request.body;
      if (mobile?.trim())
        await deps.accounts.resetPassword({ channel: 'mobile', account: mobile, ...rest }, ctxOf(request));
      else if (email?.trim())
        await deps.accounts.resetPassword({ channel: 'mail', account: email, ...rest }, ctxOf(request));
      else throw new AppError('phone_required');
      return ok(null);
    },
  );
};
