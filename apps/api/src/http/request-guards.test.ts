import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCode } from '@bible-qa/contract';
import type { DatabaseHandle } from '../db/client.ts';
import { openTestPglite } from '../test/databases.ts';
import { buildTestApp } from '../test/test-app.ts';
import { createTestUser } from '../test/test-users.ts';

let database: DatabaseHandle;
let t: Awaited<ReturnType<typeof buildTestApp>>;
let user: Awaited<ReturnType<typeof createTestUser>>;

beforeAll(async () => {
  database = await openTestPglite();
  t = await buildTestApp({ database });
  user = await createTestUser(database, 'guarded');
});
afterAll(async () => {
  await t.app.close();
  await database.close();
});

const post = async (url: string, payload: object, headers: Record<string, string> = {}) => {
  const res = await t.app.inject({ method: 'POST', url: `/webapi${url}`, payload, headers });
  return { status: res.statusCode, headers: res.headers, body: res.json() as { code: number; msg: string } };
};

describe('requests every route refuses or marks', () => {
  it.each([
    ['/portal/member/update-expression', { expression: 42 }],
    ['/portal/member/add-interest', { interests: 'not a list' }],
    ['/portal/feedback/add', { type: 'nonsense' }],
  ])('answers 401 before looking at the body: %s', async (url, body) => {
    expect((await post(url, body)).body.code).toBe(401);
  });

  it('answers 401 before looking at the query: /portal/feedback/info', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/webapi/portal/feedback/info?id=not-a-uuid' });
    expect(res.json().code).toBe(401);
  });

  it('refuses NUL in any text field with the validation error, never a 500', async () => {
    const nul = 'a\u0000b';
    const calls: [string, object][] = [
      ['/portal/feedback/add', { type: 'wrong_answer', content: `Wrong ${nul}` }],
      ['/portal/member/modify', { name: nul }],
      ['/portal/chat/session/rename', { id: crypto.randomUUID(), title: nul }],
      ['/portal/chat/ask', { question: nul, requestId: 'nul-request-1' }],
      ['/portal/auth/login-mail-password', { email: `a${nul}@b.co`, password: 'x', agree: true }],
    ];
    for (const [url, body] of calls) {
      const res = await post(url, body, user.headers);
      expect(res.body.code, url).toBe(errorCode('invalid_request'));
      expect(res.status, url).toBe(400);
    }
    const query = await t.app.inject({ method: 'GET', url: '/webapi/portal/chat/messages?conversationId=a%00b' });
    expect(query.json().code).toBe(errorCode('invalid_request'));
  });

  it('refuses a request with two Authorization headers, the valid one first', async () => {
    const origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const answer = await new Promise<{ code: number }>((resolve, reject) => {
        const req = http.request(`${origin}/webapi/portal/member/info`, { method: 'GET' }, (res) => {
          let text = '';
          res.on('data', (c: Buffer) => (text += c.toString()));
          res.on('end', () => resolve(JSON.parse(text) as { code: number }));
        });
        req.on('error', reject);
        // setHeader with an array sends the header twice.
        req.setHeader('authorization', [user.headers.authorization, 'Bearer someone-else']);
        req.end();
      });
      expect(answer.code).toBe(errorCode('invalid_request'));
    } finally {
      await t.app.close();
      t = await buildTestApp({ database });
    }
  });

  it('sends HSTS everywhere and no-store on authenticated JSON', async () => {
    const info = await t.app.inject({ method: 'GET', url: '/webapi/portal/member/info', headers: user.headers });
    expect(info.json().code).toBe(0);
    expect(info.headers['cache-control']).toBe('no-store');
    expect(info.headers['strict-transport-security']).toMatch(/^max-age=\d{8}/);
    const sessions = await t.app.inject({ method: 'GET', url: '/webapi/portal/chat/sessions', headers: user.headers });
    expect(sessions.headers['cache-control']).toBe('no-store');
    const version = await t.app.inject({ method: 'GET', url: '/webapi/version' });
    expect(version.headers['strict-transport-security']).toBeDefined();
  });
});
