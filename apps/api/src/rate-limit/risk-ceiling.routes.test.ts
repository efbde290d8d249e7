import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCode, errorMessage, LOCALES } from '@bible-qa/contract';
import type { DatabaseHandle } from '../db/client.ts';
import { get, manualClock, post, type TestApp } from '../test/auth-helpers.ts';
import { databaseTargets } from '../test/databases.ts';
import { loginModes } from '../test/login-modes.ts';
import { buildTestApp } from '../test/test-app.ts';

const HIGH = errorCode('high_traffic');
/**
 * Any /webapi route counts towards its address's ceiling; this one needs no account and does little (the captcha
 * route, used here before, draws an image per request: most of this file's CPU over its 600 requests).
 */
const OPEN_ROUTE = '/portal/auth/options';

describe.each(databaseTargets)('the request-rate risk ceiling on $name', (target) => {
  let database: DatabaseHandle;
  let t: TestApp;
  const clock = manualClock();

  beforeAll(async () => {
    database = await target.open();
    t = await buildTestApp({
      database,
      clock,
      env: {
        RISK_WINDOW_MS: '60000',
        RISK_ACCOUNT_LIMIT: '20',
        RISK_ACCOUNT_SUSPEND_AT: '30',
        RISK_SUSPENSION_MS: '3600000',
        RISK_IP_LIMIT: '40',
        RISK_IP_BAN_AT: '60',
        RISK_IP_BAN_MS: '600000',
      },
    });
  });
  afterAll(async () => {
    await t.app.close();
    await database.close();
  });

  it('first answers the high-traffic message to an account over the limit, then suspends it', async () => {
    const user = await loginModes.code(t, '13100000001');
    const codes: number[] = [];
    for (let i = 0; i < 32; i++) {
      codes.push((await get(t, '/portal/member/info', { token: user.access_token, ip: `10.5.0.${i}` })).code);
    }
    expect(codes.slice(0, 20)).toEqual(Array(20).fill(0));
    expect(codes.slice(20, 30)).toEqual(Array(10).fill(HIGH));
    expect(codes[30]).toBe(errorCode('account_suspended'));
    expect(codes[31]).toBe(401);
    const measures = await t.container.accounts.repositories.measures.listByUser(user.user.id);
    expect(measures).toHaveLength(1);
    expect(measures[0]).toMatchObject({ kind: 'suspension', createdBy: null });
    clock.advance(61_000);
    // While suspended no code is delivered (the answer is the same as to anyone).
    const delivered = t.container.accounts.outbox.list('+8613100000001').length;
    expect((await post(t, '/portal/auth/send-code-mobile', { mobile: '13100000001' })).code).toBe(0);
    expect(t.container.accounts.outbox.list('+8613100000001')).toHaveLength(delivered);
    clock.advance(3_600_000);
    expect((await loginModes.code(t, '13100000001')).user.id).toBe(user.user.id);
  });

  it.each(LOCALES)(
    'limits an IP past its ceiling with the §8 high-traffic message in %s, then bans it',
    async (locale) => {
      clock.advance(60_000);
      const ip = `10.6.0.${LOCALES.indexOf(locale)}`;
      const answers: { code: number; msg: string }[] = [];
      for (let i = 0; i < 62; i++) answers.push(await get(t, OPEN_ROUTE, { ip, locale }));
      expect(answers.slice(0, 40).every((a) => a.code === 0)).toBe(true);
      expect(answers[40]).toMatchObject({ code: HIGH, msg: errorMessage('high_traffic', locale) });
      // Banned past 60: the next window is still refused until the ban ends.
      clock.advance(60_000);
      expect((await get(t, OPEN_ROUTE, { ip })).code).toBe(HIGH);
      expect((await get(t, OPEN_ROUTE, { ip: '10.6.9.9' })).code).toBe(0);
      clock.advance(600_000);
      expect((await get(t, OPEN_ROUTE, { ip })).code).toBe(0);
      // The health check never counts.
      for (let i = 0; i < 70; i++)
        await t.app.inject({ method: 'GET', url: '/webapi/health', remoteAddress: '10.6.8.8' });
      expect((await get(t, OPEN_ROUTE, { ip: '10.6.8.8' })).code).toBe(0);
    },
  );
});
