import { randomUUID } from 'node:crypto';
import { aliyunRpcSignature, aliyunTimestamp } from '../cloud/aliyun-rpc.ts';
import type { SmsConfig } from '../config-providers.ts';
import { asDeliveryError, SmsDeliveryError, type SmsFault, type SmsSender } from './sms.ts';

type AliyunSmsConfig = Extract<SmsConfig, { provider: 'aliyun' }>;

/** dysmsapi's answer codes (SendSms "error codes") that are not the operator's to fix. */
const FAULTS: Record<string, SmsFault> = {
  'isv.BUSINESS_LIMIT_CONTROL': 'throttled',
  'isv.DAY_LIMIT_CONTROL': 'throttled',
  'isv.MINUTE_LIMIT_CONTROL': 'throttled',
  Throttling: 'throttled',
  'Throttling.User': 'throttled',
  'isv.MOBILE_NUMBER_ILLEGAL': 'invalid_number',
  'isv.BLACK_KEY_CONTROL_LIMIT': 'invalid_number',
  'isp.SYSTEM_ERROR': 'unavailable',
  'isp.GATEWAY_ERROR': 'unavailable',
  ServiceUnavailable: 'unavailable',
};

/** Mainland numbers go without the country code, the others as country code + number (no +). */
const phoneNumber = (e164: string) => (e164.startsWith('+86') ? e164.slice(3) : e164.slice(1));

/**
 * Alibaba Cloud SMS (dysmsapi 2017-05-25 SendSms), one RPC-style call signed with HMAC-SHA1, parameters in a
 * form body. The template's variables are sent by name: {"code":"123456"} (and "minutes" when configured).
 */
export function createAliyunSms(config: AliyunSmsConfig): SmsSender {
  return {
    async send(sms) {
      const values = { code: sms.code, minutes: String(sms.minutes) };
      const params: Record<string, string> = {
        AccessKeyId: config.accessKeyId,
        Action: 'SendSms',
        Format: 'JSON',
        PhoneNumbers: phoneNumber(sms.to),
        RegionId: config.region,
        SignName: config.signName,
        SignatureMethod: 'HMAC-SHA1',
        SignatureNonce: randomUUID(),
        SignatureVersion: '1.0',
        TemplateCode: config.templateId,
        TemplateParam: JSON.stringify(Object.fromEntries(config.params.map((name) => [name, values[name]]))),
        Timestamp: aliyunTimestamp(new Date()),
        Version: '2017-05-25',
      };
      params.Signature = aliyunRpcSignature('POST', params, config.accessKeySecret);
      let answer: { Code?: string; Message?: string };
      try {
        const res = await fetch(config.endpoint, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(params).toString(),
          signal: AbortSignal.timeout(config.timeoutMs),
        });
        answer = (await res.json()) as typeof answer;
        if (!answer.Code) throw new Error(`dysmsapi answered HTTP ${res.status} without a code`);
      } catch (error) {
        throw asDeliveryError(error);
      }
      if (answer.Code === 'OK') return;
      throw new SmsDeliveryError(FAULTS[answer.Code] ?? 'operator', answer.Code, answer.Message ?? '');
    },
  };
}
