import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeRequestsSchema, errorCode } from '@bible-qa/contract';
import type { DatabaseHandle } from '../../db/client.ts';
import { get, lastCode, manualClock, post, type TestApp } from '../../test/auth-helpers.ts';
import { databaseTargets } from '../../test/databases.ts';
import { knownCaptcha } from '../../test/login-modes.ts';
import { buildTestApp } from '../../test/test-app.ts';

/** As in production: an address's first send of the hour needs no captcha, its second does. */
const ONE_FREE = { CODE_SENDS_WITHOUT_CAPTCHA_PER_IP: '1', RISK_IP_LIMIT: '1000000' };
const OWNER_IP = '203.0.113.7';

/**
 * Issue 25, finding 3: nine sends to the victim's number from nine fresh addresses over ten minutes (a first send
 * needs no captcha) filled the number's hourly cap, and the owner, from a clean address, was refused the rest of the
 * hour. Each address now has its own budget on an account; the account's wait and ceiling, which anyone can spend,
 * never shut out an address new to the account (it is asked for a captcha instead); a code asked from elsewhere does
 * not end the owner's; and the owner is told, after logging in, of the codes asked from elsewhere.
 */
describe.each(databaseTargets)('an owner’s codes that others cannot spend, on $name', (target) => {
  let database: DatabaseHandle;
  const clock = manualClock();
  let n = 0;
  const phone = () => `1370000${String(1000 + ++n)}`;
  let attacker = 0;
  const attackerIp = () => `198.51.100.${++attacker}`;
  const send = (t: TestApp, mobile: string, ip: string, extra: object = {}) =>
    post(t, '/portal/auth/send-code-mobile', { mobile, ...extra }, { ip });
  /** Nine sends from nine fresh addresses, one every 70 s (each an address's first: no captcha). */
  const nineForeignSends = async (t: TestApp, mobile: string) => {
    for (let i = 0; i < 9; i++) {
      expect((await send(t, mobile, attackerIp())).code).toBe(0);
      clock.advance(70_000);
    }
  };
  const login = (t: TestApp, mobile: string, code: string) =>
    post(t, '/portal/auth/login', { mobile, code, agree: true }, { ip: OWNER_IP });

  beforeAll(async () => {
    database = await target.open();
  });
  afterAll(() => database.close());

  describe('with the default budgets', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp({ database, clock, env: ONE_FREE });
    });
    afterAll(() => t.app.close());

    it('gives the owner a code after nine foreign sends, even right after the last, and it logs in', async () => {
      const mobile = phone();
      // The account exists: the owner logged in once before.
      expect((await send(t, mobile, OWNER_IP)).code).toBe(0);
      expect((await login(t, mobile, lastCode(t, `+86${mobile}`))).code).toBe(0);
      clock.advance(3_600_001);

      await nineForeignSends(t, mobile);
      await send(t, mobile, attackerIp());
      // Within the account's 60 s wait another's send made: the owner is asked for a captcha, not refused.
      expect((await send(t, mobile, OWNER_IP)).code).toBe(errorCode('code_captcha_required'));
      const captcha = await knownCaptcha(t, 'Ow7nrX', 'code');
      expect((await send(t, mobile, OWNER_IP, { key: captcha.key, captcha: captcha.captcha })).code).toBe(0);
      const code = t.container.accounts.outbox.list(`+86${mobile}`)[0]!.text.match(/\d{6}/)![0];

      // Another fresh address, with a captcha, asks right after: the owner's code still works.
      const late = await knownCaptcha(t, 'L8teRq', 'code');
      expect((await send(t, mobile, attackerIp(), { key: late.key, captcha: late.captcha })).code).toBe(0);
      const res = await login(t, mobile, code);
      expect(res.code).toBe(0);

      // After logging in, the owner hears of the eleven codes asked from elsewhere, and can dismiss it.
      await t.container.services.codes.settled();
      const token = (res.data as { access_token: string }).access_token;
      const notice = await get(t, '/portal/member/code-requests', { token, ip: OWNER_IP });
      expect(codeRequestsSchema.parse(notice.data)).toEqual({ count: 11, lastAt: clock.now().toISOString() });
      expect((await post(t, '/portal/member/code-requests/seen', {}, { token, ip: OWNER_IP })).code).toBe(0);
      const after = await get(t, '/portal/member/code-requests', { token, ip: OWNER_IP });
      expect(after.data).toEqual({ count: 0, lastAt: null });
    });

    it('keeps an address that asked before to its own wait and budget, whatever others do', async () => {
      const mobile = phone();
      const ip = attackerIp();
      expect((await send(t, mobile, ip)).code).toBe(0);
      clock.advance(30_000);
      const captcha = await knownCaptcha(t, 'Ag4inZ', 'code');
      expect((await send(t, mobile, ip, { key: captcha.key, captcha: captcha.captcha })).code).toBe(
        errorCode('code_send_too_frequent'),
      );
    });
  });

  describe('with a ceiling the nine sends spend', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp({ database, clock, env: { ...ONE_FREE, CODE_SENDS_PER_ACCOUNT_PER_HOUR: '9' } });
    });
    afterAll(() => t.app.close());

    it('lets the owner through with a captcha, and refuses an address that spent its part', async () => {
      const mobile = phone();
      await nineForeignSends(t, mobile);
      clock.advance(10 * 60_000);
      expect((await send(t, mobile, OWNER_IP)).code).toBe(errorCode('code_captcha_required'));
      const captcha = await knownCaptcha(t, 'Ce1lng', 'code');
      expect((await send(t, mobile, OWNER_IP, { key: captcha.key, captcha: captcha.captcha })).code).toBe(0);
      expect((await login(t, mobile, lastCode(t, `+86${mobile}`))).code).toBe(0);
      // One of the nine, even with a captcha, has had its turn.
      const again = await knownCaptcha(t, 'Tw1ceX', 'code');
      expect((await send(t, mobile, `198.51.100.${attacker}`, { key: again.key, captcha: again.captcha })).code).toBe(
        errorCode('code_send_too_frequent'),
      );
    });
  });
});
