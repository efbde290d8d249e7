import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALES, errorCode, errorMessage, type LoginResult } from '@bible-qa/contract';
import type { DatabaseHandle } from '../../db/client.ts';
import { get, manualClock, post, type TestApp } from '../../test/auth-helpers.ts';
import { databaseTargets } from '../../test/databases.ts';
import { startGoogleKeys, type GoogleKeys } from '../../test/google-keys.ts';
import { allModesEnv, knownCaptcha, loginModes } from '../../test/login-modes.ts';
import { buildTestApp } from '../../test/test-app.ts';

const b64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe.each(databaseTargets)('Google login on $name', (target) => {
  let database: DatabaseHandle;
  let t: TestApp;
  let google: GoogleKeys;
  const clock = manualClock();
  let n = 0;

  const login = async (credential: string, extra: object = {}) =>
    post(t, '/portal/auth/login-google', { ...(await knownCaptcha(t)), credential, agree: true, ...extra });

  beforeAll(async () => {
    google = await startGoogleKeys();
    database = await target.open();
    t = await buildTestApp({ database, clock, env: allModesEnv(google) });
  });
  afterAll(async () => {
    await t.app.close();
    await database.close();
    await google.close();
  });

  it('tells the web page the client id to hand to Google, and null when Google is not configured', async () => {
    const res = await get(t, '/portal/auth/options');
    expect(res).toMatchObject({ code: 0, data: { googleClientId: allModesEnv(google).GOOGLE_CLIENT_ID } });
    const bare = await buildTestApp({ database, clock });
    try {
      expect(await get(bare, '/portal/auth/options')).toMatchObject({ code: 0, data: { googleClientId: null } });
    } finally {
      await bare.app.close();
    }
  });

  it('hands out a captcha: a key and an SVG image, valid 5 minutes', async () => {
    const res = await get(t, '/portal/auth/captcha/googleCaptcha');
    expect(res.code).toBe(0);
    const data = res.data as { key: string; captcha: string; expiresIn: number };
    expect(data.key.length).toBeGreaterThanOrEqual(20);
    expect(data.captcha).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(data.captcha.split(',')[1]!, 'base64').toString()).toContain('<svg');
    expect(data.expiresIn).toBe(300);
  });

  it('logs a verified Google account in, and the same subject into the same account', async () => {
    const sub = `sub-${++n}`;
    const first = await login(await google.sign(clock.now(), { sub, jti: 'a' }));
    expect(first.code).toBe(0);
    const second = await login(await google.sign(clock.now(), { sub, jti: 'b' }));
    expect((second.data as LoginResult).user.id).toBe((first.data as LoginResult).user.id);
    const other = await login(await google.sign(clock.now(), { sub: `sub-${++n}` }));
    expect((other.data as LoginResult).user.id).not.toBe((first.data as LoginResult).user.id);
  });

  it('never hands a native account to a Google sign-in with the same e-mail', async () => {
    const native = await loginModes.code(t, '13700001111');
    const viaGoogle = await login(await google.sign(clock.now(), { sub: `sub-${++n}`, email: 'ruth@gmail.com' }));
    expect((viaGoogle.data as LoginResult).user.id).not.toBe(native.user.id);
  });

  it('refuses every ID token Google did not issue for us, unexpired and verified', async () => {
    const now = clock.now();
    const iat = Math.floor(now.getTime() / 1000);
    const bad: Record<string, string> = {
      'wrong audience': await google.sign(now, { aud: 'someone-else.apps.googleusercontent.com' }),
      'wrong issuer': await google.sign(now, { iss: 'https://evil.example' }),
      expired: await google.sign(now, { iat: iat - 7200, exp: iat - 3600 }),
      'not yet valid': await google.sign(now, { nbf: iat + 3600 }),
      'another key': await google.sign(now, {}, { foreignKey: true }),
      'e-mail unverified': await google.sign(now, { email_verified: false }),
      'e-mail verified as a string': await google.sign(now, { email_verified: 'true' }),
      unsigned: `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url({ iss: 'https://accounts.google.com', aud: 'test-client.apps.googleusercontent.com', sub: 'x', email_verified: true, iat, exp: iat + 60 })}.`,
      'signature stripped': (await google.sign(now)).split('.').slice(0, 2).join('.') + '.',
      garbage: 'not-a-token',
    };
    const genuine = await google.sign(now, { sub: 'victim' });
    const [h, , s] = genuine.split('.');
    bad['claims altered'] =
      `${h}.${b64url({ iss: 'https://accounts.google.com', aud: 'test-client.apps.googleusercontent.com', sub: 'attacker', email_verified: true, iat, exp: iat + 60 })}.${s}`;
    for (const [name, credential] of Object.entries(bad)) {
      const res = await login(credential);
      expect(res.code, name).toBe(errorCode('google_token_invalid'));
    }
  });

  it('accepts an ID token once', async () => {
    const credential = await google.sign(clock.now(), { sub: `sub-${++n}` });
    expect((await login(credential)).code).toBe(0);
    expect((await login(credential)).code).toBe(errorCode('google_token_invalid'));
  });

  it('refuses a used token in any other spelling of its signature', async () => {
    const now = clock.now();
    const sub = `sub-${++n}`;
    const credential = await google.sign(now, { sub });
    expect((await login(credential)).code).toBe(0);
    // An RS256 signature of 256 bytes has 4 unused low bits in its last base64url character: 15 other spellings.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const last = alphabet.indexOf(credential.at(-1)!);
    for (let low = 1; low < 16; low++) {
      const respelled = credential.slice(0, -1) + alphabet[(last & ~15) | ((last + low) & 15)];
      expect((await login(respelled)).code, `low bits +${low}`).toBe(errorCode('google_token_invalid'));
    }
  });

  it('uses a captcha once, right or wrong, and refuses a wrong or unknown one', async () => {
    const credential = await google.sign(clock.now(), { sub: `sub-${++n}` });
    const captcha = await knownCaptcha(t, 'abcd');
    const wrong = await post(t, '/portal/auth/login-google', { ...captcha, captcha: 'abce', credential, agree: true });
    expect(wrong.code).toBe(errorCode('captcha_invalid'));
    const reused = await post(t, '/portal/auth/login-google', { ...captcha, credential, agree: true });
    expect(reused.code).toBe(errorCode('captcha_invalid'));
    const unknown = await post(t, '/portal/auth/login-google', {
      key: 'made-up',
      captcha: 'abcd',
      credential,
      agree: true,
    });
    expect(unknown.code).toBe(errorCode('captcha_invalid'));
    // The answer is case-insensitive.
    const upper = await post(t, '/portal/auth/login-google', {
      ...(await knownCaptcha(t, 'abcd')),
      captcha: 'ABCD',
      credential,
      agree: true,
    });
    expect(upper.code).toBe(0);
  });

  it('refuses a captcha after its 5 minutes', async () => {
    const captcha = await knownCaptcha(t);
    clock.advance(300_001);
    const res = await post(t, '/portal/auth/login-google', {
      ...captcha,
      credential: await google.sign(clock.now()),
      agree: true,
    });
    expect(res.code).toBe(errorCode('captcha_invalid'));
  });

  it.each(LOCALES)('asks for the captcha key, the captcha and the agreement in %s', async (locale) => {
    const credential = 'x';
    expect((await post(t, '/portal/auth/login-google', { credential }, { locale })).msg).toBe(
      errorMessage('captcha_key_required', locale),
    );
    expect((await post(t, '/portal/auth/login-google', { key: 'k', credential }, { locale })).msg).toBe(
      errorMessage('captcha_required', locale),
    );
    expect((await post(t, '/portal/auth/login-google', { key: 'k', captcha: 'c', credential }, { locale })).msg).toBe(
      errorMessage('agreement_required', locale),
    );
  });

  it.each(LOCALES)('says Google login is unavailable in %s when no client id is configured', async (locale) => {
    const bare = await buildTestApp({ database, clock });
    try {
      const res = await bare.app.inject({
        method: 'POST',
        url: '/webapi/portal/auth/login-google',
        headers: { locale },
        payload: { key: 'k', captcha: 'c', credential: 'x', agree: true },
      });
      expect(res.json()).toMatchObject({
        code: errorCode('google_unavailable'),
        msg: errorMessage('google_unavailable', locale),
      });
    } finally {
      await bare.app.close();
    }
  });
});
