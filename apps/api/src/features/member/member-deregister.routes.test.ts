import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCode, errorMessage, LOCALES } from '@bible-qa/contract';
import type { DatabaseHandle } from '../../db/client.ts';
import { authSessions } from '../../db/schema.ts';
import { get, manualClock, post, type TestApp } from '../../test/auth-helpers.ts';
import { databaseTargets } from '../../test/databases.ts';
import { loginModes, TEST_PASSWORD } from '../../test/login-modes.ts';
import { buildTestApp } from '../../test/test-app.ts';
import { createTestUser } from '../../test/test-users.ts';

/**
 * Issue 25, finding 6: account deletion needed only a bearer token; irreversible, with no code or password re-check.
 * It now needs the account's password, or a deregister code sent to its own phone or address; an account with
 * neither (Google, a partner's), a login of the last 10 minutes.
 */
describe.each(databaseTargets)('deleting an account takes a re-check, on $name', (target) => {
  let database: DatabaseHandle;
  let t: TestApp;
  const clock = manualClock('2026-11-22T12:00:00Z');
  let n = 0;
  const phone = () => `1330000${String(1000 + ++n)}`;
  const deregister = (token: string, proof: object = {}, locale?: string) =>
    post(t, '/portal/member/deregister', { confirm: true, ...proof }, { token, locale });
  const alive = async (token: string) => (await get(t, '/portal/member/info', { token })).code === 0;

  beforeAll(async () => {
    database = await target.open();
    t = await buildTestApp({ database, clock, env: { CODE_SENDS_PER_IP_PER_HOUR: '1000', RISK_IP_LIMIT: '100000' } });
  });
  afterAll(async () => {
    await t.app.close();
    await database.close();
  });

  it.each(LOCALES)('refuses a deletion with only the token, in the envelope (%s)', async (locale) => {
    const user = await loginModes.code(t, phone());
    expect(await deregister(user.access_token, {}, locale)).toEqual({
      code: errorCode('reauth_required'),
      msg: errorMessage('reauth_required', locale),
      data: null,
      requestId: expect.any(String),
    });
    expect(await alive(user.access_token)).toBe(true);
  });

  it('deletes with the password, and refuses a wrong one, which counts towards the lock', async () => {
    const mobile = phone();
    const user = await loginModes.password(t, mobile, clock);
    expect((await deregister(user.access_token, { password: 'Wrong0ne99' })).code).toBe(errorCode('wrong_password'));
    expect(await alive(user.access_token)).toBe(true);
    expect((await deregister(user.access_token, { password: TEST_PASSWORD })).code).toBe(0);
    expect((await get(t, '/portal/member/info', { token: user.access_token })).code).toBe(401);
  });

  it('deletes with a deregister code to the account’s own phone, and not with a wrong or a login code', async () => {
    const mobile = phone();
    const user = await loginModes.code(t, mobile);
    clock.advance(61_000);
    // A login code for the same number is not a deregister code.
    await post(t, '/portal/auth/send-code-mobile', { mobile });
    const loginCode = t.container.accounts.outbox.list(`+86${mobile}`)[0]!.text.match(/\d{6}/)![0];
    expect((await deregister(user.access_token, { mode: 'mobile', code: loginCode })).code).toBe(
      errorCode('code_invalid'),
    );
    clock.advance(61_000);
    const sent = await post(
      t,
      '/portal/auth/send-code-mobile',
      { mobile, purpose: 'deregister' },
      {
        token: user.access_token,
      },
    );
    expect(sent.code).toBe(0);
    const code = t.container.accounts.outbox.list(`+86${mobile}`)[0]!.text.match(/\d{6}/)![0];
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expect((await deregister(user.access_token, { mode: 'mobile', code: wrong })).code).toBe(errorCode('code_invalid'));
    // No e-mail on this account: a code cannot be asked for there.
    expect((await deregister(user.access_token, { mode: 'mail', code })).code).toBe(errorCode('contact_missing'));
    expect(await alive(user.access_token)).toBe(true);
    expect((await deregister(user.access_token, { mode: 'mobile', code })).code).toBe(0);
    expect(await alive(user.access_token)).toBe(false);
  });

  it('sends a deregister code only to the caller’s own number, and only to a caller who is logged in', async () => {
    const user = await loginModes.code(t, phone());
    const other = phone();
    clock.advance(61_000);
    const res = await post(
      t,
      '/portal/auth/send-code-mobile',
      { mobile: other, purpose: 'deregister' },
      {
        token: user.access_token,
      },
    );
    expect(res.code).toBe(errorCode('contact_missing'));
    expect((await post(t, '/portal/auth/send-code-mobile', { mobile: other, purpose: 'deregister' })).code).toBe(
      errorCode('unauthorized'),
    );
  });

  it('lets an account with no password, phone or address go within 10 minutes of its login, not after', async () => {
    /** An account as a Google or partner login makes it (no password, phone or address), logged in now. */
    const loggedInNow = async (name: string) => {
      const user = await createTestUser(database, name, clock.now());
      await database.db
        .update(authSessions)
        .set({ createdAt: clock.now() })
        .where(eq(authSessions.userId, user.userId));
      return user;
    };
    const stale = await loggedInNow('google-only');
    clock.advance(11 * 60_000);
    expect((await deregister(stale.token)).code).toBe(errorCode('reauth_required'));
    expect(await alive(stale.token)).toBe(true);
    const fresh = await loggedInNow('google-only-again');
    clock.advance(60_000);
    expect((await deregister(fresh.token)).code).toBe(0);
    expect(await alive(fresh.token)).toBe(false);
  });
});
