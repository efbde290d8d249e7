import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCode, safeTargetPath, type LoginResult } from '@bible-qa/contract';
import type { DatabaseHandle } from '../../db/client.ts';
import { manualClock, post, type TestApp } from '../../test/auth-helpers.ts';
import { databaseTargets } from '../../test/databases.ts';
import { loginModes, PARTNER } from '../../test/login-modes.ts';
import { buildTestApp } from '../../test/test-app.ts';
import { signExternalAccess } from './external-access.service.ts';

const OTHER = { appId: 'globex', secret: 'globex-shared-secret-98765' };

describe.each(databaseTargets)('external access on $name', (target) => {
  let database: DatabaseHandle;
  let t: TestApp;
  const clock = manualClock();
  let n = 0;

  /** A partner's link as the partner signs it; fields can be tampered with after signing. */
  function link(identity = `member-${++n}`, at = clock.now().getTime(), partner = PARTNER) {
    return {
      platform: partner.appId,
      timestamp: at,
      identity,
      token: signExternalAccess(partner.secret, partner.appId, at, identity),
    };
  }
  const access = (body: object) => post(t, '/portal/auth/externalAccess', body);
  const INVALID = errorCode('external_access_invalid');

  beforeAll(async () => {
    database = await target.open();
    t = await buildTestApp({
      database,
      clock,
      env: { EXTERNAL_PARTNERS: JSON.stringify({ [PARTNER.appId]: PARTNER.secret, [OTHER.appId]: OTHER.secret }) },
    });
  });
  afterAll(async () => {
    await t.app.close();
    await database.close();
  });

  it('logs a signed link in, and the same partner identity into the same account', async () => {
    const first = await access(link('member-7'));
    expect(first.code).toBe(0);
    clock.advance(1_000);
    const again = await access(link('member-7'));
    expect((again.data as LoginResult).user.id).toBe((first.data as LoginResult).user.id);
    // appId is accepted in place of platform.
    const { platform, ...rest } = link('member-8');
    expect((await access({ appId: platform, ...rest })).code).toBe(0);
  });

  it('cannot be forged: every tampered field, a wrong secret or an unknown partner is refused', async () => {
    const good = link();
    const at = good.timestamp;
    const forged = [
      { ...good, identity: `${good.identity}x` },
      { ...good, timestamp: at + 1 },
      { ...good, platform: OTHER.appId },
      { ...good, token: good.token.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')) },
      { ...good, token: good.token.toUpperCase().slice(0, 63) },
      { ...good, token: '' },
      { ...good, token: signExternalAccess('not-the-secret-at-all', PARTNER.appId, at, good.identity) },
      { ...link(good.identity, at, OTHER), platform: PARTNER.appId },
      { ...good, platform: 'unknown' },
      { ...good, platform: '__proto__' },
      { ...good, platform: 'constructor' },
      { ...good, platform: undefined },
    ];
    for (const [i, body] of forged.entries()) expect((await access(body)).code, `case ${i}`).toBe(INVALID);
    // Untouched, the same link still works: the forgeries did not spend it.
    expect((await access(good)).code).toBe(0);
  });

  it('accepts the token in its canonical lower-case hex only', async () => {
    const fresh = link();
    expect((await access({ ...fresh, token: fresh.token.toUpperCase() })).code).toBe(INVALID);
    expect((await access(fresh)).code).toBe(0);
  });

  it('cannot be replayed', async () => {
    const once = link();
    expect((await access(once)).code).toBe(0);
    expect((await access(once)).code).toBe(INVALID);
    clock.advance(60_000);
    expect((await access(once)).code).toBe(INVALID);
  });

  it('is accepted within 5 minutes either side of its timestamp and not beyond', async () => {
    const now = clock.now().getTime();
    expect((await access(link(undefined, now - 300_000))).code).toBe(0);
    expect((await access(link(undefined, now + 300_000))).code).toBe(0);
    expect((await access(link(undefined, now - 301_000))).code).toBe(INVALID);
    expect((await access(link(undefined, now + 301_000))).code).toBe(INVALID);
    // Seconds work as well as milliseconds, with the same window.
    const seconds = Math.floor(now / 1000);
    const id = `member-${++n}`;
    const token = signExternalAccess(PARTNER.secret, PARTNER.appId, seconds, id);
    expect((await access({ platform: PARTNER.appId, timestamp: seconds, identity: id, token })).code).toBe(0);
    for (const timestamp of ['', 'now', '1e12', '-1', '12345']) {
      expect((await access({ ...link(), timestamp })).code).toBe(INVALID);
    }
  });

  it("keeps a partner's identity in its own namespace: never a native account, never another partner's user", async () => {
    const native = await loginModes.code(t, '13500001234');
    const sameText = await access(link('+8613500001234'));
    expect((sameText.data as LoginResult).user.id).not.toBe(native.user.id);
    expect((sameText.data as LoginResult).user.phone).toBeNull();
    const acme = await access(link('shared-id'));
    const globex = await access(link('shared-id', clock.now().getTime(), OTHER));
    expect((acme.data as LoginResult).user.id).not.toBe((globex.data as LoginResult).user.id);
  });

  it('sends the browser only to a same-origin path afterwards (the web uses safeTargetPath)', () => {
    expect(safeTargetPath('/devotionals/3')).toBe('/devotionals/3');
    for (const target of [
      'https://evil.example/',
      '//evil.example',
      'javascript:alert(1)',
      '/\\evil.example',
      undefined,
    ]) {
      expect(safeTargetPath(target)).toBe('/chat?_n=2');
    }
  });
});
