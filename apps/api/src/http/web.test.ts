import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle } from '../db/client.ts';
import { openTestPglite } from '../test/databases.ts';
import { buildTestApp } from '../test/test-app.ts';
import { contentSecurityPolicy } from './web.ts';

let database: DatabaseHandle;
let t: Awaited<ReturnType<typeof buildTestApp>>;
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'bibleqa-dist-'));

beforeAll(async () => {
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><title>shell</title><script type="module" src="/assets/app-1.js"></script>',
  );
  fs.writeFileSync(path.join(dist, 'assets', 'app-1.js'), 'console.log(1)');
  database = await openTestPglite();
  t = await buildTestApp({ database, env: { WEB_DIST_DIR: dist } });
});
afterAll(async () => {
  await t.app.close();
  await database.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('the web app', () => {
  it.each([
    '/',
    '/chat?_n=1',
    '/login',
    '/login/code/pwd',
    '/verify/mail/a@b.c',
    '/reset-pwd/mobile',
    '/set-pwd/mail',
    '/redirect/chat',
    '/devotionals',
    '/devotionals/12',
    '/collections',
    '/collect',
    '/setting',
    '/about?pageTitle=X',
    '/service',
    '/policy',
    '/help',
  ])('serves the shell for %s', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('<title>shell</title>');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).toContain("object-src 'none'");
    // Scripts from our origin and Google's sign-in script only; no other origin, no inline script.
    expect(res.headers['content-security-policy']).toContain(
      "script-src 'self' https://accounts.google.com/gsi/client;",
    );
  });

  it("opens the policy to the captcha widget's origins only when that provider is configured", () => {
    expect(contentSecurityPolicy()).not.toMatch(/geetest|qcloud/);
    const tencent = contentSecurityPolicy('tencent');
    expect(tencent).toContain(
      "script-src 'self' https://accounts.google.com/gsi/client https://turing.captcha.qcloud.com",
    );
    expect(tencent).toContain('frame-src https://accounts.google.com/gsi/ https://turing.captcha.qcloud.com');
    expect(tencent).not.toContain('geetest');
    expect(contentSecurityPolicy('geetest')).toContain(
      "connect-src 'self' https://accounts.google.com/gsi/ https://static.geetest.com https://gcaptcha4.geetest.com",
    );
  });

  it('serves hashed assets with a long cache', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-1.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers a missing asset with 404 rather than the shell', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/missing-2.js' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('<title>');
  });

  it('keeps unknown /webapi paths in the envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/webapi/chat' });
    expect(res.json().code).toBe(10004);
  });
});
