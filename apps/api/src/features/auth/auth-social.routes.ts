import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  authOptionsSchema,
  captchaSchema,
  externalAccessRequestSchema,
  googleLoginRequestSchema,
  loginResultSchema,
  qrCreateRequestSchema,
  qrCreateResultSchema,
  qrPollRequestSchema,
  qrPollResultSchema,
  qrScanResultSchema,
  qrTicketRequestSchema,
} from '@bible-qa/contract';
import { emptyOkSchema, ok, okSchema } from '../../http/envelope.ts';
import { accountOf, requireAccount } from '../../http/roles.ts';
import type { AuthSessionService } from './auth-session.service.ts';
import type { CaptchaService } from './captcha.service.ts';
import type { ExternalAccessService } from './external-access.service.ts';
import type { GoogleLoginService } from './google-login.service.ts';
import type { QrLoginService } from './qr-login.service.ts';

export interface SocialAuthRoutesDeps {
  google: GoogleLoginService;
  captchas: CaptchaService;
  external: ExternalAccessService;
  qr: QrLoginService;
  sessions: AuthSessionService;
}

const tags = ['auth'];

/** /webapi/portal/auth: Google (with its captcha), partner external access, and QR login. */
export const socialAuthRoutes: FastifyPluginAsync<SocialAuthRoutesDeps> = async (app, deps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const phone = { onRequest: requireAccount(deps.sessions) };

  r.get(
    '/options',
    { schema: { tags, summary: 'Which sign-in doors are offered', response: { 200: okSchema(authOptionsSchema) } } },
    async () => ok(deps.google.options()),
  );
  r.get(
    '/captcha/googleCaptcha',
    {
      schema: {
        tags,
        summary: 'A captcha and a nonce for one Google login',
        response: { 200: okSchema(captchaSchema) },
      },
    },
    async (request) => ok(await deps.captchas.issue('google', request.ip)),
  );
  r.get(
    '/captcha/codeCaptcha',
    { schema: { tags, summary: 'A captcha for one code send', response: { 200: okSchema(captchaSchema) } } },
    async (request) => ok(await deps.captchas.issue('code', request.ip)),
  );
  r.post(
    '/login-google',
    {
      schema: {
        tags,
        summary: 'Google login with an ID token',
        body: googleLoginRequestSchema,
        response: { 200: okSchema(loginResultSchema) },
      },
    },
    async (request) =>
      ok(
        await deps.google.login(request.body, {
          rememberMe: request.body.rememberMe === true,
          locale: request.locale,
          ip: request.ip,
        }),
      ),
  );

  r.post(
    '/externalAccess',
    {
      schema: {
        tags,
        summary: "A partner platform's signed link",
        body: externalAccessRequestSchema,
        response: { 200: okSchema(loginResultSchema) },
      },
    },
    async (request) => {
      const { appId, platform, ...rest } = request.body;
      return ok(await deps.external.login({ appId: appId ?? platform, ...rest }, { locale: request.locale }));
    },
  );

  r.post(
    '/qr/create',
    {
      schema: {
        tags,
        summary: 'QR login: a ticket for the desktop',
        body: qrCreateRequestSchema.optional(),
        response: { 200: okSchema(qrCreateResultSchema) },
      },
    },
    async (request) =>
      ok(
        await deps.qr.create({
          ip: request.ip,
          userAgent: String(request.headers['user-agent'] ?? ''),
          rememberMe: request.body?.rememberMe,
        }),
      ),
  );
  r.post(
    '/qr/poll',
    {
      schema: {
        tags,
        summary: 'QR login: the desktop waits for the phone',
        body: qrPollRequestSchema,
        response: { 200: okSchema(qrPollResultSchema) },
      },
    },
    async (request) =>
      ok(
        await deps.qr.poll({
          ticket: request.body.ticket,
          pollSecret: request.body.pollSecret,
          waitMs: (request.body.wait ?? 0) * 1000,
          signal: request.signal,
        }),
      ),
  );
  r.post(
    '/qr/scan',
    {
      ...phone,
      schema: {
        tags,
        summary: 'QR login: the phone opened the code',
        body: qrTicketRequestSchema,
        response: { 200: okSchema(qrScanResultSchema) },
      },
    },
    async (request) => ok(await deps.qr.scan(request.body.ticket, accountOf(request).userId)),
  );
  r.post(
    '/qr/confirm',
    {
      ...phone,
      schema: {
        tags,
        summary: 'QR login: the phone confirms',
        body: qrTicketRequestSchema,
        response: { 200: emptyOkSchema },
      },
    },
    async (request) => {
      await deps.qr.confirm(request.body.ticket, accountOf(request).userId);
      return ok(null);
    },
  );
};
