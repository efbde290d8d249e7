import { z } from 'zod';

/**
 * The SMS provider and the captcha provider (decision 0025), parsed with the rest in config.ts (the only reader of
 * process.env); every variable is in .env.example. The outbox and the built-in image captcha are the defaults.
 */
const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const url = (fallback: string) => z.preprocess(emptyToUndefined, z.string().url().default(fallback));
const int = (fallback: number, min: number, max: number) =>
  z.preprocess(emptyToUndefined, z.coerce.number().int().min(min).max(max).default(fallback));

/** What an SMS template's variables may be filled with, in the template's order. */
export const SMS_TEMPLATE_VALUES = ['code', 'minutes'] as const;
export type SmsTemplateValue = (typeof SMS_TEMPLATE_VALUES)[number];

export const providersEnv = {
  SMS_PROVIDER: z.preprocess(emptyToUndefined, z.enum(['outbox', 'aliyun', 'tencent']).default('outbox')),
  SMS_SIGN_NAME: optionalString,
  SMS_TEMPLATE_ID: optionalString,
  SMS_TEMPLATE_PARAMS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .default('code')
      .transform((v) => v.split(',').map((s) => s.trim()))
      .pipe(z.array(z.enum(SMS_TEMPLATE_VALUES)).min(1).max(2)),
  ),
  SMS_TIMEOUT_MS: int(5_000, 500, 30_000),
  ALIYUN_ACCESS_KEY_ID: optionalString,
  ALIYUN_ACCESS_KEY_SECRET: optionalString,
  SMS_ALIYUN_ENDPOINT: url('https://dysmsapi.aliyuncs.com'),
  SMS_ALIYUN_REGION: z.preprocess(emptyToUndefined, z.string().default('cn-hangzhou')),
  TENCENT_SECRET_ID: optionalString,
  TENCENT_SECRET_KEY: optionalString,
  SMS_TENCENT_APP_ID: optionalString,
  SMS_TENCENT_REGION: z.preprocess(emptyToUndefined, z.string().default('ap-guangzhou')),
  SMS_TENCENT_ENDPOINT: url('https://sms.tencentcloudapi.com'),
  CAPTCHA_PROVIDER: z.preprocess(emptyToUndefined, z.enum(['builtin', 'tencent', 'geetest']).default('builtin')),
  CODE_SENDS_WITHOUT_CAPTCHA_PER_IP: int(2, 0, 100_000),
  CAPTCHAS_PER_IP_PER_HOUR: int(300, 1, 1_000_000),
  CAPTCHA_TENCENT_APP_ID: z.preprocess(emptyToUndefined, z.string().regex(/^\d+$/, 'must be digits').optional()),
  CAPTCHA_TENCENT_APP_SECRET_KEY: optionalString,
  CAPTCHA_TENCENT_ENDPOINT: url('https://captcha.tencentcloudapi.com'),
  CAPTCHA_GEETEST_ID: optionalString,
  CAPTCHA_GEETEST_KEY: optionalString,
  CAPTCHA_GEETEST_ENDPOINT: url('https://gcaptcha4.geetest.com'),
};

type ProvidersEnv = z.infer<z.ZodObject<typeof providersEnv>>;

interface SmsTemplate {
  signName: string;
  templateId: string;
  /** The template's variables in order: Aliyun gets them by name, Tencent by position. */
  params: SmsTemplateValue[];
  timeoutMs: number;
}
export type SmsConfig =
  | { provider: 'outbox' }
  | ({
      provider: 'aliyun';
      accessKeyId: string;
      accessKeySecret: string;
      endpoint: string;
      region: string;
    } & SmsTemplate)
  | ({
      provider: 'tencent';
      secretId: string;
      secretKey: string;
      appId: string;
      endpoint: string;
      region: string;
    } & SmsTemplate);

export type CaptchaConfig =
  | { provider: 'builtin' }
  | { provider: 'tencent'; secretId: string; secretKey: string; appId: string; appSecretKey: string; endpoint: string }
  | { provider: 'geetest'; captchaId: string; captchaKey: string; endpoint: string };

export interface ProvidersConfig {
  sms: SmsConfig;
  captcha: CaptchaConfig;
  /** Code sends a client address may make in an hour before each further send needs a captcha. */
  sendsWithoutCaptchaPerIp: number;
  /** Captchas a client address may draw in an hour; past it, the high-traffic message. */
  captchasPerIpPerHour: number;
}

/** The providers' configuration, or the variables the chosen providers need and lack. */
export function readProvidersConfig(e: ProvidersEnv): ProvidersConfig | { missing: string[] } {
  const missing: string[] = [];
  const need = (name: keyof ProvidersEnv, why: string): string => {
    const value = e[name];
    if (typeof value !== 'string' || !value) missing.push(`${name}: required when ${why}`);
    return typeof value === 'string' ? value : '';
  };
  const template = () => ({
    signName: need('SMS_SIGN_NAME', `SMS_PROVIDER is ${e.SMS_PROVIDER}`),
    templateId: need('SMS_TEMPLATE_ID', `SMS_PROVIDER is ${e.SMS_PROVIDER}`),
    params: e.SMS_TEMPLATE_PARAMS,
    timeoutMs: e.SMS_TIMEOUT_MS,
  });

  let sms: SmsConfig = { provider: 'outbox' };
  if (e.SMS_PROVIDER === 'aliyun') {
    sms = {
      provider: 'aliyun',
      accessKeyId: need('ALIYUN_ACCESS_KEY_ID', 'SMS_PROVIDER is aliyun'),
      accessKeySecret: need('ALIYUN_ACCESS_KEY_SECRET', 'SMS_PROVIDER is aliyun'),
      endpoint: e.SMS_ALIYUN_ENDPOINT,
      region: e.SMS_ALIYUN_REGION,
      ...template(),
    };
  } else if (e.SMS_PROVIDER === 'tencent') {
    sms = {
      provider: 'tencent',
      secretId: need('TENCENT_SECRET_ID', 'SMS_PROVIDER is tencent'),
      secretKey: need('TENCENT_SECRET_KEY', 'SMS_PROVIDER is tencent'),
      appId: need('SMS_TENCENT_APP_ID', 'SMS_PROVIDER is tencent'),
      endpoint: e.SMS_TENCENT_ENDPOINT,
      region: e.SMS_TENCENT_REGION,
      ...template(),
    };
  }

  let captcha: CaptchaConfig = { provider: 'builtin' };
  if (e.CAPTCHA_PROVIDER === 'tencent') {
    captcha = {
      provider: 'tencent',
      secretId: need('TENCENT_SECRET_ID', 'CAPTCHA_PROVIDER is tencent'),
      secretKey: need('TENCENT_SECRET_KEY', 'CAPTCHA_PROVIDER is tencent'),
      appId: need('CAPTCHA_TENCENT_APP_ID', 'CAPTCHA_PROVIDER is tencent'),
      appSecretKey: need('CAPTCHA_TENCENT_APP_SECRET_KEY', 'CAPTCHA_PROVIDER is tencent'),
      endpoint: e.CAPTCHA_TENCENT_ENDPOINT,
    };
  } else if (e.CAPTCHA_PROVIDER === 'geetest') {
    captcha = {
      provider: 'geetest',
      captchaId: need('CAPTCHA_GEETEST_ID', 'CAPTCHA_PROVIDER is geetest'),
      captchaKey: need('CAPTCHA_GEETEST_KEY', 'CAPTCHA_PROVIDER is geetest'),
      endpoint: e.CAPTCHA_GEETEST_ENDPOINT,
    };
  }
  if (missing.length > 0) return { missing: [...new Set(missing)] };
  return {
    sms,
    captcha,
    sendsWithoutCaptchaPerIp: e.CODE_SENDS_WITHOUT_CAPTCHA_PER_IP,
    captchasPerIpPerHour: e.CAPTCHAS_PER_IP_PER_HOUR,
  };
}
