import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCode, type AuditEvent, type AuditPage, type LoginResult } from '@bible-qa/contract';
import type { DatabaseHandle } from '../../db/client.ts';
import { get, lastCode, manualClock, post, type TestApp } from '../../test/auth-helpers.ts';
import { databaseTargets } from '../../test/databases.ts';
import { loginModes, TEST_PASSWORD } from '../../test/login-modes.ts';
import { buildTestApp } from '../../test/test-app.ts';

const ADMIN_PHONE = '13500000001';
const KEY = 'audit-key-for-tests-0123456789';

describe.each(databaseTargets)('the audit log on $name', (target) => {
  let database: DatabaseHandle;
  let t: TestApp;
  let admin: LoginResult;
  const clock = manualClock();
  let n = 0;
  const phone = () => `1350000${String(1000 + ++n)}`;
  const audit = async (query: string, token = admin.access_token) => {
    const res = await get(t, `/portal/admin/audit?${query}`, { token });
    expect(res.code, res.msg).toBe(0);
    return res.data as AuditPage;
  };
  const kinds = (page: AuditPage) => page.items.map((e) => e.kind);
  const auditLines = () => t.logs.filter((line) => typeof line.audit === 'string');

  beforeAll(async () => {
    database = await target.open();
    t = await buildTestApp({
      database,
      clock,
      env: {
        ADMIN_ACCOUNTS: ADMIN_PHONE,
        AUDIT_ACCOUNT_KEY: KEY,
        AUTH_FAILURES_PER_HOUR: '3',
        AUTH_LOCK_BASE_MS: '600000',
        CODE_SENDS_PER_IP_PER_HOUR: '100000',
        RISK_IP_LIMIT: '1000000',
        RISK_IP_BAN_AT: '1000000',
      },
    });
    admin = await loginModes.code(t, ADMIN_PHONE);
  });
  afterAll(async () => {
    await t.app.close();
    await database.close();
  });

  it('records measures, lifts and feedback replies with actor, target, kind and reason, and logs each', async () => {
    const user = await loginModes.code(t, phone());
    const token = { token: admin.access_token };
    const applied = await post(
      t,
      '/portal/admin/measures',
      { userId: user.user.id, kind: 'limitation', reason: 'spam in feedback' },
      token,
    );
    expect(applied.code).toBe(0);
    const measureId = (applied.data as { id: string }).id;
    clock.advance(1_000);
    await post(t, '/portal/admin/measures/lift', { measureId, reason: 'appeal accepted' }, token);
    clock.advance(1_000);
    const sent = await post(
      t,
      '/portal/feedback/add',
      { type: 'wrong_answer', content: 'The verse is wrong' },
      { token: user.access_token },
    );
    const feedbackId = (sent.data as { id: string }).id;
    await post(t, '/portal/admin/feedback/reply', { id: feedbackId, reply: 'Fixed, thank you' }, token);

    const page = await audit(`userId=${user.user.id}`);
    const byKind = (kind: string) => page.items.find((e) => e.kind === kind) as AuditEvent;
    expect(kinds(page).slice(0, 3)).toEqual(['feedback_replied', 'measure_lifted', 'measure_applied']);
    expect(byKind('measure_applied')).toMatchObject({
      actorId: admin.user.id,
      targetUserId: user.user.id,
      reason: 'spam in feedback',
      ip: '127.0.0.1',
      detail: { measure: 'limitation', measureId },
    });
    expect(byKind('measure_lifted')).toMatchObject({
      actorId: admin.user.id,
      targetUserId: user.user.id,
      reason: 'appeal accepted',
      detail: { measure: 'limitation', measureId },
    });
    expect(byKind('feedback_replied')).toMatchObject({
      actorId: admin.user.id,
      targetUserId: user.user.id,
      detail: { feedbackId },
    });
    const lifted = auditLines().find((line) => line.audit === 'measure_lifted' && line.targetUserId === user.user.id);
    expect(lifted).toMatchObject({ actorId: admin.user.id, reason: 'appeal accepted', level: 30 });
    expect(lifted?.requestId).toEqual(expect.any(String));
  });

  it('records a failed login by the digest of the account and the address it came from, never the number', async () => {
    const mobile = phone();
    await loginModes.password(t, mobile, clock);
    clock.advance(61_000);
    const wrong = await post(
      t,
      '/portal/auth/login-mobile-password',
      { mobile, password: 'Wrong1pass', agree: true },
      { ip: '203.0.113.7' },
    );
    expect(wrong.code).toBe(errorCode('wrong_password'));
    const page = await audit(`account=${encodeURIComponent(`+86 ${mobile}`)}&kind=login_failed`);
    expect(page.total).toBe(1);
    const [failed] = page.items;
    expect(failed).toMatchObject({
      kind: 'login_failed',
      ip: '203.0.113.7',
      reason: 'wrong_password',
      actorId: null,
      detail: { path: 'password' },
    });
    expect(failed!.accountHash).toMatch(/^[A-Za-z0-9_-]{32}$/);
    // The digest is keyed: a plain SHA-256 of the number does not give it.
    const plain = (await import('node:crypto')).createHash('sha256').update(`mobile:+86${mobile}`);
    expect(failed!.accountHash).not.toBe(plain.digest('base64url').slice(0, 32));
    // Neither the rows nor the log lines hold the number.
    const everything = JSON.stringify([...(await audit('size=100')).items, ...auditLines()]);
    expect(everything).not.toContain(mobile);
  });

  it('records logins, logout, a password change, the lock and the owner opening it', async () => {
    const mobile = phone();
    const first = await loginModes.code(t, mobile);
    const userId = first.user.id;
    clock.advance(61_000);
    await post(t, '/portal/auth/send-code-mobile', { mobile, purpose: 'set_password' }, { token: first.access_token });
    const set = await post(
      t,
      '/portal/auth/set-password',
      { mode: 'mobile', code: lastCode(t, `+86${mobile}`), password: TEST_PASSWORD, repeatPassword: TEST_PASSWORD },
      { token: first.access_token },
    );
    const session = set.data as LoginResult;
    expect((await post(t, '/portal/auth/logout', {}, { token: session.access_token })).code).toBe(0);
    // Three wrong passwords from elsewhere, then the fourth try locks the account.
    for (let i = 0; i < 4; i++) {
      await post(
        t,
        '/portal/auth/login-mobile-password',
        { mobile, password: `Bad${i}pass`, agree: true },
        { ip: '198.51.100.4' },
      );
    }
    // The owner asks for a code from a clean address and logs in through the lock.
    clock.advance(61_000);
    await post(t, '/portal/auth/send-code-mobile', { mobile }, { ip: '192.0.2.10' });
    const owner = await post(
      t,
      '/portal/auth/login',
      { mobile, code: lastCode(t, `+86${mobile}`), agree: true },
      { ip: '192.0.2.10' },
    );
    expect(owner.code).toBe(0);

    await t.container.services.codes.settled();
    const page = await audit(`account=${mobile}&size=50`);
    expect(
      kinds(page)
        .filter((kind) => kind !== 'code_requested')
        .reverse(),
    ).toEqual([
      'login',
      'password_changed',
      'login',
      'logout',
      'login_failed',
      'login_failed',
      'login_failed',
      'account_locked',
      'login_failed',
      'account_unlocked',
      'login',
    ]);
    const at = (kind: string) => page.items.filter((e) => e.kind === kind);
    expect(at('logout')[0]).toMatchObject({ actorId: userId, targetUserId: userId });
    expect(at('password_changed')[0]).toMatchObject({ actorId: userId, targetUserId: userId });
    expect(at('account_locked')[0]).toMatchObject({ ip: '198.51.100.4', detail: { lockMs: 600_000, level: 1 } });
    expect(at('login_failed')[0]).toMatchObject({ reason: 'locked' });
    expect(at('account_unlocked')[0]).toMatchObject({ ip: '192.0.2.10', reason: 'owner_code' });
    expect(at('login')[0]).toMatchObject({ ip: '192.0.2.10', targetUserId: userId, detail: { mode: 'mobile_code' } });
    // The login code asked for the existing account (not the first, for a new number; not set_password, its own).
    expect(at('code_requested')).toEqual([
      expect.objectContaining({
        ip: '192.0.2.10',
        targetUserId: userId,
        detail: { channel: 'mobile', purpose: 'login' },
      }),
    ]);
  });

  it('takes the address of a QR login from the desktop that polled', async () => {
    const phoneLogin = await loginModes.code(t, phone());
    const desktop = { ip: '203.0.113.50' };
    const ticket = (await post(t, '/portal/auth/qr/create', {}, desktop)).data as {
      ticket: string;
      pollSecret: string;
    };
    await post(t, '/portal/auth/qr/confirm', { ticket: ticket.ticket }, { token: phoneLogin.access_token });
    const polled = await post(t, '/portal/auth/qr/poll', { ...ticket, wait: 0 }, desktop);
    expect(polled.code).toBe(0);
    const [login] = (await audit(`userId=${phoneLogin.user.id}&kind=login`)).items;
    expect(login).toMatchObject({ ip: '203.0.113.50', detail: { mode: 'qr' } });
  });

  it('pages newest first, filters by kind, and is for admins only', async () => {
    const all = await audit('size=2&page=1');
    const next = await audit('size=2&page=2');
    expect(all.items).toHaveLength(2);
    expect(all.total).toBeGreaterThan(10);
    expect(next.total).toBe(all.total);
    expect(all.items[1]!.at >= next.items[0]!.at).toBe(true);
    expect(new Set(kinds(await audit('kind=logout&size=100')))).toEqual(new Set(['logout']));
    const user = await loginModes.code(t, phone());
    expect((await get(t, '/portal/admin/audit', { token: user.access_token })).code).toBe(errorCode('forbidden'));
    expect((await get(t, '/portal/admin/audit')).code).toBe(401);
    expect((await get(t, '/portal/admin/audit?kind=nonsense', { token: admin.access_token })).code).toBe(
      errorCode('invalid_request'),
    );
  });
});
