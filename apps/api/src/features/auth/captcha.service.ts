import { createHash, randomBytes } from 'node:crypto';
import { CAPTCHA_TTL_MS, type Captcha } from '@bible-qa/contract';
import type { Logger } from 'pino';
import { CaptchaProviderError, type CaptchaProvider } from '../../captcha/captcha.ts';
import { AppError } from '../../http/app-error.ts';
import type { CounterStore } from '../../rate-limit/counter-store.ts';
import type { Clock } from './auth-session.service.ts';
import type { OneTimeRepository } from './one-time.repository.ts';

/** What a captcha is for: a Google login (it carries the attempt's nonce) or a code send. */
export type CaptchaScene = 'google' | 'code';
const PREFIX: Record<CaptchaScene, string> = { google: 'g', code: 'c' };

/**
 * The nonce a Google login attempt hands to Google Identity Services: derived from the captcha key, which only the
 * page that asked for it holds. An ID token carrying it is good only with that key, and the key works once.
 */
export const googleNonce = (key: string) =>
  createHash('sha256').update(`google-login-nonce:${key}`).digest('base64url');

/**
 * Captchas (decision 0025): one key per challenge, kept in the database (any server can check it), for one scene,
 * two minutes, used up by the first answer right or wrong. The provider draws the image or checks a widget's ticket.
 * `reveal` hands the answer of a drawn image to the development outbox (DEV_OUTBOX only).
 */
export function createCaptchaService({
  provider,
  oneTime,
  counters,
  perIpPerHour,
  clock,
  log,
  reveal,
}: {
  provider: CaptchaProvider;
  oneTime: OneTimeRepository;
  counters: CounterStore;
  /** Captchas one client address may draw in an hour (each image costs tens of milliseconds of CPU). */
  perIpPerHour: number;
  clock: Clock;
  log: Pick<Logger, 'error'>;
  reveal?: (key: string, answer: string) => void;
}) {
  return {
    async issue(scene: CaptchaScene, ip: string): Promise<Captcha> {
      const now = clock.now();
      if ((await counters.hit(`captcha:ip:${ip}`, 3_600_000, now)).count > perIpPerHour) {
        throw new AppError('high_traffic');
      }
      const { image, stored, answer } = await provider.challenge();
      const key = `${PREFIX[scene]}${randomBytes(18).toString('base64url')}`;
      await oneTime.insertCaptcha(key, stored, new Date(now.getTime() + CAPTCHA_TTL_MS), now);
      if (answer !== null) reveal?.(key, answer);
      return {
        key,
        captcha: image,
        expiresIn: CAPTCHA_TTL_MS / 1000,
        provider: provider.name,
        appId: provider.appId,
        nonce: scene === 'google' ? googleNonce(key) : null,
      };
    },

    /**
     * Uses the captcha up and checks the answer; captcha_invalid unless it passes. A provider that cannot be asked
     * is an operator fault: logged, and the user gets the system message.
     */
    async pass(scene: CaptchaScene, key: string, answer: string, userIp: string): Promise<void> {
      if (!key.startsWith(PREFIX[scene])) throw new AppError('captcha_invalid');
      const stored = await oneTime.consumeCaptcha(key, clock.now());
      if (stored === undefined) throw new AppError('captcha_invalid');
      let passed: boolean;
      try {
        passed = await provider.passes(answer, stored, userIp);
      } catch (error) {
        if (!(error instanceof CaptchaProviderError)) throw error;
        log.error({ err: error, captcha: provider.name, fault: 'operator' }, 'captcha provider fault');
        throw new AppError('internal_error', [], { cause: error });
      }
      if (!passed) throw new AppError('captcha_invalid');
    },
  };
}
export type CaptchaService = ReturnType<typeof createCaptchaService>;
