import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALES, errorMessage } from '@bible-qa/contract';
import type { DatabaseHandle } from '../../db/client.ts';
import { databaseTargets } from '../../test/databases.ts';
import { buildTestApp } from '../../test/test-app.ts';
import { createAuthSessionRepository } from '../auth/auth-session.repository.ts';
import { hashToken } from '../auth/auth-session.service.ts';

describe.each(databaseTargets)('GET /webapi/portal/member/info on $name', (target) => {
  let database: DatabaseHandle;
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let userId: string;
  const now = new Date('2026-11-22T12:00:00Z');

  async function login(overrides: { accessExpiresAt?: Date; revokedAt?: Date } = {}) {
    const token = randomBytes(32).toString('base64url');
    await createAuthSessionRepository(database.db).insert({
      userId,
      accessTokenHash: hashToken(token),
      userTokenHash: hashToken(`${token}-user`),
      loginMode: 'test',
      accessExpiresAt: overrides.accessExpiresAt ?? new Date(now.getTime() + 3_600_000),
      userTokenExpiresAt: new Date(now.getTime() + 86_400_000),
      revokedAt: overrides.revokedAt ?? null,
    });
    return token;
  }

  beforeAll(async () => {
    database = await target.open();
    t = await buildTestApp({ database, clock: { now: () => now } });
    const user = await t.container.repositories.members.insert({
      name: '路得',
      email: 'ruth@example.org',
      language: 'zh-tw',
      expression: 'catholic',
    });
    userId = user.id;
  });
  afterAll(async () => {
    await t.app.close();
    await database.close();
  });

  it.each(LOCALES)('answers 401 without a token, its message in %s', async (locale) => {
    const res = await t.app.inject({ method: 'GET', url: '/webapi/portal/member/info', headers: { locale } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 401, msg: errorMessage('unauthorized', locale), data: null });
  });

  it.each(['', 'undefined', 'null', 'Bearer undefined', 'Bearer %E0%A4%A', 'x'.repeat(100_000)])(
    'treats the Authorization value %s as no token',
    async (authorization) => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/webapi/portal/member/info',
        headers: { authorization: authorization.slice(0, 60_000) },
      });
      expect(res.json().code).toBe(401);
    },
  );

  it('answers the user behind a live access token', async () => {
    const token = await login();
    const res = await t.app.inject({
      method: 'GET',
      url: '/webapi/portal/member/info',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      code: 0,
      data: {
        id: userId,
        name: '路得',
        email: 'ruth@example.org',
        language: 'zh-tw',
        expression: 'catholic',
        role: 'user',
      },
    });
  });

  it('accepts the token without the Bearer prefix', async () => {
    const token = await login();
    const res = await t.app.inject({
      method: 'GET',
      url: '/webapi/portal/member/info',
      headers: { authorization: token },
    });
    expect(res.json().code).toBe(0);
  });

  it('refuses an expired token and a revoked one', async () => {
    const expired = await login({ accessExpiresAt: new Date(now.getTime() - 1) });
    const revoked = await login({ revokedAt: new Date(now.getTime() - 1) });
    for (const token of [expired, revoked]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/webapi/portal/member/info',
        headers: { authorization: token },
      });
      expect(res.json().code).toBe(401);
    }
  });

  it('reports the database as reachable in the health check', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/webapi/health' });
    expect(res.json()).toMatchObject({ code: 0, data: { status: 'ok', database: 'ok' } });
  });
});
