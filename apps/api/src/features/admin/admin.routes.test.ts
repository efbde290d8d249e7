import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCode, type LoginResult, type Measure } from '@bible-qa/contract';
import type { DatabaseHandle } from '../../db/client.ts';
import { get, loginByMail, manualClock, post, type TestApp } from '../../test/auth-helpers.ts';
import { databaseTargets } from '../../test/databases.ts';
import { startGoogleKeys, type GoogleKeys } from '../../test/google-keys.ts';
import { allModesEnv, loginModes, TEST_PASSWORD } from '../../test/login-modes.ts';
import { buildTestApp } from '../../test/test-app.ts';

const HOUR = 3_600_000;
const ADMIN_PHONE = '13300000001';

describe.each(databaseTargets)('admin routes and account measures on $name', (target) => {
  let database: DatabaseHandle;
  let t: TestApp;
  let google: GoogleKeys;
  let admin: LoginResult;
  const clock = manualClock();
  let n = 0;
  const phone = () => `1330000${String(1000 + ++n)}`;
  const apply = (userId: string, kind: string, extra: object = {}) =>
    post(t, '/portal/admin/measures', { userId, kind, reason: 'test', ...extra }, { token: admin.access_token });
  const info = (token: string) => get(t, '/portal/member/info', { token });

  beforeAll(async () => {
    google = await startGoogleKeys();
    database = await target.open();
    t = await buildTestApp({ database, clock, env: { ...allModesEnv(google), ADMIN_ACCOUNTS: `+86 ${ADMIN_PHONE}` } });
    admin = await loginModes.code(t, ADMIN_PHONE);
  });
  afterAll(async () => {
    await t.app.close();
    await database.close();
    await google.close();
  });

  it('makes ADMIN_ACCOUNTS admins at login and refuses every admin route to anyone else', async () => {
    expect(admin.user.role).toBe('admin');
    const user = await loginModes.code(t, phone());
    expect(user.user.role).toBe('user');
    // A role in the settings body is ignored (no mass assignment).
    await post(t, '/portal/member/modify', { role: 'admin' }, { token: user.access_token });
    const calls = [
      () => get(t, `/portal/admin/measures?userId=${admin.user.id}`, { token: user.access_token }),
      () => get(t, `/portal/admin/users/find?account=${ADMIN_PHONE}`, { token: user.access_token }),
      () =>
        post(
          t,
          '/portal/admin/measures',
          { userId: admin.user.id, kind: 'lock', reason: 'x' },
          { token: user.access_token },
        ),
      () =>
        post(
          t,
          '/portal/admin/measures/lift',
          { measureId: crypto.randomUUID(), reason: 'x' },
          { token: user.access_token },
        ),
    ];
    for (const call of calls) expect((await call()).code).toBe(errorCode('forbidden'));
    expect((await get(t, `/portal/admin/measures?userId=${admin.user.id}`)).code).toBe(401);
    expect((await get(t, `/portal/admin/measures?userId=${admin.user.id}`, { token: 'forged-token' })).code).toBe(401);
  });

  it('finds an account by phone in any spelling', async () => {
    const mobile = phone();
    const user = await loginModes.code(t, mobile);
    const found = await get(t, `/portal/admin/users/find?account=${encodeURIComponent(`+86 ${mobile}`)}`, {
      token: admin.access_token,
    });
    expect(found).toMatchObject({ code: 0, data: { id: user.user.id } });
  });

  it('finds an account by e-mail in any case, and answers not_found for an unknown account or one that is neither', async () => {
    const email = `Measured.${++n}@Example.org`;
    const user = await loginByMail(t, email);
    const lookup = (account: string) =>
      get(t, `/portal/admin/users/find?account=${encodeURIComponent(account)}`, { token: admin.access_token });
    expect(await lookup(`  ${email.toUpperCase()} `)).toMatchObject({
      code: 0,
      data: { id: user.user.id, email: email.toLowerCase(), limited: false },
    });
    expect((await lookup('nobody@example.org')).code).toBe(errorCode('not_found'));
    expect((await lookup('not an account')).code).toBe(errorCode('not_found'));
    expect((await get(t, '/portal/admin/users/find?account=', { token: admin.access_token })).code).toBe(
      errorCode('invalid_request'),
    );
  });

  it('lifts with its reason and the admin who lifted it, once; a lift without a reason changes nothing', async () => {
    const mobile = phone();
    const user = await loginModes.code(t, mobile);
    const suspension = (await apply(user.user.id, 'suspension', { reason: 'spam bursts' })).data as Measure;
    const lift = (body: object) => post(t, '/portal/admin/measures/lift', body, { token: admin.access_token });
    expect((await lift({ measureId: suspension.id })).code).toBe(errorCode('invalid_request'));
    expect((await lift({ measureId: suspension.id, reason: '   ' })).code).toBe(errorCode('invalid_request'));
    const listed = async () =>
      (await get(t, `/portal/admin/measures?userId=${user.user.id}`, { token: admin.access_token })).data as Measure[];
    expect((await listed())[0]).toMatchObject({ active: true, liftedAt: null, liftReason: null });
    expect((await info(user.access_token)).code).toBe(401);

    const lifted = await lift({ measureId: suspension.id, reason: ' appeal upheld ' });
    expect(lifted).toMatchObject({
      code: 0,
      data: { active: false, reason: 'spam bursts', liftReason: 'appeal upheld', liftedBy: admin.user.id },
    });
    expect((await listed())[0]).toMatchObject({ active: false, liftReason: 'appeal upheld', liftedBy: admin.user.id });
    // A second lift finds nothing to lift, and the first reason stays.
    expect((await lift({ measureId: suspension.id, reason: 'again' })).code).toBe(errorCode('not_found'));
    expect((await listed())[0]?.liftReason).toBe('appeal upheld');
    clock.advance(61_000);
    expect((await loginModes.code(t, mobile)).user.id).toBe(user.user.id);
  });

  it('suspends: live tokens die at once, all five login paths refuse, and the expiry lifts it', async () => {
    const mobile = phone();
    const googleSub = `g-${++n}`;
    const partnerId = `p-${++n}`;
    const byPassword = await loginModes.password(t, mobile, clock);
    clock.advance(61_000);
    const phoneSession = await loginModes.code(t, mobile);
    const googleUser = await loginModes.google(t, google, googleSub);
    const partnerUser = await loginModes.external(t, partnerId);
    // A desktop ticket the phone confirmed just before the suspension.
    const pending = (await post(t, '/portal/auth/qr/create', {})).data as { ticket: string; pollSecret: string };
    await post(t, '/portal/auth/qr/confirm', { ticket: pending.ticket }, { token: phoneSession.access_token });

    const until = new Date(clock.now().getTime() + HOUR).toISOString();
    for (const id of [byPassword.user.id, googleUser.user.id, partnerUser.user.id]) {
      const res = await apply(id, 'suspension', { expiresAt: until });
      expect(res).toMatchObject({ code: 0, data: { active: true, expiresAt: until } });
    }
    for (const session of [byPassword, phoneSession, googleUser, partnerUser]) {
      expect((await info(session.access_token)).code).toBe(401);
      expect((await post(t, '/portal/auth/login', { userToken: session.user_token })).code).toBe(401);
    }
    const suspended = String(errorCode('account_suspended'));
    clock.advance(61_000);
    // No code goes to a suspended number; the answer is the same as to any other.
    const sentBefore = t.container.accounts.outbox.list(`+86${mobile}`).length;
    expect((await post(t, '/portal/auth/send-code-mobile', { mobile })).code).toBe(0);
    expect(t.container.accounts.outbox.list(`+86${mobile}`)).toHaveLength(sentBefore);
    expect(
      (await post(t, '/portal/auth/login-mobile-password', { mobile, password: TEST_PASSWORD, agree: true })).code,
    ).toBe(Number(suspended));
    await expect(loginModes.google(t, google, googleSub)).rejects.toThrow(suspended);
    await expect(loginModes.external(t, partnerId)).rejects.toThrow(suspended);
    expect((await post(t, '/portal/auth/qr/poll', { ...pending, wait: 0 })).code).toBe(Number(suspended));
    const ticket = (await post(t, '/portal/auth/qr/create', {})).data as { ticket: string };
    expect((await post(t, '/portal/auth/qr/confirm', ticket, { token: phoneSession.access_token })).code).toBe(401);

    clock.advance(HOUR);
    expect(
      (await post(t, '/portal/auth/login-mobile-password', { mobile, password: TEST_PASSWORD, agree: true })).code,
    ).toBe(0);
    expect((await loginModes.google(t, google, googleSub)).user.id).toBe(googleUser.user.id);
  });

  it('locks until lifted, with its own message', async () => {
    const mobile = phone();
    const user = await loginModes.code(t, mobile);
    const lock = (await apply(user.user.id, 'lock')).data as Measure;
    expect(lock.expiresAt).toBeNull();
    expect((await info(user.access_token)).code).toBe(401);
    clock.advance(61_000);
    await expect(loginModes.code(t, mobile)).rejects.toThrow(String(errorCode('account_locked')));
    const lifted = await post(
      t,
      '/portal/admin/measures/lift',
      { measureId: lock.id, reason: 'appeal accepted' },
      { token: admin.access_token },
    );
    expect(lifted).toMatchObject({ code: 0, data: { active: false } });
    clock.advance(61_000);
    expect((await loginModes.code(t, mobile)).user.id).toBe(user.user.id);
  });

  it('limits: login and reading stay, changes answer account_limited; a warning changes nothing', async () => {
    const user = await loginModes.code(t, phone());
    await apply(user.user.id, 'warning');
    expect((await post(t, '/portal/member/modify', { name: 'Naomi' }, { token: user.access_token })).code).toBe(0);
    await apply(user.user.id, 'limitation');
    expect((await info(user.access_token)).data).toMatchObject({ limited: true, name: 'Naomi' });
    const change = await post(t, '/portal/member/modify', { name: 'Mara' }, { token: user.access_token });
    expect(change.code).toBe(errorCode('account_limited'));
    const list = await get(t, `/portal/admin/measures?userId=${user.user.id}`, { token: admin.access_token });
    expect((list.data as Measure[]).map((m) => m.kind).sort()).toEqual(['limitation', 'warning']);
  });

  it('deletes: the account and its data are erased, its tokens dead, the record kept without the person', async () => {
    const mobile = phone();
    const user = await loginModes.code(t, mobile);
    const res = await apply(user.user.id, 'deletion');
    expect(res).toMatchObject({ code: 0, data: { kind: 'deletion', userId: null } });
    expect((await info(user.access_token)).code).toBe(401);
    const found = await get(t, `/portal/admin/users/find?account=${mobile}`, { token: admin.access_token });
    expect(found.code).toBe(errorCode('not_found'));
  });

  it('refuses a measure for an unknown account or with an expiry in the past', async () => {
    expect((await apply(crypto.randomUUID(), 'warning')).code).toBe(errorCode('not_found'));
    const user = await loginModes.code(t, phone());
    const past = await apply(user.user.id, 'suspension', {
      expiresAt: new Date(clock.now().getTime() - 1).toISOString(),
    });
    expect(past.code).toBe(errorCode('invalid_request'));
  });
});
