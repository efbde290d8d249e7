import { createHash, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
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
  perAccountPerHour: number;
  perIpPerHour: number;
  perRegionPerHour: number;
  /** Sends an address may make in an hour before each further send needs a captcha. */
  withoutCaptchaPerIp: number;
}

const codeHash = (id: string, code: string) => createHash('sha256').update(`${id}:${code}`).digest();

/** 6 digits from the CSPRNG. */
export const randomCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/**
 * Verification codes (spec §5, §9): 6 digits, 5 minutes, single use, bound to one account (normalised phone or
 * address) and one purpose; a resend ends the previous code. All four send-code paths and every purpose share one
 * resend wait and one hourly cap per account, besides the per-IP and global caps.
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
  generate?: () => string;
}) {
  const { codes, counters, limiter, clock, limits } = deps;
  const generate = deps.generate ?? randomCode;
  const deliveries = new Set<Promise<void>>();

  /** Delivery runs after the answer, so a slow provider times neither known nor unknown accounts. */
  function deliverLater(channel: AccountMode, to: string, code: string, locale: Locale): void {
    const delivery = deliver(channel, to, code, locale)
      .catch((error: unknown) => {
        deps.log.error({ err: error, channel }, 'verification code delivery failed');
      })
      .finally(() => deliveries.delete(delivery));
    deliveries.add(delivery);
  }

  /**
   * A login code by SMS is delivered before the answer (every number gets one, account or not, so the wait tells
   * nothing), so the provider's refusal reaches the user: its per-number limit as too frequent, a bad number as
   * such, and our own configuration or an outage as the system message, logged as the operator's fault.
   */
  async function deliverNow(to: string, code: string, locale: Locale, gapKey: string): Promise<void> {
    try {
      await deliver('mobile', to, code, locale);
    } catch (error) {
      const refusal = asDeliveryError(error);
      if (refusal.fault === 'throttled') {
        deps.log.warn({ sms: refusal.providerCode }, 'SMS provider throttled a number');
        throw new AppError('code_send_too_frequent', [], { cause: error });
      }
      // Not the user's doing: let them ask again at once.
      await counters.reset([gapKey]);
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
  async function checkCaptcha(ip: string, key: string | undefined, answer: string | undefined): Promise<void> {
    if (key && answer) return deps.captchas.pass('code', key, answer, ip);
    const sent = await counters.peek(`send:ip:${ip}`, HOUR, clock.now());
    if (sent.count >= limits.withoutCaptchaPerIp) throw new AppError('code_captcha_required');
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

  async function takeSendSlot(channel: AccountMode, identifier: string, ip: string): Promise<void> {
    const now = clock.now();
    const id = accountKey(channel, identifier);
    if ((await counters.hit(`send:gap:${id}`, limits.resendIntervalMs, now)).count > 1) {
      throw new AppError('code_send_too_frequent');
    }
    if ((await counters.hit(`send:h:${id}`, HOUR, now)).count > limits.perAccountPerHour) {
      throw new AppError('code_send_too_frequent');
    }
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
      if (input.purpose === 'set_password') {
        if (!input.userId) throw new AppError('unauthorized');
        const user = await deps.members.findById(input.userId);
        const own = input.channel === 'mobile' ? user?.phone : user?.email;
        if (own !== identifier) throw new AppError('contact_missing');
      } else {
        // Nothing goes to an unknown account asking for a reset, nor to a suspended one; the
        // answer is the same, so it tells nobody which accounts exist or are suspended.
        const user = await deps.members.findByAccount(input.channel, identifier);
        if (user ? await deps.isBarred(user.id) : input.purpose === 'reset_password') deliverTo = null;
      }
      await checkCaptcha(input.ip, input.captchaKey, input.captcha);
      await takeSendSlot(input.channel, identifier, input.ip);
      await limiter.codeRequested(input.channel, identifier, input.ip);
      const now = clock.now();
      const code = generate();
      const id = randomUUID();
      await codes.replace(
        { channel: input.channel, identifier, purpose: input.purpose },
        {
          id,
          codeHash: codeHash(id, code).toString('hex'),
          expiresAt: new Date(now.getTime() + VERIFICATION_CODE_TTL_MS),
        },
        now,
      );
      if (deliverTo && input.channel === 'mobile' && input.purpose === 'login') {
        await deliverNow(deliverTo, code, input.locale, `send:gap:${accountKey(input.channel, identifier)}`);
      } else if (deliverTo) {
        deliverLater(input.channel, deliverTo, code, input.locale);
      }
      return { resendAfterSeconds: Math.ceil(limits.resendIntervalMs / 1000) };
    },

    /**
     * Checks a code for an account (normalised) and purpose, and uses it up. Every failure is the same
     * code_invalid, except a code never requested (code_not_requested) and a locked account (too_many_attempts).
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
      await limiter.attempt({ channel, identifier, ip: input.ip, code: true }, async () => {
        const now = clock.now();
        const attempt = await codes.takeAttempt(key, limits.maxAttempts, now);
        if (!attempt) {
          throw new AppError((await codes.exists(key)) ? 'code_invalid' : 'code_not_requested');
        }
        // Only the canonical form: six ASCII digits, no spaces, no full-width digits.
        const right =
          /^[0-9]{6}$/.test(input.code) &&
          timingSafeEqual(codeHash(attempt.id, input.code), Buffer.from(attempt.codeHash, 'hex'));
        if (!right || !(await codes.consume(attempt.id, now))) throw new AppError('code_invalid');
      });
    },
  };
}
export type VerificationCodeService = ReturnType<typeof createVerificationCodeService>;
