import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SmsConfig } from '../config-providers.ts';
import {
  startFakeAliyunSms,
  startFakeTencentCloud,
  type AliyunAnswer,
  type FakeAliyunSms,
  type FakeTencentCloud,
} from '../test/fake-providers.ts';
import { createAliyunSms } from './sms.aliyun.ts';
import { createTencentSms } from './sms.tencent.ts';
import { SmsDeliveryError, type SmsSender } from './sms.ts';

const SMS = { to: '+8613800138000', text: '验证码 123456，5 分钟内有效', code: '123456', minutes: 5 };
const template = {
  signName: '圣经问答',
  templateId: 'SMS_0001',
  params: ['code', 'minutes'] as const,
  timeoutMs: 2_000,
};

interface Case {
  name: string;
  start(): Promise<FakeAliyunSms | FakeTencentCloud>;
  sender(url: string, secret: string): SmsSender;
  /** What the provider received, as the template's values and the number. */
  received(fake: FakeAliyunSms | FakeTencentCloud): {
    number: unknown;
    values: unknown;
    sign: unknown;
    template: unknown;
  };
  codes: Record<Exclude<AliyunAnswer, 'ok'>, string>;
  wrongSecretCode: string;
  secret: string;
}

const ALIYUN = { accessKeyId: 'LTAI5tTestKeyId', accessKeySecret: 'aliyun-secret-0123456789' };
const TENCENT = { secretId: 'AKIDtestSecretId0123', secretKey: 'tencent-secret-0123456789' };

const cases: Case[] = [
  {
    name: 'Alibaba Cloud SMS',
    start: () => startFakeAliyunSms(ALIYUN),
    sender: (url, secret) =>
      createAliyunSms({
        provider: 'aliyun',
        accessKeyId: ALIYUN.accessKeyId,
        accessKeySecret: secret,
        endpoint: url,
        region: 'cn-hangzhou',
        ...template,
        params: [...template.params],
      } satisfies SmsConfig),
    received(fake) {
      const params = (fake as FakeAliyunSms).accepted.at(-1)!;
      return {
        number: params.PhoneNumbers,
        values: JSON.parse(params.TemplateParam!),
        sign: params.SignName,
        template: params.TemplateCode,
      };
    },
    codes: { throttled: 'isv.BUSINESS_LIMIT_CONTROL', bad_template: 'isv.SMS_TEMPLATE_ILLEGAL' },
    wrongSecretCode: 'SignatureDoesNotMatch',
    secret: ALIYUN.accessKeySecret,
  },
  {
    name: 'Tencent Cloud SMS',
    start: () => startFakeTencentCloud(TENCENT),
    sender: (url, secret) =>
      createTencentSms({
        provider: 'tencent',
        secretId: TENCENT.secretId,
        secretKey: secret,
        appId: '1400000001',
        endpoint: url,
        region: 'ap-guangzhou',
        ...template,
        params: [...template.params],
      } satisfies SmsConfig),
    received(fake) {
      const { body } = (fake as FakeTencentCloud).accepted.at(-1)!;
      return {
        number: (body.PhoneNumberSet as string[])[0],
        values: body.TemplateParamSet,
        sign: body.SignName,
        template: body.TemplateId,
      };
    },
    codes: {
      throttled: 'LimitExceeded.PhoneNumberDailyLimit',
      bad_template: 'FailedOperation.TemplateIncorrectOrUnapproved',
    },
    wrongSecretCode: 'AuthFailure.SignatureFailure',
    secret: TENCENT.secretKey,
  },
];

const failure = async (sending: Promise<void>) => {
  const error = await sending.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SmsDeliveryError);
  return error as SmsDeliveryError;
};

describe.each(cases)('$name against a loopback provider that checks its signature', (c) => {
  let fake: FakeAliyunSms | FakeTencentCloud;
  const secret = () => c.secret;

  beforeAll(async () => {
    fake = await c.start();
  });
  afterAll(() => fake.close());

  it('sends the approved template with the code and its minutes to the number', async () => {
    fake.next = 'ok';
    await c.sender(fake.url, secret()).send(SMS);
    const got = c.received(fake);
    expect(got.values).toEqual(c.name.startsWith('Alibaba') ? { code: '123456', minutes: '5' } : ['123456', '5']);
    expect(got.number).toBe(c.name.startsWith('Alibaba') ? '13800138000' : '+8613800138000');
    expect(got).toMatchObject({ sign: '圣经问答', template: 'SMS_0001' });
  });

  it('is refused by the provider when signed with a wrong secret: an operator fault', async () => {
    fake.next = 'ok';
    const before = fake.accepted.length;
    const error = await failure(c.sender(fake.url, `${secret()}x`).send(SMS));
    expect(error).toMatchObject({ fault: 'operator', providerCode: c.wrongSecretCode });
    expect(fake.accepted.length).toBe(before);
  });

  it("maps the provider's per-number limit to throttled", async () => {
    fake.next = 'throttled';
    const error = await failure(c.sender(fake.url, secret()).send(SMS));
    expect(error).toMatchObject({ fault: 'throttled', providerCode: c.codes.throttled });
  });

  it('maps an unapproved or unknown template to an operator fault', async () => {
    fake.next = 'bad_template';
    const error = await failure(c.sender(fake.url, secret()).send(SMS));
    expect(error).toMatchObject({ fault: 'operator', providerCode: c.codes.bad_template });
  });

  it('maps an unreachable provider to unavailable', async () => {
    const error = await failure(c.sender('http://127.0.0.1:9', secret()).send(SMS));
    expect(error.fault).toBe('unavailable');
  });
});
