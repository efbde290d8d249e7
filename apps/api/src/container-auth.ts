import type { Logger } from 'pino';
import { createImageCaptcha, type CaptchaProvider } from './captcha/captcha.ts';
import { createGeetestCaptcha } from './captcha/captcha.geetest.ts';
import { createTencentCaptcha } from './captcha/captcha.tencent.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { createMeasuresRepository } from './features/admin/measures.repository.ts';
import { createMeasuresService } from './features/admin/measures.service.ts';
import { createAuditRepository } from './features/audit/audit.repository.ts';
import { createAuditService } from './features/audit/audit.service.ts';
import { createAccountLoginService, createMobileLoginVerb } from './features/auth/account-login.service.ts';
import { createAttemptLimiter } from './features/auth/attempt-limiter.ts';
import { createAuthSessionRepository } from './features/auth/auth-session.repository.ts';
import { createAuthSessionService, readToken, type Clock } from './features/auth/auth-session.service.ts';
import { createCaptchaService } from './features/auth/captcha.service.ts';
import { createExternalAccessService } from './features/auth/external-access.service.ts';
import { createGoogleLoginService } from './features/auth/google-login.service.ts';
import { normalizeAnyAccount } from './features/auth/identifiers.ts';
import { createIdentityRepository } from './features/auth/identity.repository.ts';
import { createLoginCompletion } from './features/auth/login-completion.ts';
import { createOneTimeRepository } from './features/auth/one-time.repository.ts';
import { createPasswordHasher } from './features/auth/password.ts';
import { createQrLoginService } from './features/auth/qr-login.service.ts';
import { createQrTicketRepository } from './features/auth/qr-ticket.repository.ts';
import { createVerificationCodeRepository } from './features/auth/verification-code.repository.ts';
import { createVerificationCodeService } from './features/auth/verification-code.service.ts';
import type { MemberRepository } from './features/member/member.repository.ts';
import { createMemberService } from './features/member/member.service.ts';
import { createOutboxMailer, createSmtpMailer } from './messaging/mailer.ts';
import { createOutbox } from './messaging/outbox.ts';
import { createAliyunSms } from './messaging/sms.aliyun.ts';
import { createTencentSms } from './messaging/sms.tencent.ts';
import { createOutboxSms, type SmsSender } from './messaging/sms.ts';
import type { PubSub } from './pubsub/pubsub.ts';
import { createDbCounterStore, type CounterStore } from './rate-limit/counter-store.ts';
import { createRiskCeiling } from './rate-limit/risk-ceiling.ts';

/**
 * Wires sign-in, accounts, measures and their ports (mail, SMS, captcha, counters) from the configuration; called by
 * container.ts, which passes the pub/sub and, with Redis, the store of the hot counters. SMTP when SMTP_URL is set,
 * else the outbox; SMS through SMS_PROVIDER (the outbox by default); the captcha through CAPTCHA_PROVIDER (the
 * built-in image by default). Counters of sign-in (codes, failures, locks) stay in the database, where they are
 * durable; the risk ceiling, counted at every request, uses the hot store (Redis, else the database).
 */
// No code goes to a suspended account: the SMS would only serve an abuser, and cost.
const BARRED = ['suspension', 'deletion'] as const;

export function createAccountServices({
  config,
  db,
  clock,
  log,
  members,
  pubsub,
  hotCounters: hot,
}: {
  config: Config;
  db: Database;
  clock: Clock;
  log: Pick<Logger, 'info' | 'warn' | 'error'>;
  members: MemberRepository;
  pubsub: PubSub;
  hotCounters?: CounterStore | undefined;
}) {
  const auth = config.auth;
  const counters = createDbCounterStore(db);
  const hotCounters = hot ?? counters;
  const outbox = createOutbox({ log, logBodies: config.env !== 'production' });
  const mailer = auth.mail.smtpUrl
    ? createSmtpMailer({ url: auth.mail.smtpUrl, from: auth.mail.from })
    : createOutboxMailer(outbox, clock);
  const sms = createSmsSender(config.providers.sms, () => createOutboxSms(outbox, clock));

  const auditRows = createAuditRepository(db);
  const audit = createAuditService({
    audits: auditRows,
    members,
    clock,
    log,
    accountKey: auth.audit.accountKey,
    retentionMs: auth.audit.retentionMs,
  });
  const measureRows = createMeasuresRepository(db);
  const sessionRows = createAuthSessionRepository(db);
  const codeRows = createVerificationCodeRepository(db);
  const oneTime = createOneTimeRepository(db);
  const identities = createIdentityRepository(db);

  // Features with work running for a user (generations) register here to stop it on a suspension or lock.
  const barredListeners: ((userId: string) => void)[] = [];
  const barred = (userId: string) => barredListeners.forEach((listener) => listener(userId));
  const risk = createRiskCeiling({
    counters: hotCounters,
    clock,
    limits: auth.risk,
    async suspend(userId, until) {
      const now = clock.now();
      await measureRows.insert({
        userId,
        kind: 'suspension',
        reason: 'risk ceiling: request rate',
        startsAt: now,
        expiresAt: until,
        createdBy: null,
        createdAt: now,
      });
      await sessionRows.revokeAllForUser(userId, now);
      barred(userId);
      await audit.record({
        kind: 'measure_applied',
        targetUserId: userId,
        reason: 'risk ceiling: request rate',
        detail: { measure: 'suspension', expiresAt: until.toISOString() },
      });
    },
  });
  const sessions = createAuthSessionService({
    sessions: sessionRows,
    clock,
    accessTtlMs: auth.accessTokenTtlMs,
    sessionTtlMs: auth.sessionTtlMs,
    onAuthenticated: (account) => risk.checkAccount(account.userId),
    audit,
  });
  // Features that keep account data outside the database (stored screenshots) register an eraser (onErase).
  const erasers: ((userId: string) => Promise<void>)[] = [];
  const member = createMemberService({
    members,
    measures: measureRows,
    clock,
    eraseAccountTraces: (identifiers) => codeRows.deleteForIdentifiers(identifiers),
    eraseUserData: async (userId) => {
      for (const erase of erasers) await erase(userId);
    },
    codeRequestsFromElsewhere: (userId, since, exceptIp) =>
      auditRows.countFromElsewhere(userId, 'code_requested', since, exceptIp),
    // The account-login service is made below; deletion asks it to check the password or code.
    confirmIdentity: (userId, proof, ctx) => accounts.confirmIdentity(userId, proof, ctx),
  });
  const limiter = createAttemptLimiter({ counters, clock, limits: auth.failures, audit });
  const captchas = createCaptchaService({
    provider: createCaptchaProvider(config.providers.captcha),
    oneTime,
    counters,
    perIpPerHour: config.providers.captchasPerIpPerHour,
    clock,
    log,
    // Outside production, with DEV_OUTBOX, a drawn captcha's answer is kept beside the codes (scripted journeys).
    reveal: config.ops.devOutbox
      ? (key, answer) =>
          outbox.add({ channel: 'captcha', to: key, subject: null, text: answer, sentAt: clock.now().toISOString() })
      : undefined,
  });
  const codes = createVerificationCodeService({
    codes: codeRows,
    counters,
    limiter,
    members,
    mailer,
    sms,
    captchas,
    clock,
    limits: { ...auth.codes, withoutCaptchaPerIp: config.providers.sendsWithoutCaptchaPerIp },
    smsCountryCodes: auth.smsCountryCodes,
    log,
    isBarred: async (userId) => (await measureRows.inForce(userId, BARRED, clock.now())).length > 0,
    audit,
  });
  const adminAccounts = new Set(
    auth.adminAccounts.map((a) => normalizeAnyAccount(a)?.value).filter((v): v is string => v !== undefined),
  );
  const completion = createLoginCompletion({ members, measures: measureRows, sessions, clock, adminAccounts, audit });
  const accounts = createAccountLoginService({
    codes,
    limiter,
    members,
    hasher: createPasswordHasher(),
    completion,
    sessions,
    clock,
    audit,
  });
  const shared = { identities, members, completion, clock, oneTime };

  return {
    outbox,
    risk,
    onErase: (erase: (userId: string) => Promise<void>) => void erasers.push(erase),
    onBarred: (listener: (userId: string) => void) => void barredListeners.push(listener),
    repositories: { codes: codeRows, counters, hotCounters, measures: measureRows, sessions: sessionRows, oneTime },
    services: {
      sessions,
      member,
      accounts,
      codes,
      mobileLogin: createMobileLoginVerb(accounts, completion, readToken),
      captchas,
      google: createGoogleLoginService({
        ...shared,
        captchas,
        clientId: auth.google.clientId,
        jwksUrl: auth.google.jwksUrl,
      }),
      external: createExternalAccessService({ ...shared, partners: auth.externalPartners }),
      qr: createQrLoginService({
        tickets: createQrTicketRepository(db),
        members,
        completion,
        pubsub,
        clock,
        maxWaitMs: auth.qrPollWaitMs,
        publicOrigin: config.publicOrigin,
      }),
      measures: createMeasuresService({
        measures: measureRows,
        members,
        member,
        sessions,
        clock,
        audit,
        onBarred: barred,
      }),
      audit,
    },
    async close() {
      await codes.settled();
      await mailer.close();
    },
  };
}
export type AccountServices = ReturnType<typeof createAccountServices>;

function createSmsSender(config: Config['providers']['sms'], outbox: () => SmsSender): SmsSender {
  if (config.provider === 'aliyun') return createAliyunSms(config);
  if (config.provider === 'tencent') return createTencentSms(config);
  return outbox();
}

function createCaptchaProvider(config: Config['providers']['captcha']): CaptchaProvider {
  if (config.provider === 'tencent') return createTencentCaptcha(config);
  if (config.provider === 'geetest') return createGeetestCaptcha(config);
  return createImageCaptcha();
}
