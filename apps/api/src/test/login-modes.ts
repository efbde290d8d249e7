import { createHash } from 'node:crypto';
import type { LoginResult } from '@bible-qa/contract';
import { googleNonce } from '../features/auth/captcha.service.ts';
import { signExternalAccess } from '../features/auth/external-access.service.ts';
import { lastCode, post, type TestApp } from './auth-helpers.ts';
import type { GoogleKeys } from './google-keys.ts';

export const PARTNER = { appId: 'acme', secret: 'acme-shared-secret-0123456789' };
export const TEST_PASSWORD = 'Lamb0fGod77';

/** Env for an app with every login mode on: Google against local keys, one partner, no rate limits in the way. */
export function allModesEnv(google: GoogleKeys): Record<string, string> {
  return {
    GOOGLE_CLIENT_ID: 'test-client.apps.googleusercontent.com',
    GOOGLE_JWKS_URL: google.url,
    EXTERNAL_PARTNERS: JSON.stringify({ [PARTNER.appId]: PARTNER.secret }),
    CODE_SENDS_PER_IP_PER_HOUR: '100000',
    AUTH_IP_FAILURES_PER_HOUR: '100000',
    RISK_IP_LIMIT: '1000000',
    RISK_IP_BAN_AT: '1000000',
    RISK_ACCOUNT_LIMIT: '1000000',
    RISK_ACCOUNT_SUSPEND_AT: '1000000',
  };
}

async function ok(res: Promise<{ code: number; msg: string; data: unknown }>): Promise<LoginResult> {
  const r = await res;
  if (r.code !== 0) throw new Error(`expected a login, got ${r.code} ${r.msg}`);
  return r.data as LoginResult;
}

/**
 * A built-in captcha whose answer the test knows, stored as the captcha call would (two minutes), for a Google
 * login (with the attempt's nonce, which the ID token must carry) or a code send.
 */
export async function knownCaptcha(
  t: TestApp,
  answer = 'k7PQ',
  scene: 'google' | 'code' = 'google',
): Promise<{ key: string; captcha: string; nonce: string }> {
  const key = `${scene === 'google' ? 'g' : 'c'}known-${Math.random().toString(36).slice(2)}`;
  const now = t.container.clock.now();
  const hash = createHash('sha256').update(answer.toLowerCase()).digest('hex');
  await t.container.accounts.repositories.oneTime.insertCaptcha(key, hash, new Date(now.getTime() + 120_000), now);
  return { key, captcha: answer, nonce: googleNonce(key) };
}

/** Each mode's last call (the one that logs in) may carry headers, e.g. the browser's Guest-Key. */
type Headers = Record<string, string>;

export const loginModes = {
  code: (t: TestApp, mobile: string, headers?: Headers) =>
    (async () => {
      await post(t, '/portal/auth/send-code-mobile', { mobile });
      return ok(post(t, '/portal/auth/login', { mobile, code: lastCode(t, `+86${mobile}`), agree: true }, { headers }));
    })(),
  /** Sets a password (code login, set_password code) once, then logs in with it. */
  async password(t: TestApp, mobile: string, clock: { advance(ms: number): void }, headers?: Headers) {
    const first = await loginModes.code(t, mobile);
    if (!first.user.hasPassword) {
      clock.advance(61_000);
      await post(
        t,
        '/portal/auth/send-code-mobile',
        { mobile, purpose: 'set_password' },
        { token: first.access_token },
      );
      await ok(
        post(
          t,
          '/portal/auth/set-password',
          { mode: 'mobile', code: lastCode(t, `+86${mobile}`), password: TEST_PASSWORD, repeatPassword: TEST_PASSWORD },
          { token: first.access_token },
        ),
      );
    }
    return ok(
      post(t, '/portal/auth/login-mobile-password', { mobile, password: TEST_PASSWORD, agree: true }, { headers }),
    );
  },
  async google(t: TestApp, google: GoogleKeys, sub: string, headers?: Headers) {
    const { nonce, ...captcha } = await knownCaptcha(t);
    const credential = await google.sign(t.container.clock.now(), { sub, nonce, jti: Math.random().toString(36) });
    return ok(post(t, '/portal/auth/login-google', { ...captcha, credential, agree: true }, { headers }));
  },
  /** The desktop's ticket, confirmed by a phone logged in with `phoneToken`. */
  async qr(t: TestApp, phoneToken: string, headers?: Headers) {
    const ticket = (await post(t, '/portal/auth/qr/create', {})).data as { ticket: string; pollSecret: string };
    const confirmed = await post(t, '/portal/auth/qr/confirm', { ticket: ticket.ticket }, { token: phoneToken });
    if (confirmed.code !== 0) throw new Error(`confirm failed: ${confirmed.msg}`);
    const polled = (await post(t, '/portal/auth/qr/poll', { ...ticket, wait: 0 }, { headers })).data as {
      login: LoginResult | null;
    };
    if (!polled.login) throw new Error('the poll did not log in');
    return polled.login;
  },
  external(t: TestApp, identity: string, headers?: Headers) {
    const timestamp = t.container.clock.now().getTime();
    const token = signExternalAccess(PARTNER.secret, PARTNER.appId, timestamp, identity);
    return ok(
      post(t, '/portal/auth/externalAccess', { platform: PARTNER.appId, timestamp, identity, token }, { headers }),
    );
  },
};
