import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCode } from '@bible-qa/contract';
import { type DatabaseHandle } from '../../db/client.ts';
import { openTestPglite } from '../../test/databases.ts';
import { get, lastCode, manualClock, post, type TestApp } from '../../test/auth-helpers.ts';
import { loginModes, TEST_PASSWORD } from '../../test/login-modes.ts';
import { buildTestApp } from '../../test/test-app.ts';

describe('the development outbox', () => {
  let database: DatabaseHandle;
  let dev: TestApp;
  let prod: TestApp;
  const clock = manualClock();

  beforeAll(async () => {
    database = await openTestPglite();
    dev = await buildTestApp({ database, clock, env: { NODE_ENV: 'development', DEV_OUTBOX: 'true' } });
    prod = await buildTestApp({
      database,
      clock,
      env: { NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://bible.example.org' },
    });
  });
  afterAll(async () => {
    await dev.app.close();
    await prod.app.close();
    await database.close();
  });

  it('shows a developer the SMS and mail it kept, and writes them to the log', async () => {
    await post(dev, '/portal/auth/send-code-mobile', { mobile: '13000000001' }, { locale: 'en' });
    const res = await get(dev, `/dev/outbox?to=${encodeURIComponent('+8613000000001')}`);
    expect(res.code).toBe(0);
    const [message] = res.data as { channel: string; to: string; text: string }[];
    expect(message).toMatchObject({ channel: 'sms', to: '+8613000000001' });
    expect(message!.text).toContain(lastCode(dev, '+8613000000001'));
    expect(
      dev.logs.some(
        (l) => l.msg === 'outbox: message kept' && String(l.text).includes(lastCode(dev, '+8613000000001')),
      ),
    ).toBe(true);
  });

  it('does not exist in production', async () => {
    const res = await prod.app.inject({ method: 'GET', url: '/webapi/dev/outbox' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe(errorCode('route_not_found'));
  });

  it('keeps codes, passwords and tokens out of the production log through every sign-in step', async () => {
    const mobile = '13000000002';
    const first = await loginModes.password(prod, mobile, clock);
    clock.advance(61_000);
    const byCode = await loginModes.code(prod, mobile);
    await post(prod, '/portal/auth/login', { userToken: byCode.user_token });
    await post(prod, '/portal/auth/login-mobile-password', { mobile, password: 'Wr0ngPassword', agree: true });
    await post(prod, '/portal/auth/logout', {}, { token: first.access_token });
    const secrets = [
      ...prod.container.accounts.outbox.list().map((m) => m.text.match(/\d{6}/)![0]),
      TEST_PASSWORD,
      'Wr0ngPassword',
      first.access_token,
      first.user_token,
      byCode.access_token,
      byCode.user_token,
      mobile,
    ];
    const text = JSON.stringify(prod.logs);
    for (const secret of secrets) expect(text.includes(secret), secret).toBe(false);
    // The sign-in events themselves are logged, as audit lines.
    expect(prod.logs.filter((l) => l.audit === 'login').length).toBeGreaterThanOrEqual(3);
    expect(prod.logs.some((l) => l.audit === 'login_failed' && l.reason === 'wrong_password')).toBe(true);
  });
});
