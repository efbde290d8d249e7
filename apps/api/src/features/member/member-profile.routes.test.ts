import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { errorCode, type LoginResult, type UserInfo } from '@bible-qa/contract';
import type { DatabaseHandle } from '../../db/client.ts';
import { get, manualClock, post, type TestApp } from '../../test/auth-helpers.ts';
import { databaseTargets } from '../../test/databases.ts';
import { loginModes } from '../../test/login-modes.ts';
import { buildTestApp } from '../../test/test-app.ts';

const ADMIN_PHONE = '13100000001';

/** Personal info (name, gender) through /portal/member/modify, and what deregistration erases and keeps. */
describe.each(databaseTargets)('personal info and deregistration on $name', (target) => {
  let database: DatabaseHandle;
  let t: TestApp;
  let admin: LoginResult;
  const clock = manualClock('2026-11-22T12:00:00Z');
  let n = 0;
  const phone = () => `1310000${String(1000 + ++n)}`;
  const me = async (token: string) => (await get(t, '/portal/member/info', { token })).data as UserInfo;
  const count = async (query: ReturnType<typeof sql>) =>
    ((await database.db.execute(query)) as unknown as { rows: { n: number }[] }).rows[0]?.n;

  beforeAll(async () => {
    database = await target.open();
    t = await buildTestApp({ database, clock, env: { ADMIN_ACCOUNTS: `+86 ${ADMIN_PHONE}` } });
    admin = await loginModes.code(t, ADMIN_PHONE);
  });
  afterAll(async () => {
    await t.app.close();
    await database.close();
  });

  it('edits the name and the gender one at a time, each keeping the other', async () => {
    const user = await loginModes.code(t, phone());
    const modify = (body: object) => post(t, '/portal/member/modify', body, { token: user.access_token });
    expect(await modify({ name: '  Lydia\u202e of Thyatira ' })).toMatchObject({
      code: 0,
      data: { name: 'Lydia of Thyatira', sex: 'unknown' },
    });
    expect(await modify({ sex: 'female' })).toMatchObject({
      code: 0,
      data: { name: 'Lydia of Thyatira', sex: 'female' },
    });
    expect(await me(user.access_token)).toMatchObject({ name: 'Lydia of Thyatira', sex: 'female' });
    // An empty name unsets it; "unknown" is how a gender is taken back.
    expect(await modify({ name: '', sex: 'unknown' })).toMatchObject({ code: 0, data: { name: '', sex: 'unknown' } });
  });

  it('refuses a name over 64 characters or an unknown gender, and changes nothing', async () => {
    const user = await loginModes.code(t, phone());
    const modify = (body: object) => post(t, '/portal/member/modify', body, { token: user.access_token });
    await modify({ name: 'Priscilla', sex: 'female' });
    expect((await modify({ name: 'x'.repeat(65), sex: 'male' })).code).toBe(errorCode('invalid_request'));
    expect((await modify({ sex: 'other' })).code).toBe(errorCode('invalid_request'));
    expect((await modify({ name: 42 })).code).toBe(errorCode('invalid_request'));
    expect(await me(user.access_token)).toMatchObject({ name: 'Priscilla', sex: 'female' });
    expect((await modify({ name: 'y'.repeat(64) })).code).toBe(0);
  });

  it('refuses a guest and a dead token', async () => {
    expect((await post(t, '/portal/member/modify', { name: 'Anon' })).code).toBe(401);
    expect((await post(t, '/portal/member/modify', { name: 'Anon' }, { token: 'forged' })).code).toBe(401);
  });

  it('deregistration erases feedback, ratings, collections, share links and sessions; the measure record stays without the person', async () => {
    const mobile = phone();
    const user = await loginModes.code(t, mobile);
    const id = user.user.id;
    await post(t, '/portal/member/modify', { name: 'Demas' }, { token: user.access_token });
    const sent = await post(
      t,
      '/portal/feedback/add',
      { type: 'wrong_answer', content: 'Jude has one chapter', contact: 'demas@example.org' },
      { token: user.access_token },
    );
    expect(sent.code).toBe(0);
    await database.db.execute(sql`
      with c as (insert into conversations (user_id, title) values (${id}, 'mine') returning id)
      insert into messages (conversation_id, user_id, role, content, rating, rating_reason, collected_at)
      select c.id, ${id}, 'assistant', 'an answer', 'dislike', 'wrong_answer', now() from c`);
    await database.db.execute(
      sql`insert into shares (token, user_id, message_ids) values (${`tok-${id}`}, ${id}, '[]'::jsonb)`,
    );
    const warning = await post(
      t,
      '/portal/admin/measures',
      { userId: id, kind: 'warning', reason: 'posted links' },
      { token: admin.access_token },
    );
    expect(warning.code).toBe(0);

    clock.advance(61_000);
    await post(t, '/portal/auth/send-code-mobile', { mobile, purpose: 'deregister' }, { token: user.access_token });
    const code = t.container.accounts.outbox.list(`+86${mobile}`)[0]!.text.match(/\d{6}/)![0];
    const proof = { confirm: true, mode: 'mobile', code };
    expect((await post(t, '/portal/member/deregister', proof, { token: user.access_token })).code).toBe(0);

    expect((await get(t, '/portal/member/info', { token: user.access_token })).code).toBe(401);
    expect((await post(t, '/portal/member/modify', { name: 'Back' }, { token: user.access_token })).code).toBe(401);
    expect((await post(t, '/portal/auth/login', { userToken: user.user_token })).code).toBe(401);
    expect(
      await count(sql`select (
        (select count(*) from users where id = ${id}) +
        (select count(*) from feedback where user_id = ${id}) +
        (select count(*) from messages where user_id = ${id}) +
        (select count(*) from conversations where user_id = ${id}) +
        (select count(*) from shares where user_id = ${id}) +
        (select count(*) from auth_sessions where user_id = ${id}) +
        (select count(*) from feedback where contact = 'demas@example.org'))::int as n`),
    ).toBe(0);
    // The admin's record of the measure outlives the person: its reason, without whom it concerned.
    expect(
      await count(sql`select count(*)::int as n from account_measures
        where id = ${(warning.data as { id: string }).id} and user_id is null and reason = 'posted links'`),
    ).toBe(1);
    const found = await get(t, `/portal/admin/users/find?account=${mobile}`, { token: admin.access_token });
    expect(found.code).toBe(errorCode('not_found'));
  });
});
