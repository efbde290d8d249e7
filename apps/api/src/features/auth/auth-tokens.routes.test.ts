import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCode, type LoginResult } from '@bible-qa/contract';
import type { DatabaseHandle } from '../../db/client.ts';
import { get, manualClock, post, type TestApp } from '../../test/auth-helpers.ts';
import { databaseTargets } from '../../test/databases.ts';
import { startGoogleKeys, type GoogleKeys } from '../../test/google-keys.ts';
import { allModesEnv, loginModes } from '../../test/login-modes.ts';
import { buildTestApp } from '../../test/test-app.ts';

const HOUR = 3_600_000;

describe.each(databaseTargets)('tokens on $name', (target) => {
  let database: DatabaseHandle;
  let t: TestApp;
  let google: GoogleKeys;
  const clock = manualClock();
  let n = 0;
  const phone = () => `1390000${String(1000 + ++n)}`;

  const info = (token: string) => get(t, '/portal/member/info', { token });
  const relogin = (userToken: string) => post(t, '/portal/auth/login', { grantType: 'social', userToken });

  beforeAll(async () => {
    google = await startGoogleKeys();
    database = await target.open();
    t = await buildTestApp({ database, clock, env: allModesEnv(google) });
  });
  afterAll(async () => {
    await t.app.close();
    await database.close();
    await google.close();
  });

  const modes: [string, () => Promise<LoginResult>][] = [
    ['code', () => loginModes.code(t, phone())],
    ['password', () => loginModes.password(t, phone(), clock)],
    ['google', () => loginModes.google(t, google, `g-${++n}`)],
    ['qr', async () => loginModes.qr(t, (await loginModes.code(t, phone())).access_token)],
    ['external', () => loginModes.external(t, `partner-user-${++n}`)],
  ];

  it.each(modes)('logout after a %s login kills both tokens at once', async (_mode, login) => {
    const result = await login();
    expect((await info(result.access_token)).code).toBe(0);
    const out = await post(t, '/portal/auth/logout', {}, { token: result.access_token });
    expect(out.code).toBe(0);
    for (const delay of [0, 1_000, 60_000]) {
      clock.advance(delay);
      expect((await info(result.access_token)).code).toBe(401);
      expect((await relogin(result.user_token)).code).toBe(401);
    }
  });

  it('logs in again with the user token: new tokens, the old ones dead, the same account', async () => {
    const first = await loginModes.code(t, phone());
    const again = await relogin(first.user_token);
    expect(again.code).toBe(0);
    const second = again.data as LoginResult;
    expect(second.user.id).toBe(first.user.id);
    expect(second.access_token).not.toBe(first.access_token);
    expect((await info(second.access_token)).code).toBe(0);
    expect((await info(first.access_token)).code).toBe(401);
    expect((await relogin(first.user_token)).code).toBe(401);
  });

  it('keeps a remember-me login 24 hours and a plain one 2 hours, counted from the login', async () => {
    const plain = await loginModes.code(t, phone());
    const mobile = phone();
    await post(t, '/portal/auth/send-code-mobile', { mobile });
    const code = t.container.accounts.outbox.list(`+86${mobile}`)[0]!.text.match(/\d{6}/)![0];
    const remembered = (await post(t, '/portal/auth/login', { mobile, code, agree: true, rememberMe: true }))
      .data as LoginResult;
    expect(remembered.expires_in).toBe(2 * 3600);

    clock.advance(2 * HOUR + 1_000);
    expect((await info(plain.access_token)).code).toBe(401);
    expect((await relogin(plain.user_token)).code).toBe(401);
    expect((await info(remembered.access_token)).code).toBe(401);
    let renewed = (await relogin(remembered.user_token)).data as LoginResult;
    expect((await info(renewed.access_token)).code).toBe(0);

    clock.advance(21 * HOUR);
    renewed = (await relogin(renewed.user_token)).data as LoginResult;
    // The last access token ends with the login, not 2 hours later.
    expect(renewed.expires_in).toBeLessThanOrEqual(HOUR);
    clock.advance(HOUR);
    expect((await info(renewed.access_token)).code).toBe(401);
    expect((await relogin(renewed.user_token)).code).toBe(401);
  });

  it.each(['undefined', 'null', '', '  '])('treats the user token %j as no token', async (userToken) => {
    const res = await post(t, '/portal/auth/login', { grantType: 'social', userToken });
    expect(res.code).toBe(errorCode('phone_required'));
    const out = await post(t, '/portal/auth/logout', { userToken }, { headers: { authorization: userToken } });
    expect(out.code).toBe(401);
  });

  it('logs out with the user token alone once the access token has expired', async () => {
    const result = await loginModes.code(t, phone());
    clock.advance(2 * HOUR + 1);
    expect((await post(t, '/portal/auth/logout', { userToken: result.user_token })).code).toBe(0);
    expect((await relogin(result.user_token)).code).toBe(401);
  });

  it('answers 401, never a 5xx, for hostile Authorization values', async () => {
    for (const authorization of ['Bearer %E0%A4%A', 'Bearer ' + 'x'.repeat(100_000), 'Basic Zm9vOmJhcg==', '\u0000']) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/webapi/portal/member/info',
        headers: { authorization: authorization.replace('\u0000', '') || 'x' },
      });
      expect(res.statusCode).toBe(401);
    }
  });
});
