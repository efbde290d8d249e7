import { createHash, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  VERIFICATION_CODE_TTL_MS,
  noticeMessage,
  type AccountMode,
  type CodePurpose,
  type Locale,
  type SendCodeResult,
} from '@bible-qa/contract';
import type { Logger } from 'pino';
import { AppError } from '../../http/app-error.ts';
import type { Mailer } from '../../messaging/mailer.ts';
import { asDeliveryError, type SmsSender } from '../../messaging/sms.ts';
import type { CounterStore } from '../../rate-limit/counter-store.ts';
import type { AuditRecorder } from '../audit/audit.service.ts';
import type { MemberRepository } from '../member/member.repository.ts';
import { accountKey, type AttemptLimiter } from './attempt-limiter.ts';
import type { Clock } from './auth-session.service.ts';
import type { CaptchaService } from './captcha.service.ts';
import { normalizeAccount } from './identifiers.ts';
import type { VerificationCodeRepository } from './verification-code.repository.ts';

const HOUR = 3_600_000;

export interface CodeLimits {
  maxAttempts: number;
  resendIntervalMs: number;
  /** The ceiling of sends to one account an hour, from every address together (others can spend it). */
  perAccountPerHour: number;
  /** Sends to one account an hour from one address (nobody else can spend these). */
  perAccountPerIpPerHour: number;
  perIpPerHour: number;
  perRegionPerHour: number;
  /** Sends an address may make in an hour before each further send needs a captcha. */
  withoutCaptchaPerIp: number;
}

/** Codes that go only to the caller's own phone or address (the caller is logged in). */
const OWN_CONTACT_PURPOSES = new Set<CodePurpose>(['set_password', 'deregister']);

const codeHash = (id: string, code: string) => createHash('sha256').update(`${id}:${code}`).digest();

/** What a guess is compared with when there is no live code (its hash matches no guess). */
const NO_CODE = { id: randomUUID(), hash: createHash('sha256').update(randomUUID()).digest() };

/** 6 digits from the CSPRNG. */
export const randomCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** Deliveries remembered to time a login send that delivers nothing (a barred number) like one that delivers. */
const PACE_SAMPLES = 64;
/** Before any delivery was timed: about a provider's round trip. */
const PACE_UNKNOWN_MS = 300;

/**
 * How long login SMS deliveries take: the last PACE_SAMPLES, and one of them at random for a send that delivers
 * nothing, so its wait has the same spread as a delivery's (a fixed wait would stand out by its steadiness).
 */
export function createDeliveryPace(random: () => number = Math.random) {
  const samples: number[] = [];
  let next = 0;
  return {
    record(ms: number): void {
      samples[next] = ms;
      next = (next + 1) % PACE_SAMPLES;
    },
    typical(): number {
      return samples.length ? samples[Math.floor(random() * samples.length)]! : PACE_UNKNOWN_MS;
    },
  };
}

/** An account and the address asking about it, as one key: a digest, so no address is kept. */
const pairOf = (account: string, ip: string) =>
  createHash('sha256').update(`${account}:${ip}`).digest('base64url').slice(0, 22);

/**
 * Verification codes (spec §5, §9): 6 digits, 5 minutes, single use, bound to one account (normalised phone or
 * address) and one purpose; a resend from the same address ends the previous code. All four send-code paths and
 * every purpose share the waits and caps below, besides the per-IP and per-region caps.
 *
 * Nobody can keep the owner from their codes (issue 25): each address has its own resend wait and hourly budget on an
 * account (`perAccountPerIpPerHour`), which only it spends; the account's own wait and hourly ceiling, which anyone
 * can spend, never shut out an address that has not asked for this account this hour: it is asked for a captcha
 * instead, and goes through. A code asked from elsewhere does not end the owner's, and a guess is compared with the
 * code asked from its own address when there is one.
 */
export function createVerificationCodeService(deps: {
  codes: VerificationCodeRepository;
  counters: CounterStore;
  limiter: AttemptLimiter;
  members: MemberRepository;
  mailer: Mailer;
  sms: SmsSender;
  captchas: Pick<CaptchaService, 'pass'>;
  clock: Clock;
  limits: CodeLimits;
  smsCountryCodes: readonly string[];
  log: Pick<Logger, 'error' | 'warn'>;
  /** Whether a measure (a suspension) bars the account from receiving codes. */
  isBarred: (userId: string) => Promise<boolean>;
  /** Where a code asked for an existing account is recorded (the owner is told of those asked from elsewhere). */
  audit?: AuditRecorder;
  generate?: () => string;
}) {
  const { codes, counters, limiter, clock, limits } = deps;
  const generate = deps.generate ?? randomCode;
  const deliveries = new Set<Promise<void>>();
  const pace = createDeliveryPace();

  /** Work that runs after the answer, waited for before the mailer closes (settled()). */
  function track(work: Promise<void>, failure = 'work after a code send failed', fields: object = {}): void {
    const tracked = work
      .catch((error: unknown) => deps.log.error({ err: error, ...fields }, failure))
      .finally(() => deliveries.delete(tracked));
    deliveries.add(tracked);
  }

  /** Delivery runs after the answer, so a slow provider times neither known nor unknown accounts. */
  function deliverLater(channel: AccountMode, to: string, code: string, locale: Locale): void {
    track(deliver(channel, to, code, locale), 'verification code delivery failed', { channel });
  }

  /**
   * A login code by SMS is delivered before the answer (every number gets one, account or not, so the wait tells
   * nothing), so the provider's refusal reaches the user: its per-number limit as too frequent, a bad number as
   * such, and our own configuration or an outage as the system message, logged as the operator's fault.
   */
  async function deliverNow(to: string, code: string, locale: Locale, gapKeys: string[]): Promise<void> {
    const started = performance.now();
    try {
      await deliver('mobile', to, code, locale);
      pace.record(performance.now() - started);
    } catch (error) {
      pace.record(performance.now() - started);
      const refusal = asDeliveryError(error);
      if (refusal.fault === 'throttled') {
        deps.log.warn({ sms: refusal.providerCode }, 'SMS provider throttled a number');
        throw new AppError('code_send_too_frequent', [], { cause: error });
      }
      // Not the user's doing: let them ask again at once.
      await counters.reset(gapKeys);
      if (refusal.fault === 'invalid_number') throw new AppError('invalid_phone', [], { cause: error });
      deps.log.error(
        { err: error, sms: refusal.providerCode, fault: refusal.fault === 'operator' ? 'operator' : 'provider' },
        refusal.fault === 'operator' ? 'SMS provider refused our request: operator fault' : 'SMS provider unavailable',
      );
      throw new AppError('internal_error', [], { cause: error });
    }
  }

  /**
   * After the first send from an address in an hour, each send needs a captcha (SMS pumping runs from many
   * numbers, so only the address can be asked). A captcha given is checked and used up whatever the count.
   */
  async function checkCaptcha(ip: string, key: string | undefined, answer: string | undefined): Promise<boolean> {
    if (key && answer) {
      await deps.captchas.pass('code', key, answer, ip);
      return true;
    }
    const sent = await counters.peek(`send:ip:${ip}`, HOUR, clock.now());
    if (sent.count >= limits.withoutCaptchaPerIp) throw new AppError('code_captcha_required');
    return false;
  }

  function normalize(channel: AccountMode, raw: string): string {
    const value = normalizeAccount(channel, raw);
    if (!value) throw new AppError(channel === 'mobile' ? 'invalid_phone' : 'invalid_email');
    return value;
  }

  function regionOf(channel: AccountMode, identifier: string): string {
    if (channel === 'mail') return 'mail';
    return deps.smsCountryCodes.find((cc) => identifier.startsWith(`+${cc}`)) ?? 'other';
  }

  /** The counter keys of one send: the account's (anyone's), and the account's from this address (its own). */
  function sendKeys(channel: AccountMode, identifier: string, ip: string) {
    const id = accountKey(channel, identifier);
    const pair = pairOf(id, ip);
    return {
      pair,
      accountGap: `send:gap:${id}`,
      accountHour: `send:h:${id}`,
      gap: `send:gap:at:${pair}`,
      hour: `send:h:at:${pair}`,
    };
  }

  async function takeSendSlot(
    channel: AccountMode,
    identifier: string,
    ip: string,
    captchaPassed: boolean,
  ): Promise<void> {
    const now = clock.now();
    const keys = sendKeys(channel, identifier, ip);
    const wait = limits.resendIntervalMs;
    // The account's wait and ceiling, spent by anyone, are no reason to refuse an address that has not asked for
    // this account this hour: it needs a captcha then, and goes through with one.
    const [accountGap, accountHour, own] = await Promise.all([
      counters.peek(keys.accountGap, wait, now),
      counters.peek(keys.accountHour, HOUR, now),
      counters.peek(keys.hour, HOUR, now),
    ]);
    if (accountGap.count > 0 || accountHour.count >= limits.perAccountPerHour) {
      if (own.count > 0) throw new AppError('code_send_too_frequent');
      if (!captchaPassed) throw new AppError('code_captcha_required');
    }
    if ((await counters.hit(keys.gap, wait, now)).count > 1) throw new AppError('code_send_too_frequent');
    if ((await counters.hit(keys.hour, HOUR, now)).count > limits.perAccountPerIpPerHour) {
      throw new AppError('code_send_too_frequent');
    }
    await counters.hit(keys.accountGap, wait, now);
    await counters.hit(keys.accountHour, HOUR, now);
    if ((await counters.hit(`send:ip:${ip}`, HOUR, now)).count > limits.perIpPerHour) {
      throw new AppError('code_send_too_frequent');
    }
    // A pumping run against one region's numbers degrades that region only, never everyone's logins.
    if (
      (await counters.hit(`send:region:${regionOf(channel, identifier)}`, HOUR, now)).count > limits.perRegionPerHour
    ) {
      throw new AppError('high_traffic');
    }
  }

  async function deliver(channel: AccountMode, to: string, code: string, locale: Locale): Promise<void> {
    const minutes = String(VERIFICATION_CODE_TTL_MS / 60_000);
    const text = noticeMessage('verification_code_text', locale, [code, minutes]);
    if (channel === 'mobile') await deps.sms.send({ to, text, code, minutes: Number(minutes) });
    else await deps.mailer.send({ to, subject: noticeMessage('verification_code_subject', locale), text });
  }

  return {
    normalize,

    /** Resolves once every delivery under way has ended (before the mailer closes). */
    async settled(): Promise<void> {
      await Promise.all([...deliveries]);
    },

    /**
     * Sends a code. For reset_password to an unknown account nothing is delivered but the answer is the same, and
     * as soon (delivery runs after the answer), so the call tells nobody which accounts exist. set_password codes go only to the caller's own phone or address.
     */
    async send(input: {
      channel: AccountMode;
      account: string;
      purpose: CodePurpose;
      ip: string;
      locale: Locale;
      userId?: string;
      /** A captcha's key and answer, needed after the address's first send (code_captcha_required). */
      captchaKey?: string;
      captcha?: string;
    }): Promise<SendCodeResult> {
      const identifier = normalize(input.channel, input.account);
      if (input.channel === 'mobile' && !deps.smsCountryCodes.some((cc) => identifier.startsWith(`+${cc}`))) {
        throw new AppError('phone_region_unsupported');
      }
      let deliverTo: string | null = identifier;
      let accountId: string | undefined;
      if (OWN_CONTACT_PURPOSES.has(input.purpose)) {
        if (!input.userId) throw new AppError('unauthorized');
        const user = await deps.members.findById(input.userId);
        const own = input.channel === 'mobile' ? user?.phone : user?.email;
        if (own !== identifier) throw new AppError('contact_missing');
      } else {
        // Nothing goes to an unknown account asking for a reset, nor to a suspended one; the
        // answer is the same, so it tells nobody which accounts exist or are suspended.
        const user = await deps.members.findByAccount(input.channel, identifier);
        accountId = user?.id;
        if (user ? await deps.isBarred(user.id) : input.purpose === 'reset_password') deliverTo = null;
      }
      // A logged-in caller's code to their own phone or address pumps nobody else's number: no captcha.
      const captchaPassed = OWN_CONTACT_PURPOSES.has(input.purpose)
        ? true
        : await checkCaptcha(input.ip, input.captchaKey, input.captcha);
      await takeSendSlot(input.channel, identifier, input.ip, captchaPassed);
      await limiter.codeRequested(input.channel, identifier, input.ip);
      // The owner is told, after they log in, of codes asked for their account from other addresses. Written after
      // the answer, like a delivery: a known account's answer must not come later than an unknown one's.
      if (accountId && deps.audit) {
        const { audit } = deps;
        const entry = { channel: input.channel, purpose: input.purpose };
        track(audit.record({ kind: 'code_requested', targetUserId: accountId, ip: input.ip, detail: entry }));
      }
      const now = clock.now();
      const code = generate();
      const id = randomUUID();
      const keys = sendKeys(input.channel, identifier, input.ip);
      await codes.replace(
        { channel: input.channel, identifier, purpose: input.purpose },
        {
          id,
          codeHash: codeHash(id, code).toString('hex'),
          expiresAt: new Date(now.getTime() + VERIFICATION_CODE_TTL_MS),
          requestedFrom: keys.pair,
        },
        now,
      );
      if (input.channel === 'mobile' && input.purpose === 'login') {
        // A barred number gets nothing, after as long a wait as a delivery: the time tells nobody it is barred.
        if (deliverTo) await deliverNow(deliverTo, code, input.locale, [keys.gap, keys.accountGap]);
        else await sleep(pace.typical());
      } else if (deliverTo) {
        deliverLater(input.channel, deliverTo, code, input.locale);
      }
      return { resendAfterSeconds: Math.ceil(limits.resendIntervalMs / 1000) };
    },

    /**
     * Checks a code for an account (normalised) and purpose, and uses it up. Every failure is the one code_invalid,
     * after the same work: a code never requested, wrong, expired, used, out of tries, or the account locked
     * (attempt-limiter.ts); only the canonical six ASCII digits can match.
     */
    async verify(input: {
      channel: AccountMode;
      identifier: string;
      purpose: CodePurpose;
      code: string;
      ip: string;
    }): Promise<void> {
      const { channel, identifier, purpose } = input;
      const key = { channel, identifier, purpose };
      await limiter.attempt({ channel, identifier, ip: input.ip, path: `code:${purpose}` }, async () => {
        const now = clock.now();
        const from = pairOf(accountKey(channel, identifier), input.ip);
        const attempt = await codes.takeAttempt(key, limits.maxAttempts, now, from);
        // Hashed and compared whether or not there was a code to guess, so no answer comes sooner.
        const canonical = /^[0-9]{6}$/.test(input.code);
        const given = codeHash(attempt?.id ?? NO_CODE.id, canonical ? input.code : '');
        const same = timingSafeEqual(given, attempt ? Buffer.from(attempt.codeHash, 'hex') : NO_CODE.hash);
        if (!attempt || !canonical || !same || !(await codes.consume(attempt.id, now))) {
          throw new AppError('code_invalid');
        }
      });
    },
  };
}
export type VerificationCodeService = ReturnType<typeof createVerificationCodeService>;
