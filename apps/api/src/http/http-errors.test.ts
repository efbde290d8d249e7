import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { type DatabaseHandle } from '../db/client.ts';
import { openTestPglite } from '../test/databases.ts';
import { buildTestApp } from '../test/test-app.ts';

let database: DatabaseHandle;
let t: Awaited<ReturnType<typeof buildTestApp>>;

beforeAll(async () => {
  database = await openTestPglite();
  t = await buildTestApp({
    database,
    env: { BODY_LIMIT_BYTES: '4096' },
    extend: (app) => {
      app.post('/webapi/test/echo', async (request) => ({ code: 0, msg: 'success', data: request.body }));
      app.get('/webapi/test/boom', async () => {
        throw new Error('secret database detail at /srv/app/x.ts:12');
      });
      app.get('/webapi/test/sql', async () => database.db.execute(sql`select ${'Ruth of Moab'}::int as n`));
    },
  });
});
afterAll(async () => {
  await t.app.close();
  await database.close();
});

function linesFor(requestId: string) {
  return t.logs.filter((line) => line.reqId === requestId);
}

describe('errors reach the client in the envelope, with one log line each', () => {
  const cases = [
    {
      what: 'a malformed JSON body',
      request: {
        method: 'POST',
        url: '/webapi/test/echo',
        headers: { 'content-type': 'application/json' },
        payload: '{"a":',
      },
      status: 400,
      code: 10001,
    },
    {
      what: 'an oversized body',
      request: {
        method: 'POST',
        url: '/webapi/test/echo',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ text: 'x'.repeat(5000) }),
      },
      status: 413,
      code: 10002,
    },
    { what: 'an unknown route', request: { method: 'GET', url: '/webapi/no/such/route' }, status: 404, code: 10004 },
    { what: 'a wrong HTTP method', request: { method: 'DELETE', url: '/webapi/version' }, status: 405, code: 10005 },
    {
      what: 'an unsupported content type',
      request: {
        method: 'POST',
        url: '/webapi/test/echo',
        headers: { 'content-type': 'application/xml' },
        payload: '<a/>',
      },
      status: 415,
      code: 10003,
    },
    {
      what: 'a prototype-poisoning body',
      request: {
        method: 'POST',
        url: '/webapi/test/echo',
        headers: { 'content-type': 'application/json' },
        payload: '{"__proto__":{"admin":true}}',
      },
      status: 400,
      code: 10001,
    },
    { what: 'an unexpected exception', request: { method: 'GET', url: '/webapi/test/boom' }, status: 500, code: 500 },
  ] as const;

  it.each(cases)('$what', async ({ request, status, code }) => {
    const res = await t.app.inject({
      ...request,
      headers: { ...('headers' in request ? request.headers : {}), locale: 'en' },
    });
    expect(res.statusCode).toBe(status);
    const body = res.json();
    expect(body).toMatchObject({ code, data: null });
    expect(typeof body.msg).toBe('string');
    expect(body.msg.length).toBeGreaterThan(0);
    expect(body.requestId).toBe(res.headers['x-request-id']);
    expect(res.body).not.toMatch(/at \w+ \(|\.ts:\d+|stack|secret database detail/);
    expect(linesFor(body.requestId)).toHaveLength(1);
  });

  it('hides an unexpected error behind the system message but logs it with the request id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/webapi/test/boom', headers: { locale: 'en' } });
    expect(res.json().msg).toBe('Internal system error, please try again later!');
    const [line] = linesFor(res.json().requestId);
    expect(line?.level).toBe(50);
    expect(JSON.stringify(line)).toContain('secret database detail');
  });

  it('logs a failed query by its class and SQLSTATE, without the SQL or its bound values', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/webapi/test/sql' });
    expect(res.json().code).toBe(500);
    const [line] = linesFor(res.json().requestId);
    expect(line?.level).toBe(50);
    expect(line?.err).toMatchObject({ database: true, sqlState: '22P02' });
    expect(JSON.stringify(line)).not.toContain('Ruth of Moab');
    expect(JSON.stringify(line)).not.toContain('select');
  });

  it('says the wrong method in the caller’s language and names the allowed ones', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/webapi/version', headers: { locale: 'fr-fr' } });
    expect(res.json().msg).toBe('Cette interface n’accepte pas la méthode POST.');
    expect(res.headers.allow).toContain('GET');
  });

  it('keeps a sane caller request id and replaces an unsafe one', async () => {
    const kept = await t.app.inject({
      method: 'GET',
      url: '/webapi/nope',
      headers: { 'x-request-id': 'trace-12345678' },
    });
    expect(kept.json().requestId).toBe('trace-12345678');
    const replaced = await t.app.inject({
      method: 'GET',
      url: '/webapi/nope',
      headers: { 'x-request-id': 'unsafe id\n' },
    });
    // A generated id (a UUID's hex once held "bad" by chance: the caller's words are what must not come back).
    expect(replaced.json().requestId).not.toMatch(/unsafe|\s/);
    expect(replaced.json().requestId).toMatch(/^[\w-]{8,}$/);
  });
});

describe('sysName and platform', () => {
  it('are read from the query of a GET and recorded in the request log', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/webapi/version?sysName=CHAT_ASSISTANT&platform=Partner1' });
    const [line] = linesFor(String(res.headers['x-request-id']));
    expect(line).toMatchObject({ sysName: 'CHAT_ASSISTANT', platform: 'Partner1', method: 'GET' });
  });

  it('are read from the body of a POST', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/webapi/test/echo',
      payload: { question: 'q', sysName: 'CHAT_ASSISTANT', platform: 'Web' },
    });
    const [line] = linesFor(String(res.headers['x-request-id']));
    expect(line).toMatchObject({ sysName: 'CHAT_ASSISTANT', platform: 'Web' });
  });

  it('fall back to the International platform', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/webapi/version' });
    const [line] = linesFor(String(res.headers['x-request-id']));
    expect(line).toMatchObject({ platform: 'International' });
  });
});

describe('GET /webapi/version', () => {
  it('answers the edition marker as plain text', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/webapi/version' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toBe('zh-cn');
  });
});

describe('GET /webapi/openapi.json', () => {
  it('documents the routes from the contract schemas', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/webapi/openapi.json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/webapi/version', '/webapi/portal/member/info']));
    const info = doc.paths['/webapi/portal/member/info'].get.responses['200'];
    expect(JSON.stringify(info)).toContain('themeColor');
  });
});
