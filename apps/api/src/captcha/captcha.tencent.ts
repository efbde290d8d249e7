import { callTencentCloud } from '../cloud/tencent-tc3.ts';
import type { CaptchaConfig } from '../config-providers.ts';
import { CaptchaProviderError, parseWidgetAnswer, type CaptchaProvider } from './captcha.ts';

type TencentCaptchaConfig = Extract<CaptchaConfig, { provider: 'tencent' }>;
const MARKER = 'widget:tencent';
/** CaptchaCode values that mean our CaptchaAppId or AppSecretKey is wrong, not the user's ticket. */
const OPERATOR_CODES = new Set([16, 100]);

/**
 * Tencent Captcha: the page's TencentCaptcha widget answers {ticket, randstr}; the server asks
 * DescribeCaptchaResult (captcha 2019-07-22, TC3-signed) with the user's address. CaptchaCode 1 passes.
 */
export function createTencentCaptcha(config: TencentCaptchaConfig, timeoutMs = 5_000): CaptchaProvider {
  return {
    name: 'tencent',
    appId: config.appId,
    challenge: async () => ({ image: '', stored: MARKER, answer: null }),
    async passes(answer, stored, userIp) {
      const widget = parseWidgetAnswer(answer);
      if (stored !== MARKER || !widget?.ticket || !widget.randstr) return false;
      let result: { CaptchaCode: number; CaptchaMsg: string };
      try {
        result = await callTencentCloud({
          endpoint: config.endpoint,
          service: 'captcha',
          action: 'DescribeCaptchaResult',
          version: '2019-07-22',
          secretId: config.secretId,
          secretKey: config.secretKey,
          timeoutMs,
          body: {
            CaptchaType: 9,
            Ticket: widget.ticket,
            UserIp: userIp,
            Randstr: widget.randstr,
            CaptchaAppId: Number(config.appId),
            AppSecretKey: config.appSecretKey,
          },
        });
      } catch (error) {
        throw new CaptchaProviderError('Tencent Captcha could not check the ticket', { cause: error });
      }
      if (OPERATOR_CODES.has(result.CaptchaCode)) {
        throw new CaptchaProviderError(`Tencent Captcha refused our keys: ${result.CaptchaCode} ${result.CaptchaMsg}`);
      }
      return result.CaptchaCode === 1;
    },
  };
}
