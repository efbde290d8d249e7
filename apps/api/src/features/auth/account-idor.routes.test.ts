import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCode, type LoginResult, type Measure, type UserInfo } from '@bible-qa/contract';
import type { DatabaseHandle } from '../../db/client.ts';
import { get, manualClock, post, type TestApp } from '../../test/auth-helpers.ts';
import { databaseTargets } from '../../test/databases.ts';
import { loginModes } from '../../test/login-modes.ts';
import { buildTestApp } from '../../test/test-app.ts';

/**
 * R24–R26: A's token against every account route, with B's ids in the path, the query, the body and nested fields.
 * Nothing of B's is read or changed.
 */
describe.each(databaseTargets)("a user's token reaches nothing of another user's on $name", (target) => {
  let database: DatabaseHandle;
  let t: TestApp;
  let a: LoginResult;
  let b: LoginResult;
  let admin: LoginResult;
  const clock = manualClock();
  const info = async (who: LoginResult) =>
    (await get(t, '/portal/member/info', { token: who.access_token })).data as UserInfo;

  beforeAll(async () => {
    database = await target.open();
    t = await buildTestApp({ database, clock, env: { ADMIN_ACCOUNTS: '13900000009' } });
    a = await loginModes.code(t, '13900000001');
    b = await loginModes.code(t, '13900000002');
    admin = await loginModes.code(t, '13900000009');
  });
  afterAll(async () => {
    await t.app.close();
    await database.close();
  });

  it('answers only the caller on the member routes, whatever id is sent', async () => {
    const before = await info(b);
    for (const query of [`?id=${b.user.id}`, `?userId=${b.user.id}`, `/${b.user.id}`]) {
      const res = await get(t, `/portal/member/info${query}`, { token: a.access_token });
      if (res.code === 0) expect((res.data as UserInfo).id).toBe(a.user.id);
      else expect(res.code).toBe(errorCode('route_not_found'));
    }
    const ids = { id: b.user.id, userId: b.user.id, user: { id: b.user.id } };
    const writes: [string, object][] = [
      ['/portal/member/modify', { ...ids, name: 'changed', profile: 'changed' }],
      ['/portal/member/update-expression', { ...ids, expression: 'catholic' }],
      ['/portal/member/add-interest', { ...ids, interests: ['other'] }],
      ['/portal/member/agreement', { ...ids, version: '1.0' }],
      ['/portal/member/birth-date', { ...ids, birthDate: '2012-01-01' }],
      ['/portal/member/guardian-consent', { ...ids, guardianName: 'x', guardianContact: 'y', guardianAgree: true }],
    ];
    for (const [url, body] of writes) {
      const res = await post(t, url, body, { token: a.access_token });
      expect(res.code, url).toBe(0);
      expect((res.data as UserInfo).id, url).toBe(a.user.id);
    }
    expect(await info(b)).toEqual(before);
    const pre = await post(t, '/portal/auth/set-password-pre-check', { userId: b.user.id }, { token: a.access_token });
    expect((pre.data as { mobile: string }).mobile).toBe('+86139****0001');
  });

  it("refuses to send a set_password code to B's phone with A's token", async () => {
    clock.advance(61_000);
    const res = await post(
      t,
      '/portal/auth/send-code-mobile',
      { mobile: '13900000002', purpose: 'set_password' },
      { token: a.access_token },
    );
    expect(res.code).toBe(errorCode('contact_missing'));
    expect(t.container.accounts.outbox.list('+8613900000002')).toHaveLength(1);
  });

  it("refuses B's measures and account to A on every admin route", async () => {
    const measure = (
      await post(
        t,
        '/portal/admin/measures',
        { userId: b.user.id, kind: 'warning', reason: 'r' },
        { token: admin.access_token },
      )
    ).data as Measure;
    const calls = [
      get(t, `/portal/admin/measures?userId=${b.user.id}`, { token: a.access_token }),
      get(t, '/portal/admin/users/find?account=13900000002', { token: a.access_token }),
      post(t, '/portal/admin/measures/lift', { measureId: measure.id, reason: 'x' }, { token: a.access_token }),
      post(
        t,
        '/portal/admin/measures',
        { userId: b.user.id, kind: 'deletion', reason: 'r' },
        { token: a.access_token },
      ),
    ];
    for (const res of await Promise.all(calls)) expect(res).toMatchObject({ code: errorCode('forbidden'), data: null });
    const list = await get(t, `/portal/admin/measures?userId=${b.user.id}`, { token: admin.access_token });
    expect(list.data).toEqual([measure]);
    expect((await info(b)).id).toBe(b.user.id);
  });

  it("never logs A in as B through B's QR ticket, and A's logout leaves B's login alone", async () => {
    const desk = (await post(t, '/portal/auth/qr/create', {})).data as { ticket: string; pollSecret: string };
    await post(t, '/portal/auth/qr/confirm', { ticket: desk.ticket }, { token: b.access_token });
    const stolen = await post(
      t,
      '/portal/auth/qr/poll',
      { ticket: desk.ticket, pollSecret: a.access_token },
      { token: a.access_token },
    );
    expect(stolen.data).toEqual({ status: 'expired', login: null });
    await post(t, '/portal/auth/logout', {}, { token: a.access_token });
    expect((await get(t, '/portal/member/info', { token: b.access_token })).code).toBe(0);
  });
});
