import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { errorCode, type LoginResult, type UserInfo } from '@bible-qa/contract';
import type { DatabaseHandle } from '../../db/client.ts';
import { get, manualClock, post, type TestApp } from '../../test/auth-helpers.ts';
import { databaseTargets } from '../../test/databases.ts';
import { loginModes } from '../../test/login-modes.ts';
import { buildTestApp } from '../../test/test-app.ts';

describe.each(databaseTargets)('member settings and consents on $name', (target) => {
  let database: DatabaseHandle;
  let t: TestApp;
  let a: LoginResult;
  let b: LoginResult;
  const clock = manualClock('2026-11-22T12:00:00Z');
  const me = async (token = a.access_token) => (await get(t, '/portal/member/info', { token })).data as UserInfo;

  beforeAll(async () => {
    database = await target.open();
    t = await buildTestApp({ database, clock });
    a = await loginModes.code(t, '13200000001');
    b = await loginModes.code(t, '13200000002');
  });
  afterAll(async () => {
    await t.app.close();
    await database.close();
  });

  it('changes only the settings fields: role, phone, e-mail, id and prototype keys are ignored', async () => {
    const res = await post(
      t,
      '/portal/member/modify',
      {
        name: '  Ruth  ',
        sex: 'female',
        themeColor: '#aa3300',
        darkMode: true,
        language: 'fr-fr',
        pseudonym: 'R.',
        avatar: 'https://cdn.example.org/a.png',
        profile: 'Moabite',
        role: 'admin',
        phone: '+8613900000000',
        email: 'evil@example.org',
        id: b.user.id,
        passwordHash: 'x',
      },
      { token: a.access_token },
    );
    expect(res.code).toBe(0);
    const after = await me();
    expect(after).toMatchObject({
      name: 'Ruth',
      sex: 'female',
      themeColor: '#aa3300',
      darkMode: true,
      language: 'fr-fr',
    });
    expect(after).toMatchObject({
      role: 'user',
      phone: '+8613200000001',
      email: null,
      id: a.user.id,
      hasPassword: false,
    });
    expect((await me(b.access_token)).name).toBe('');
    const poisoned = await t.app.inject({
      method: 'POST',
      url: '/webapi/portal/member/modify',
      headers: { authorization: `Bearer ${a.access_token}`, 'content-type': 'application/json' },
      payload: '{"name":"x","__proto__":{"role":"admin"}}',
    });
    expect(poisoned.json().code).not.toBe(0);
    expect((await me()).role).toBe('user');
  });

  it.each([
    'javascript:alert(1)',
    'data:image/svg+xml,<svg onload=alert(1)>',
    '//evil.example/a.png',
    'http://x/a.png',
    '#ff',
  ])('refuses the avatar or colour %j', async (value) => {
    const field = value.startsWith('#') ? { themeColor: value } : { avatar: value };
    expect((await post(t, '/portal/member/modify', field, { token: a.access_token })).code).toBe(
      errorCode('invalid_request'),
    );
  });

  it('stores the wording tradition and the interests of the tour', async () => {
    expect(
      (await post(t, '/portal/member/update-expression', { expression: 'orthodox' }, { token: a.access_token })).code,
    ).toBe(0);
    const interests = ['bible_study', 'spiritual_growth', 'bible_study'];
    expect((await post(t, '/portal/member/add-interest', { interests }, { token: a.access_token })).code).toBe(0);
    expect(await me()).toMatchObject({ expression: 'orthodox', interests: ['bible_study', 'spiritual_growth'] });
    expect(
      (await post(t, '/portal/member/add-interest', { interests: ['astrology'] }, { token: a.access_token })).code,
    ).toBe(errorCode('invalid_request'));
  });

  it('records consent to the user agreement with its version and time', async () => {
    expect(a.user).toMatchObject({ agreementVersion: '1.0', agreedAt: '2026-11-22T12:00:00.000Z' });
    clock.advance(60_000);
    const res = await post(t, '/portal/member/agreement', { version: '1.0' }, { token: a.access_token });
    expect(res.data).toMatchObject({ agreementVersion: '1.0', agreedAt: '2026-11-22T12:01:00.000Z' });
    expect((await post(t, '/portal/member/agreement', { version: '0.9' }, { token: a.access_token })).code).toBe(
      errorCode('invalid_request'),
    );
  });

  it("marks a minor under 18 and records a guardian's consent", async () => {
    const minor = await post(t, '/portal/member/birth-date', { birthDate: '2010-06-01' }, { token: b.access_token });
    expect(minor.data).toMatchObject({ birthDate: '2010-06-01', minor: true, guardianConsentAt: null });
    await expect(t.container.services.member.assertConsented(b.user.id)).rejects.toMatchObject({
      errorName: 'guardian_consent_required',
    });
    const refused = await post(
      t,
      '/portal/member/guardian-consent',
      { guardianName: 'Naomi', guardianContact: '+85291234567', guardianAgree: false },
      { token: b.access_token },
    );
    expect(refused.code).toBe(errorCode('guardian_consent_required'));
    const consent = await post(
      t,
      '/portal/member/guardian-consent',
      { guardianName: 'Naomi', guardianContact: '+85291234567', guardianAgree: true },
      { token: b.access_token },
    );
    expect((consent.data as UserInfo).guardianConsentAt).toBe(clock.now().toISOString());
    await expect(t.container.services.member.assertConsented(b.user.id)).resolves.toBeUndefined();
    const adult = await post(t, '/portal/member/birth-date', { birthDate: '2008-11-22' }, { token: b.access_token });
    expect((adult.data as UserInfo).minor).toBe(false);
    expect(
      (await post(t, '/portal/member/birth-date', { birthDate: '2030-01-01' }, { token: b.access_token })).code,
    ).toBe(errorCode('invalid_request'));
  });

  it('deregisters at once: the account, its sessions, conversations and pending codes are erased', async () => {
    const mobile = '13200000009';
    const user = await loginModes.code(t, mobile);
    await database.db.execute(sql`insert into conversations (user_id, title) values (${user.user.id}, 'mine')`);
    clock.advance(61_000);
    await post(t, '/portal/auth/send-code-mobile', { mobile });
    expect((await post(t, '/portal/member/deregister', {}, { token: user.access_token })).code).toBe(
      errorCode('invalid_request'),
    );
    clock.advance(61_000);
    await post(t, '/portal/auth/send-code-mobile', { mobile, purpose: 'deregister' }, { token: user.access_token });
    const code = t.container.accounts.outbox.list(`+86${mobile}`)[0]!.text.match(/\d{6}/)![0];
    const proof = { confirm: true, mode: 'mobile', code };
    expect((await post(t, '/portal/member/deregister', proof, { token: user.access_token })).code).toBe(0);
    expect((await get(t, '/portal/member/info', { token: user.access_token })).code).toBe(401);
    expect((await post(t, '/portal/auth/login', { userToken: user.user_token })).code).toBe(401);
    const left = await database.db.execute(sql`
      select (select count(*) from users where id = ${user.user.id})::int as users,
             (select count(*) from conversations where user_id = ${user.user.id})::int as conversations,
             (select count(*) from auth_sessions where user_id = ${user.user.id})::int as sessions,
             (select count(*) from verification_codes where identifier = ${`+86${mobile}`})::int as codes`);
    expect((left as unknown as { rows: unknown[] }).rows[0]).toEqual({
      users: 0,
      conversations: 0,
      sessions: 0,
      codes: 0,
    });
    // The number can sign up again later, as a new account.
    clock.advance(61_000);
    expect((await loginModes.code(t, mobile)).user.id).not.toBe(user.user.id);
  });
});
