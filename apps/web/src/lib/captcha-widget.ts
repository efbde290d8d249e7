import type { CaptchaProviderName, CaptchaWidgetAnswer } from '@bible-qa/contract';

/**
 * The captcha providers whose puzzle runs in the page (Tencent Captcha, GeeTest v4): their script is loaded once,
 * only when the server names that provider, and the solved puzzle's answer goes to the server as JSON in `captcha`,
 * which checks it with the provider. The server's content security policy allows these origins for that provider.
 */
export const WIDGET_SCRIPTS = {
  tencent: 'https://turing.captcha.qcloud.com/TCaptcha.js',
  geetest: 'https://static.geetest.com/v4/gt4.js',
} as const;
export type WidgetProvider = Exclude<CaptchaProviderName, 'builtin'>;

interface TencentCaptchaResult {
  ret: number;
  ticket?: string;
  randstr?: string;
}
interface GeetestCaptcha {
  onReady(fn: () => void): GeetestCaptcha;
  onSuccess(fn: () => void): GeetestCaptcha;
  onError(fn: (error: unknown) => void): GeetestCaptcha;
  onClose(fn: () => void): GeetestCaptcha;
  showCaptcha(): void;
  getValidate(): { lot_number: string; captcha_output: string; pass_token: string; gen_time: string } | false;
}

declare global {
  interface Window {
    TencentCaptcha?: new (
      appId: string,
      callback: (result: TencentCaptchaResult) => void,
      options?: { userLanguage?: string },
    ) => { show(): void };
    initGeetest4?: (
      config: { captchaId: string; product: 'bind'; language?: string },
      ready: (captcha: GeetestCaptcha) => void,
    ) => void;
  }
}

const loading = new Map<WidgetProvider, Promise<void>>();
const present = (provider: WidgetProvider) =>
  provider === 'tencent' ? Boolean(window.TencentCaptcha) : Boolean(window.initGeetest4);

function loadScript(provider: WidgetProvider): Promise<void> {
  if (present(provider)) return Promise.resolve();
  let pending = loading.get(provider);
  if (!pending) {
    pending = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = WIDGET_SCRIPTS[provider];
      script.async = true;
      script.onload = () => (present(provider) ? resolve() : reject(new Error(`${provider} loaded without its API`)));
      script.onerror = () => {
        loading.delete(provider);
        script.remove();
        reject(new Error(`${provider} captcha could not be loaded`));
      };
      document.head.append(script);
    });
    loading.set(provider, pending);
  }
  return pending;
}

/**
 * Shows the provider's puzzle and answers what the server needs as JSON, or null when the user closed it.
 * Rejects when the script cannot load or the widget fails.
 */
export async function solveCaptchaWidget(
  provider: WidgetProvider,
  appId: string,
  language: string,
): Promise<string | null> {
  await loadScript(provider);
  return new Promise<string | null>((resolve, reject) => {
    const answer = (value: CaptchaWidgetAnswer) => resolve(JSON.stringify(value));
    if (provider === 'tencent') {
      const Captcha = window.TencentCaptcha!;
      new Captcha(
        appId,
        (result) => {
          if (result.ret === 0 && result.ticket && result.randstr)
            answer({ ticket: result.ticket, randstr: result.randstr });
          else resolve(null);
        },
        { userLanguage: language.toLowerCase() },
      ).show();
      return;
    }
    window.initGeetest4!({ captchaId: appId, product: 'bind', language: language.toLowerCase() }, (captcha) => {
      captcha
        .onReady(() => captcha.showCaptcha())
        .onSuccess(() => {
          const result = captcha.getValidate();
          if (result) answer(result);
          else resolve(null);
        })
        .onClose(() => resolve(null))
        .onError((error) => reject(new Error(`GeeTest: ${JSON.stringify(error)}`)));
    });
  });
}
