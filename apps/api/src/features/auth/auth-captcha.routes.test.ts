import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALES, errorCode, errorMessage, type Captcha } from '@bible-qa/contract';
import type { DatabaseHandle } from '../../db/client.ts';
import { get, lastCode, manualClock, post, type TestApp } from '../../test/auth-helpers.ts';
import { databaseTargets } from '../../test/databases.ts';
import {
  startFakeGeetest,
  startFakeTencentCloud,
  type FakeGeetest,
  type FakeTencentCloud,
} from '../../test/fake-providers.ts';
import { startGoogleKeys } from '../../test/google-keys.ts';
import { allModesEnv, knownCaptcha } from '../../test/login-modes.ts';
import { buildTestApp } from '../../test/test-app.ts';

/**
 * The captcha once an address has a code asked and not used this hour (issue 13, SMS pumping; issue 29, a carrier's
 * shared address), with each captcha provider.
 */
const ONE_FREE = {
  CODE_SENDS_WITHOUT_CAPTCHA_PER_IP: '1',
  CODE_SENDS_PER_IP_PER_HOUR: '1000',
  RISK_IP_LIMIT: '1000000',
};
const CLOUD = { secretId: 'AKIDcaptchaRoutes01', secretKey: 'captcha-routes-secret-01' };
const TENCENT_APP = { appId: '190000002', appSecretKey: 'routes-app-secret-key' };
const GEETEST = { captchaId: 'e2e0000000000000000000000000cafe', captchaKey: 'geetest-routes-key-0000000000001' };

describe.each(databaseTargets)('the captcha for code sends on $name', (target) => {
  let database: DatabaseHandle;
  let t: TestApp;
  const clock = manualClock();
  let n = 0;
  const phone = () => `1390000${String(1000 + ++n)}`;
  let ip = 0;
  /** A client address of its own per test, so the hourly count starts at zero. */
  const address = () => `198.51.100.${++ip}`;
  const send = (mobile: string, from: string, extra: object = {}, locale?: string) =>
    post(t, '/portal/auth/send-code-mobile', { mobile, ...extra }, { ip: from, locale });
  const outboxFor = (mobile: string) => t.container.accounts.outbox.list(`+86${mobile}`).length;

  beforeAll(async () => {
    database = await target.open();
    t = await buildTestApp({ database, clock, env: ONE_FREE });
  });
  afterAll(async () => {
    await t.app.close();
    await database.close();
  });

  it.each(LOCALES)(
    'lets the first send from an address through and asks for the captcha from the second (%s)',
    async (locale) => {
      const from = address();
      expect((await send(phone(), from)).code).toBe(0);
      const second = phone();
      const res = await send(second, from, {}, locale);
      expect(res).toMatchObject({
        code: errorCode('code_captcha_required'),
        msg: errorMessage('code_captcha_required', locale),
      });
      expect(outboxFor(second)).toBe(0);
      // Another address still has its first send.
      expect((await send(phone(), address())).code).toBe(0);
    },
  );

  it('lets readers behind one shared address log in one after another without a captcha (issue 29)', async () => {
    const shared = address();
    const login = (mobile: string, from: string) =>
      post(t, '/portal/auth/login', { mobile, code: lastCode(t, `+86${mobile}`), agree: true }, { ip: from });
    // Three readers of a carrier's address at their first login: each code used gives the address its place back.
    for (let reader = 0; reader < 3; reader++) {
      const mobile = phone();
      expect((await send(mobile, shared)).code).toBe(0);
      clock.advance(40_000);
      expect((await login(mobile, shared)).code).toBe(0);
    }
    // A code asked and not used (what SMS pumping leaves behind) keeps its place: the next send needs the captcha.
    expect((await send(phone(), shared)).code).toBe(0);
    const next = phone();
    expect((await send(next, shared)).code).toBe(errorCode('code_captcha_required'));
    expect(outboxFor(next)).toBe(0);
  });

  it('gives no place back for a code used from another address, nor for one that failed', async () => {
    const asked = address();
    const mobile = phone();
    expect((await send(mobile, asked)).code).toBe(0);
    const code = lastCode(t, `+86${mobile}`);
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await post(t, '/portal/auth/login', { mobile, code: wrong, agree: true }, { ip: asked })).code).toBe(
      errorCode('code_invalid'),
    );
    expect((await send(phone(), asked)).code).toBe(errorCode('code_captcha_required'));
    expect((await post(t, '/portal/auth/login', { mobile, code, agree: true }, { ip: address() })).code).toBe(0);
    expect((await send(phone(), asked)).code).toBe(errorCode('code_captcha_required'));
    // The places come back with the hour, never before it.
    clock.advance(3_600_001);
    expect((await send(phone(), asked)).code).toBe(0);
  });

  it('sends with a right captcha, once per captcha, and answers the captcha call with a drawn image', async () => {
    const from = address();
    await send(phone(), from);
    const issued = (await get(t, '/portal/auth/captcha/codeCaptcha', { ip: from })).data as {
      key: string;
      captcha: string;
      provider: string;
      nonce: string | null;
    };
    expect(issued).toMatchObject({ provider: 'builtin', nonce: null });
    expect(issued.captcha).toMatch(/^data:image\/png;base64,/);
    const captcha = await knownCaptcha(t, 'h4TQ7m', 'code');
    const mobile = phone();
    expect((await send(mobile, from, { key: captcha.key, captcha: 'H4tq7M' })).code).toBe(0);
    expect(outboxFor(mobile)).toBe(1);
    const again = phone();
    expect((await send(again, from, { key: captcha.key, captcha: 'h4TQ7m' })).code).toBe(errorCode('captcha_invalid'));
    expect(outboxFor(again)).toBe(0);
  });

  it("refuses a wrong answer, a Google login's captcha and one older than 2 minutes, sending nothing", async () => {
    const from = address();
    await send(phone(), from);
    const mobile = phone();
    const wrong = await knownCaptcha(t, 'h4TQ7m', 'code');
    expect((await send(mobile, from, { key: wrong.key, captcha: 'h4TQ7n' })).code).toBe(errorCode('captcha_invalid'));
    const google = await knownCaptcha(t, 'h4TQ7m', 'google');
    expect((await send(mobile, from, { key: google.key, captcha: 'h4TQ7m' })).code).toBe(errorCode('captcha_invalid'));
    const old = await knownCaptcha(t, 'h4TQ7m', 'code');
    clock.advance(120_001);
    expect((await send(mobile, from, { key: old.key, captcha: 'h4TQ7m' })).code).toBe(errorCode('captcha_invalid'));
    expect(outboxFor(mobile)).toBe(0);
  });

  it('draws at most CAPTCHAS_PER_IP_PER_HOUR captchas an hour for one address, then answers high traffic', async () => {
    const capped = await buildTestApp({ database, clock, env: { ...ONE_FREE, CAPTCHAS_PER_IP_PER_HOUR: '2' } });
    try {
      const draw = (ip: string) => get(capped, '/portal/auth/captcha/googleCaptcha', { ip });
      expect((await draw('192.0.2.70')).code).toBe(0);
      expect((await draw('192.0.2.70')).code).toBe(0);
      expect((await draw('192.0.2.70')).code).toBe(errorCode('high_traffic'));
      expect((await draw('192.0.2.71')).code).toBe(0);
      clock.advance(3_600_001);
      expect((await draw('192.0.2.70')).code).toBe(0);
    } finally {
      await capped.app.close();
    }
  });

  it('shows a drawn answer in the development outbox only when DEV_OUTBOX is on', async () => {
    const dev = await buildTestApp({
      database,
      clock,
      env: { ...ONE_FREE, DEV_OUTBOX: 'true', NODE_ENV: 'development' },
    });
    try {
      const { key } = (await get(dev, '/portal/auth/captcha/codeCaptcha')).data as { key: string };
      const [kept] = dev.container.accounts.outbox.list(key);
      expect(kept).toMatchObject({ channel: 'captcha', to: key });
      expect(kept!.text).toMatch(/^[0-9A-Za-z]{6}$/);
      const from = address();
      await post(dev, '/portal/auth/send-code-mobile', { mobile: phone() }, { ip: from });
      const res = await post(
        dev,
        '/portal/auth/send-code-mobile',
        { mobile: phone(), key, captcha: kept!.text },
        { ip: from },
      );
      expect(res.code).toBe(0);
    } finally {
      await dev.app.close();
    }
    const { key } = (await get(t, '/portal/auth/captcha/codeCaptcha')).data as { key: string };
    expect(t.container.accounts.outbox.list(key)).toEqual([]);
  });
});

describe.each(databaseTargets)('widget captchas for code sends on $name', (target) => {
  let database: DatabaseHandle;
  let tencent: FakeTencentCloud;
  let geetest: FakeGeetest;
  let n = 0;
  const phone = () => `1370000${String(1000 + ++n)}`;

  beforeAll(async () => {
    database = await target.open();
    tencent = await startFakeTencentCloud({ ...CLOUD, captcha: TENCENT_APP });
    geetest = await startFakeGeetest(GEETEST);
  });
  afterAll(async () => {
    await database.close();
    await tencent.close();
    await geetest.close();
  });

  const tencentEnv = (appSecretKey = TENCENT_APP.appSecretKey) => ({
    ...ONE_FREE,
    CAPTCHA_PROVIDER: 'tencent',
    TENCENT_SECRET_ID: CLOUD.secretId,
    TENCENT_SECRET_KEY: CLOUD.secretKey,
    CAPTCHA_TENCENT_APP_ID: TENCENT_APP.appId,
    CAPTCHA_TENCENT_APP_SECRET_KEY: appSecretKey,
    CAPTCHA_TENCENT_ENDPOINT: tencent.url,
  });

  async function withApp(env: Record<string, string>, run: (t: TestApp) => Promise<void>) {
    const t = await buildTestApp({ database, env });
    try {
      await run(t);
    } finally {
      await t.app.close();
    }
  }

  it("Tencent Captcha: the widget's id in the captcha call, its ticket checked from the server with the user's address", () =>
    withApp(tencentEnv(), async (t) => {
      const from = '203.0.113.50';
      await post(t, '/portal/auth/send-code-mobile', { mobile: phone() }, { ip: from });
      const issued = (await get(t, '/portal/auth/captcha/codeCaptcha', { ip: from })).data as { key: string };
      expect(issued).toMatchObject({ provider: 'tencent', appId: TENCENT_APP.appId, captcha: '' });
      const answer = JSON.stringify(tencent.issueTicket());
      const ok = await post(
        t,
        '/portal/auth/send-code-mobile',
        { mobile: phone(), key: issued.key, captcha: answer },
        { ip: from },
      );
      expect(ok.code).toBe(0);
      expect(tencent.accepted.at(-1)?.body).toMatchObject({ UserIp: from, CaptchaAppId: Number(TENCENT_APP.appId) });
      // The same ticket with a new key: the provider says it was used.
      const next = (await get(t, '/portal/auth/captcha/codeCaptcha', { ip: from })).data as { key: string };
      const replay = await post(
        t,
        '/portal/auth/send-code-mobile',
        { mobile: phone(), key: next.key, captcha: answer },
        { ip: from },
      );
      expect(replay.code).toBe(errorCode('captcha_invalid'));
    }));

  it("Google login with Tencent Captcha: the attempt's nonce with the widget, the ticket checked, then the token", async () => {
    const google = await startGoogleKeys();
    try {
      await withApp({ ...allModesEnv(google), ...tencentEnv() }, async (t) => {
        const attempt = (await get(t, '/portal/auth/captcha/googleCaptcha')).data as Captcha;
        expect(attempt).toMatchObject({ provider: 'tencent', appId: TENCENT_APP.appId, captcha: '' });
        const credential = await google.sign(new Date(), { sub: 'tencent-google-1', nonce: attempt.nonce! });
        const body = { key: attempt.key, credential, agree: true };
        const forged = await post(t, '/portal/auth/login-google', { ...body, captcha: '{"ticket":"x","randstr":"y"}' });
        expect(forged.code).toBe(errorCode('captcha_invalid'));
        // The attempt is spent: a good ticket now needs a new attempt, and a token for its nonce.
        const next = (await get(t, '/portal/auth/captcha/googleCaptcha')).data as Captcha;
        const ticket = JSON.stringify(tencent.issueTicket());
        const token = await google.sign(new Date(), { sub: 'tencent-google-1', nonce: next.nonce! });
        const res = await post(t, '/portal/auth/login-google', {
          key: next.key,
          captcha: ticket,
          credential: token,
          agree: true,
        });
        expect(res.code).toBe(0);
      });
    } finally {
      await google.close();
    }
  });

  it('Tencent Captcha with a wrong app secret key: the system message, logged as an operator fault', () =>
    withApp(tencentEnv('not-the-key'), async (t) => {
      const from = '203.0.113.51';
      await post(t, '/portal/auth/send-code-mobile', { mobile: phone() }, { ip: from });
      const { key } = (await get(t, '/portal/auth/captcha/codeCaptcha', { ip: from })).data as { key: string };
      const res = await post(
        t,
        '/portal/auth/send-code-mobile',
        { mobile: phone(), key, captcha: JSON.stringify(tencent.issueTicket()) },
        { ip: from },
      );
      expect(res.code).toBe(errorCode('internal_error'));
      expect(t.logs.some((l) => l.msg === 'captcha provider fault' && l.fault === 'operator')).toBe(true);
    }));

  it("GeeTest: the widget's result passes once; an altered one is refused", () =>
    withApp(
      {
        ...ONE_FREE,
        CAPTCHA_PROVIDER: 'geetest',
        CAPTCHA_GEETEST_ID: GEETEST.captchaId,
        CAPTCHA_GEETEST_KEY: GEETEST.captchaKey,
        CAPTCHA_GEETEST_ENDPOINT: geetest.url,
      },
      async (t) => {
        const from = '203.0.113.52';
        await post(t, '/portal/auth/send-code-mobile', { mobile: phone() }, { ip: from });
        const key = async () =>
          ((await get(t, '/portal/auth/captcha/codeCaptcha')).data as { key: string; appId: string }).key;
        const result = geetest.issueResult();
        const altered = JSON.stringify({ ...result, gen_time: String(Number(result.gen_time) + 1) });
        expect(
          (
            await post(
              t,
              '/portal/auth/send-code-mobile',
              { mobile: phone(), key: await key(), captcha: altered },
              { ip: from },
            )
          ).code,
        ).toBe(errorCode('captcha_invalid'));
        const good = JSON.stringify(geetest.issueResult());
        expect(
          (
            await post(
              t,
              '/portal/auth/send-code-mobile',
              { mobile: phone(), key: await key(), captcha: good },
              { ip: from },
            )
          ).code,
        ).toBe(0);
      },
    ));
});
