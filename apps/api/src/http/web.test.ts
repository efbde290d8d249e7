import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle } from '../db/client.ts';
import { openTestPglite } from '../test/databases.ts';
import { buildTestApp } from '../test/test-app.ts';
import { contentSecurityPolicy, inlineScriptHashes } from './web.ts';

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

describe('the web app as the build leaves it: precompressed, with an inline boot script', () => {
  const built = fs.mkdtempSync(path.join(os.tmpdir(), 'bibleqa-built-'));
  const boot = "\n      document.documentElement.lang = 'zh-CN';\n    ";
  const html = `<!doctype html><title>shell</title><div id="boot-overlay">欢迎</div><script>${boot}</script><script type="module" src="/assets/app-2.js"></script>`;
  const script = `export const verses = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `verse ${i}`))};`;
  const worker = `self.addEventListener('fetch', () => undefined); // ${'kept '.repeat(40)}`;
  const manifest = JSON.stringify({ name: 'Bible Q&A Assistant', display: 'standalone' });
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  let db: DatabaseHandle;

  beforeAll(async () => {
    fs.mkdirSync(path.join(built, 'assets'));
    for (const [file, text] of [
      ['index.html', html],
      ['assets/app-2.js', script],
      ['sw.js', worker],
      ['manifest.en.webmanifest', manifest],
    ] as const) {
      fs.writeFileSync(path.join(built, file), text);
      fs.writeFileSync(path.join(built, `${file}.br`), brotliCompressSync(text));
      fs.writeFileSync(path.join(built, `${file}.gz`), gzipSync(text));
    }
    db = await openTestPglite();
    app = await buildTestApp({ database: db, env: { WEB_DIST_DIR: built } });
  });
  afterAll(async () => {
    await app.app.close();
    await db.close();
    fs.rmSync(built, { recursive: true, force: true });
  });

  const get = (url: string, encoding?: string) =>
    app.app.inject({ method: 'GET', url, headers: encoding === undefined ? {} : { 'accept-encoding': encoding } });

  it.each([
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
  ])('sends the %s copy of an asset with its type, length and a year of cache', async (accepted, encoding) => {
    const res = await get('/assets/app-2.js', accepted);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(res.rawPayload.length).toBeLessThan(script.length / 2);
    const plain = encoding === 'br' ? brotliDecompressSync(res.rawPayload) : gunzipSync(res.rawPayload);
    expect(plain.toString()).toBe(script);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends the file itself to a client that accepts no encoding, still varying on it', async () => {
    const res = await get('/assets/app-2.js', 'identity');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(script);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
  });

  it.each(['/', '/chat?id=0b0f6c56-6c1e-4a3e-9a40-4d1d3a3d9c01', '/collections'])(
    'sends the compressed page for %s, never cached, allowing its boot script by hash only',
    async (url) => {
      const res = await get(url, 'br');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(res.rawPayload).toString()).toBe(html);
      const hash = `sha256-${createHash('sha256').update(boot).digest('base64')}`;
      expect(res.headers['content-security-policy']).toContain(
        `script-src 'self' '${hash}' https://accounts.google.com/gsi/client;`,
      );
      expect(res.headers['content-security-policy']).not.toContain("unsafe-inline'; script");
    },
  );

  it.each([
    ['/sw.js', /^(application|text)\/javascript/],
    ['/manifest.en.webmanifest', /^application\/manifest\+json/],
  ])('sends %s with its type and revalidated every time, so a release reaches every reader', async (url, type) => {
    const res = await get(url, 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(type);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('hashes exactly the inline scripts, not the ones loaded from a file', () => {
    expect(inlineScriptHashes(html)).toEqual([`sha256-${createHash('sha256').update(boot).digest('base64')}`]);
    expect(inlineScriptHashes('<script type="module" src="/a.js"></script><script> </script>')).toEqual([]);
  });
});
