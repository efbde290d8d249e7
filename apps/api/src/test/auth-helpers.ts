import type { LoginResult } from '@bible-qa/contract';
import type { buildTestApp } from './test-app.ts';

export type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

/** A clock the test moves by hand. */
export function manualClock(start = '2026-11-22T12:00:00Z') {
  let now = new Date(start).getTime();
  return {
    now: () => new Date(now),
    advance(ms: number) {
      now += ms;
    },
  };
}
export type ManualClock = ReturnType<typeof manualClock>;

export interface CallOptions {
  token?: string;
  ip?: string;
  locale?: string;
  headers?: Record<string, string>;
}

/** POSTs JSON and answers the parsed envelope. */
export async function post(t: TestApp, url: string, body?: unknown, options: CallOptions = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/webapi${url}`,
    payload: body === undefined ? undefined : (body as object),
    remoteAddress: options.ip ?? '127.0.0.1',
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.locale ? { locale: options.locale } : {}),
      ...options.headers,
    },
  });
  return res.json() as { code: number; msg: string; data: never };
}

export async function get(t: TestApp, url: string, options: CallOptions = {}) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/webapi${url}`,
    remoteAddress: options.ip ?? '127.0.0.1',
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.locale ? { locale: options.locale } : {}),
    },
  });
  return res.json() as { code: number; msg: string; data: never };
}

/** Calls `/webapi/portal/<path>` in Chinese unless `headers` say otherwise, and answers the parsed envelope. */
export async function callPortal(
  t: TestApp,
  method: 'GET' | 'POST',
  path: string,
  headers: Record<string, string>,
  payload?: object,
) {
  const res = await t.app.inject({
    method,
    url: `/webapi/portal/${path}`,
    headers: { locale: 'zh-cn', ...headers },
    payload,
  });
  return res.json() as { code: number; msg: string; data: never };
}

/** The code in the newest message the outbox holds for an address. */
export function lastCode(t: TestApp, to: string): string {
  const message = t.container.accounts.outbox.list(to)[0];
  const code = message?.text.match(/\d{6}/)?.[0];
  if (!code) throw new Error(`no code in the outbox for ${to}`);
  return code;
}

/** Sends a login code to a phone and logs in with it (a new number makes an account). */
export async function loginByPhone(
  t: TestApp,
  mobile: string,
  extra: Record<string, unknown> = {},
): Promise<LoginResult> {
  const sent = await post(t, '/portal/auth/send-code-mobile', { mobile });
  if (sent.code !== 0) throw new Error(`send-code failed: ${sent.msg}`);
  const e164 = mobile.startsWith('+') ? mobile : `+86${mobile}`;
  const res = await post(t, '/portal/auth/login', { mobile, code: lastCode(t, e164), agree: true, ...extra });
  if (res.code !== 0) throw new Error(`login failed: ${res.msg}`);
  return res.data as LoginResult;
}

/** Sends a login code to an address and logs in with it. */
export async function loginByMail(
  t: TestApp,
  email: string,
  extra: Record<string, unknown> = {},
): Promise<LoginResult> {
  const sent = await post(t, '/portal/auth/send-code-mail', { email });
  if (sent.code !== 0) throw new Error(`send-code failed: ${sent.msg}`);
  const res = await post(t, '/portal/auth/login-mail', {
    email,
    code: lastCode(t, email.toLowerCase()),
    agree: true,
    ...extra,
  });
  if (res.code !== 0) throw new Error(`login failed: ${res.msg}`);
  return res.data as LoginResult;
}
