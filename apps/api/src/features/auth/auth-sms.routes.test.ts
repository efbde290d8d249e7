import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCode, errorMessage } from '@bible-qa/contract';
import type { DatabaseHandle } from '../../db/client.ts';
import { post, type TestApp } from '../../test/auth-helpers.ts';
import { databaseTargets } from '../../test/databases.ts';
import {
  startFakeAliyunSms,
  startFakeTencentCloud,
  type FakeAliyunSms,
  type FakeTencentCloud,
} from '../../test/fake-providers.ts';
import { buildTestApp } from '../../test/test-app.ts';

/** A phone login through each SMS provider, from the send-code call to the provider's answers and back. */
const ALIYUN = { accessKeyId: 'LTAI5tRoutesKeyId01', accessKeySecret: 'aliyun-routes-secret-01' };
const TENCENT = { secretId: 'AKIDroutesSmsSecret01', secretKey: 'tencent-routes-secret-01' };
const TEMPLATE = { SMS_SIGN_NAME: '圣经问答', SMS_TEMPLATE_ID: 'SMS_123456789', SMS_TEMPLATE_PARAMS: 'code,minutes' };

interface Provider {
  name: string;
  start(): Promise<FakeAliyunSms | FakeTencentCloud>;
  env(url: string): Record<string, string>;
  /** The code the provider was asked to send in the last accepted request. */
  sentCode(fake: FakeAliyunSms | FakeTencentCloud): string;
}

const providers: Provider[] = [
  {
    name: 'aliyun',
    start: () => startFakeAliyunSms(ALIYUN),
    env: (url) => ({
      SMS_PROVIDER: 'aliyun',
      ALIYUN_ACCESS_KEY_ID: ALIYUN.accessKeyId,
      ALIYUN_ACCESS_KEY_SECRET: ALIYUN.accessKeySecret,
      SMS_ALIYUN_ENDPOINT: url,
      ...TEMPLATE,
    }),
    sentCode: (fake) => (JSON.parse((fake as FakeAliyunSms).accepted.at(-1)!.TemplateParam!) as { code: string }).code,
  },
  {
    name: 'tencent',
    start: () => startFakeTencentCloud(TENCENT),
    env: (url) => ({
      SMS_PROVIDER: 'tencent',
      TENCENT_SECRET_ID: TENCENT.secretId,
      TENCENT_SECRET_KEY: TENCENT.secretKey,
      SMS_TENCENT_APP_ID: '1400000002',
      SMS_TENCENT_ENDPOINT: url,
      ...TEMPLATE,
    }),
    sentCode: (fake) => ((fake as FakeTencentCloud).accepted.at(-1)!.body.TemplateParamSet as string[])[0]!,
  },
];

describe.each(databaseTargets)('SMS providers on $name', (target) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await target.open();
  });
  afterAll(() => database.close());

  describe.each(providers)('SMS_PROVIDER=$name', (provider) => {
    let fake: FakeAliyunSms | FakeTencentCloud;
    let t: TestApp;
    let n = 0;
    const phone = () => `1360${provider.name === 'aliyun' ? '1' : '2'}00${String(1000 + ++n)}`;

    beforeAll(async () => {
      fake = await provider.start();
      t = await buildTestApp({ database, env: provider.env(fake.url) });
    });
    afterAll(async () => {
      await t.app.close();
      await fake.close();
    });

    it('delivers the login code through the provider, and that code logs in', async () => {
      fake.next = 'ok';
      const mobile = phone();
      expect((await post(t, '/portal/auth/send-code-mobile', { mobile })).code).toBe(0);
      const code = provider.sentCode(fake);
      expect(code).toMatch(/^\d{6}$/);
      expect(t.container.accounts.outbox.list(`+86${mobile}`)).toEqual([]);
      const res = await post(t, '/portal/auth/login', { mobile, code, agree: true });
      expect(res.code).toBe(0);
    });

    it("answers the provider's per-number limit with the too-frequent message", async () => {
      fake.next = 'throttled';
      const res = await post(t, '/portal/auth/send-code-mobile', { mobile: phone() }, { locale: 'zh-cn' });
      expect(res).toMatchObject({
        code: errorCode('code_send_too_frequent'),
        msg: errorMessage('code_send_too_frequent', 'zh-cn'),
      });
    });

    it('answers a bad template with the system message and logs an operator fault; the user may retry at once', async () => {
      fake.next = 'bad_template';
      const mobile = phone();
      const res = await post(t, '/portal/auth/send-code-mobile', { mobile }, { locale: 'en' });
      expect(res).toMatchObject({ code: errorCode('internal_error'), msg: errorMessage('internal_error', 'en') });
      const line = t.logs.find((l) => l.fault === 'operator' && typeof l.sms === 'string');
      expect(line?.sms).toMatch(/TEMPLATE/i);
      expect(JSON.stringify(line)).not.toContain(mobile);
      fake.next = 'ok';
      expect((await post(t, '/portal/auth/send-code-mobile', { mobile })).code).toBe(0);
    });
  });
});
