import { callTencentCloud, TencentCloudError } from '../cloud/tencent-tc3.ts';
import type { SmsConfig } from '../config-providers.ts';
import { asDeliveryError, SmsDeliveryError, type SmsFault, type SmsSender } from './sms.ts';

type TencentSmsConfig = Extract<SmsConfig, { provider: 'tencent' }>;

interface SendSmsResponse {
  SendStatusSet?: { Code: string; Message: string; PhoneNumber: string }[];
}

/** Tencent's SendSms codes (per number, or for the whole request) that are not the operator's to fix. */
function faultOf(code: string): SmsFault {
  if (code.startsWith('LimitExceeded.') || code.startsWith('RequestLimitExceeded')) return 'throttled';
  if (
    code === 'InvalidParameterValue.IncorrectPhoneNumber' ||
    code === 'FailedOperation.PhoneNumberInBlacklist' ||
    code === 'FailedOperation.PhoneNumberParseFail'
  ) {
    return 'invalid_number';
  }
  if (code.startsWith('InternalError.') || code === 'InternalError') return 'unavailable';
  return 'operator';
}

/**
 * Tencent Cloud SMS (API 3.0 SendSms, version 2021-01-11) signed with TC3-HMAC-SHA256. The template's variables
 * are sent by position in the configured order ("code", then "minutes" when the template has {2}).
 */
export function createTencentSms(config: TencentSmsConfig): SmsSender {
  return {
    async send(sms) {
      const values = { code: sms.code, minutes: String(sms.minutes) };
      let answer: SendSmsResponse;
      try {
        answer = await callTencentCloud<SendSmsResponse>({
          endpoint: config.endpoint,
          service: 'sms',
          action: 'SendSms',
          version: '2021-01-11',
          region: config.region,
          secretId: config.secretId,
          secretKey: config.secretKey,
          timeoutMs: config.timeoutMs,
          body: {
            PhoneNumberSet: [sms.to],
            SmsSdkAppId: config.appId,
            SignName: config.signName,
            TemplateId: config.templateId,
            TemplateParamSet: config.params.map((name) => values[name]),
          },
        });
      } catch (error) {
        if (error instanceof TencentCloudError) {
          throw new SmsDeliveryError(faultOf(error.code), error.code, error.message);
        }
        throw asDeliveryError(error);
      }
      const status = answer.SendStatusSet?.[0];
      if (!status) throw new SmsDeliveryError('unavailable', 'NoSendStatus', 'SendSms answered no status');
      if (status.Code === 'Ok') return;
      throw new SmsDeliveryError(faultOf(status.Code), status.Code, status.Message);
    },
  };
}
