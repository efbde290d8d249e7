import { createHmac } from 'node:crypto';
import type { CaptchaConfig } from '../config-providers.ts';
import { CaptchaProviderError, parseWidgetAnswer, type CaptchaProvider } from './captcha.ts';

type GeetestConfig = Extract<CaptchaConfig, { provider: 'geetest' }>;
const MARKER = 'widget:geetest';

/**
 * GeeTest v4: the page's widget answers lot_number, captcha_output, pass_token and gen_time; the server posts them
 * to /validate?captcha_id= with sign_token = hex HMAC-SHA256(captcha key, lot_number). result "success" passes;
 * status "error" (a wrong captcha id, a malformed call) is an operator fault.
 */
export function createGeetestCaptcha(config: GeetestConfig, timeoutMs = 5_000): CaptchaProvider {
  return {
    name: 'geetest',
    appId: config.captchaId,
    challenge: async () => ({ image: '', stored: MARKER, answer: null }),
    async passes(answer, stored) {
      const widget = parseWidgetAnswer(answer);
      const fields = ['lot_number', 'captcha_output', 'pass_token', 'gen_time'] as const;
      if (stored !== MARKER || !widget || fields.some((f) => !widget[f])) return false;
      const form = new URLSearchParams({
        ...Object.fromEntries(fields.map((f) => [f, widget[f]!])),
        sign_token: createHmac('sha256', config.captchaKey).update(widget.lot_number!).digest('hex'),
      });
      const url = new URL('/validate', config.endpoint);
      url.searchParams.set('captcha_id', config.captchaId);
      let result: { status?: string; result?: string; code?: string; msg?: string };
      try {
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: form.toString(),
          signal: AbortSignal.timeout(timeoutMs),
        });
        result = (await res.json()) as typeof result;
      } catch (error) {
        throw new CaptchaProviderError('GeeTest could not check the answer', { cause: error });
      }
      if (result.status !== 'success') {
        throw new CaptchaProviderError(`GeeTest refused the call: ${result.code ?? ''} ${result.msg ?? ''}`);
      }
      return result.result === 'success';
    },
  };
}
