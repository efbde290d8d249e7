import { createHash, timingSafeEqual } from 'node:crypto';
import type { CaptchaProviderName } from '@bible-qa/contract';
import { drawImageCaptcha, normalizeCaptchaAnswer } from './image-captcha.ts';

/**
 * The captcha port. A challenge is what the server keeps for one captcha key: for the built-in image, the hash of
 * its answer; for a provider whose widget draws the puzzle in the page (Tencent Captcha, GeeTest), a marker, and
 * the answer is the widget's ticket, checked with the provider from the server.
 */
export interface CaptchaProvider {
  readonly name: CaptchaProviderName;
  /** The provider's public id the page's widget needs (Tencent CaptchaAppId, GeeTest captcha_id). */
  readonly appId: string | null;
  /** A new challenge: the image to show (empty for a widget) and what to store. */
  challenge(): Promise<{ image: string; stored: string; answer: string | null }>;
  /**
   * Whether `answer` passes the stored challenge. A provider that cannot be asked, or refuses our keys, throws a
   * CaptchaProviderError (an operator fault): that is not the user's wrong answer.
   */
  passes(answer: string, stored: string, userIp: string): Promise<boolean>;
}

export class CaptchaProviderError extends Error {
  override name = 'CaptchaProviderError';
}

const answerHash = (answer: string) => createHash('sha256').update(normalizeCaptchaAnswer(answer)).digest('hex');

export function createImageCaptcha(): CaptchaProvider {
  return {
    name: 'builtin',
    appId: null,
    async challenge() {
      const { answer, image } = await drawImageCaptcha();
      return { image, stored: answerHash(answer), answer };
    },
    async passes(answer, stored) {
      const given = Buffer.from(answerHash(answer), 'hex');
      const kept = Buffer.from(stored, 'hex');
      return given.length === kept.length && kept.length > 0 && timingSafeEqual(given, kept);
    },
  };
}

/** The widget's answer as the page sends it: a JSON object of strings, or null when it is not one. */
export function parseWidgetAnswer(answer: string): Record<string, string> | null {
  try {
    const value = JSON.parse(answer) as unknown;
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
    const entries = Object.entries(value);
    return entries.every(([, v]) => typeof v === 'string')
      ? (Object.fromEntries(entries) as Record<string, string>)
      : null;
  } catch {
    return null;
  }
}
