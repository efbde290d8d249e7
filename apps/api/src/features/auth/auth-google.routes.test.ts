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

  /** One login attempt: its captcha (known answer) and the nonce Google must put in the token. */
  const attempt = async () => {
    const { nonce, ...captcha } = await knownCaptcha(t);
    return { captcha, nonce };
  };
  /** A login attempt with a token Google signed for it (claims override the defaults, nonce included). */
  const login = async (claims: Record<string, unknown> = {}, options: { foreignKey?: boolean } = {}) => {
    const { captcha, nonce } = await attempt();
    const credential = await google.sign(clock.now(), { nonce, ...claims }, options);
    return post(t, '/portal/auth/login-google', { ...captcha, credential, agree: true });
  };
  const loginWith = async (credential: string) =>
    post(t, '/portal/auth/login-google', { ...(await attempt()).captcha, credential, agree: true });

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

  it('hands out a captcha for one attempt: a key, a PNG image, its nonce, valid 2 minutes', async () => {
    const res = await get(t, '/portal/auth/captcha/googleCaptcha');
    expect(res.code).toBe(0);
    const data = res.data as { key: string; captcha: string; expiresIn: number; nonce: string; provider: string };
    expect(data.key.length).toBeGreaterThanOrEqual(20);
    expect(data.captcha).toMatch(/^data:image\/png;base64,/);
    expect(data).toMatchObject({ expiresIn: 120, provider: 'builtin', appId: null });
    expect(data.nonce).toMatch(/^[\w-]{43}$/);
    const next = (await get(t, '/portal/auth/captcha/googleCaptcha')).data as { key: string; nonce: string };
    expect(next.nonce).not.toBe(data.nonce);
  });

  it('logs a verified Google account in, and the same subject into the same account', async () => {
    const sub = `sub-${++n}`;
    const first = await login({ sub, jti: 'a' });
    expect(first.code).toBe(0);
    const second = await login({ sub, jti: 'b' });
    expect((second.data as LoginResult).user.id).toBe((first.data as LoginResult).user.id);
    const other = await login({ sub: `sub-${++n}` });
    expect((other.data as LoginResult).user.id).not.toBe((first.data as LoginResult).user.id);
  });

  it('never hands a native account to a Google sign-in with the same e-mail', async () => {
    const native = await loginModes.code(t, '13700001111');
    const viaGoogle = await login({ sub: `sub-${++n}`, email: 'ruth@gmail.com' });
    expect((viaGoogle.data as LoginResult).user.id).not.toBe(native.user.id);
  });

  it('refuses every ID token Google did not issue for us, unexpired and verified', async () => {
    const iat = Math.floor(clock.now().getTime() / 1000);
    const bad: Record<string, () => Promise<{ code: number }>> = {
      'wrong audience': () => login({ aud: 'someone-else.apps.googleusercontent.com' }),
      'wrong issuer': () => login({ iss: 'https://evil.example' }),
      expired: () => login({ iat: iat - 7200, exp: iat - 3600 }),
      'not yet valid': () => login({ nbf: iat + 3600 }),
      'another key': () => login({}, { foreignKey: true }),
      'e-mail unverified': () => login({ email_verified: false }),
      'e-mail verified as a string': () => login({ email_verified: 'true' }),
      unsigned: async () => {
        const { captcha, nonce } = await attempt();
        const claims = {
          iss: 'https://accounts.google.com',
          aud: 'test-client.apps.googleusercontent.com',
          sub: 'x',
          email_verified: true,
          iat,
          exp: iat + 60,
          nonce,
        };
        const credential = `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(claims)}.`;
        return post(t, '/portal/auth/login-google', { ...captcha, credential, agree: true });
      },
      'signature stripped': async () => {
        const { captcha, nonce } = await attempt();
        const credential = (await google.sign(clock.now(), { nonce })).split('.').slice(0, 2).join('.') + '.';
        return post(t, '/portal/auth/login-google', { ...captcha, credential, agree: true });
      },
      garbage: () => loginWith('not-a-token'),
      'claims altered': async () => {
        const { captcha, nonce } = await attempt();
        const [h, , sig] = (await google.sign(clock.now(), { sub: 'victim', nonce })).split('.');
        const claims = {
          iss: 'https://accounts.google.com',
          aud: 'test-client.apps.googleusercontent.com',
          sub: 'attacker',
          email_verified: true,
          iat,
          exp: iat + 60,
          nonce,
        };
        return post(t, '/portal/auth/login-google', {
          ...captcha,
          credential: `${h}.${b64url(claims)}.${sig}`,
          agree: true,
        });
      },
    };
    for (const [name, run] of Object.entries(bad)) {
      expect((await run()).code, name).toBe(errorCode('google_token_invalid'));
    }
  });

  it("refuses a token without the attempt's nonce: none, another attempt's, or a made-up one", async () => {
    const sub = `sub-${++n}`;
    expect((await login({ sub, nonce: undefined })).code).toBe(errorCode('google_token_invalid'));
    expect((await login({ sub, nonce: 'made-up-nonce' })).code).toBe(errorCode('google_token_invalid'));
    // A token Google issued for attempt A, sent with attempt B's captcha (a token captured from another page).
    const a = await attempt();
    const b = await attempt();
    const forA = await google.sign(clock.now(), { sub, nonce: a.nonce });
    const res = await post(t, '/portal/auth/login-google', { ...b.captcha, credential: forA, agree: true });
    expect(res.code).toBe(errorCode('google_token_invalid'));
    // The same token with its own attempt logs in: only the binding was wrong.
    expect((await post(t, '/portal/auth/login-google', { ...a.captcha, credential: forA, agree: true })).code).toBe(0);
  });

  it('uses an attempt once: its key and nonce serve one login, a fresh token for it is refused', async () => {
    const sub = `sub-${++n}`;
    const { captcha, nonce } = await attempt();
    const first = await google.sign(clock.now(), { sub, nonce, jti: '1' });
    expect((await post(t, '/portal/auth/login-google', { ...captcha, credential: first, agree: true })).code).toBe(0);
    const again = await google.sign(clock.now(), { sub, nonce, jti: '2' });
    expect((await post(t, '/portal/auth/login-google', { ...captcha, credential: again, agree: true })).code).toBe(
      errorCode('captcha_invalid'),
    );
    expect((await loginWith(again)).code).toBe(errorCode('google_token_invalid'));
  });

  it('accepts an ID token once', async () => {
    const { captcha, nonce } = await attempt();
    const credential = await google.sign(clock.now(), { sub: `sub-${++n}`, nonce });
    expect((await post(t, '/portal/auth/login-google', { ...captcha, credential, agree: true })).code).toBe(0);
    expect((await loginWith(credential)).code).toBe(errorCode('google_token_invalid'));
  });

  it('refuses a used token in any other spelling of its signature', async () => {
    const { captcha, nonce } = await attempt();
    const credential = await google.sign(clock.now(), { sub: `sub-${++n}`, nonce });
    expect((await post(t, '/portal/auth/login-google', { ...captcha, credential, agree: true })).code).toBe(0);
    // An RS256 signature of 256 bytes has 4 unused low bits in its last base64url character: 15 other spellings.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const last = alphabet.indexOf(credential.at(-1)!);
    for (let low = 1; low < 16; low++) {
      const respelled = credential.slice(0, -1) + alphabet[(last & ~15) | ((last + low) & 15)];
      expect((await loginWith(respelled)).code, `low bits +${low}`).toBe(errorCode('google_token_invalid'));
    }
  });

  it('uses a captcha once, right or wrong, and refuses a wrong or unknown one', async () => {
    const { captcha, nonce } = await attempt();
    const credential = await google.sign(clock.now(), { sub: `sub-${++n}`, nonce });
    const wrong = await post(t, '/portal/auth/login-google', { ...captcha, captcha: 'abce', credential, agree: true });
    expect(wrong.code).toBe(errorCode('captcha_invalid'));
    const reused = await post(t, '/portal/auth/login-google', { ...captcha, credential, agree: true });
    expect(reused.code).toBe(errorCode('captcha_invalid'));
    const unknown = await post(t, '/portal/auth/login-google', {
      key: 'g-made-up',
      captcha: 'k7PQ',
      credential,
      agree: true,
    });
    expect(unknown.code).toBe(errorCode('captcha_invalid'));
    // A code send's captcha does not open a Google login.
    const forCode = await knownCaptcha(t, 'k7PQ', 'code');
    const other = await post(t, '/portal/auth/login-google', {
      key: forCode.key,
      captcha: 'k7PQ',
      credential,
      agree: true,
    });
    expect(other.code).toBe(errorCode('captcha_invalid'));
    // The answer is case-insensitive.
    const fresh = await knownCaptcha(t, 'abcd');
    const upper = await post(t, '/portal/auth/login-google', {
      key: fresh.key,
      captcha: 'ABCD',
      credential: await google.sign(clock.now(), { sub: `sub-${++n}`, nonce: fresh.nonce }),
      agree: true,
    });
    expect(upper.code).toBe(0);
  });

  it('refuses a captcha after its 2 minutes', async () => {
    const { captcha, nonce } = await attempt();
    clock.advance(120_001);
    const res = await post(t, '/portal/auth/login-google', {
      ...captcha,
      credential: await google.sign(clock.now(), { nonce }),
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
