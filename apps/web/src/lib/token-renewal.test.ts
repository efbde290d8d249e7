import { describe, expect, it, vi } from 'vitest';
import { createAppStorage } from './storage.ts';
import { createRenewingFetch } from './token-renewal.ts';

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
const refused = () => json({ code: 401, msg: 'Please log in first.', data: null });

function setup(renewal: () => Response) {
  const values = new Map<string, string>();
  const store = {
    getItem: (k: string) => values.get(k) ?? null,
    setItem: (k: string, v: string) => void values.set(k, v),
    removeItem: (k: string) => void values.delete(k),
  } as unknown as Storage;
  const real = createAppStorage(store);
  real.setToken('expired-access');
  real.setRefreshToken('user-token');
  const onChange = vi.fn();
  const inner = vi.fn<typeof fetch>(async (input, init) => {
    const url = String(input);
    if (url === '/webapi/portal/auth/login') return renewal();
    const auth = new Headers(init?.headers).get('Authorization');
    return auth === 'Bearer fresh-access' ? json({ code: 0, msg: 'ok', data: 'answer' }) : refused();
  });
  const renewingFetch = createRenewingFetch({ storage: real, onChange, fetch: inner });
  return { storage: real, onChange, inner, renewingFetch };
}

const call = (f: typeof fetch, path = '/webapi/portal/member/info') =>
  f(path, { headers: { Authorization: 'Bearer expired-access' } }).then((r) => r.json() as Promise<{ code: number }>);

describe('remember-me renewal', () => {
  it('logs in again with the user token after a 401 and repeats the call with the new access token', async () => {
    const t = setup(() =>
      json({ code: 0, msg: 'ok', data: { access_token: 'fresh-access', user_token: 'user-token' } }),
    );
    expect(await call(t.renewingFetch)).toMatchObject({ code: 0, data: 'answer' });
    expect(t.storage.getToken()).toBe('fresh-access');
    const [, init] = t.inner.mock.calls.find(([url]) => String(url) === '/webapi/portal/auth/login') ?? [];
    expect(JSON.parse(String(init?.body))).toMatchObject({ grantType: 'social', userToken: 'user-token' });
    expect(new Headers(init?.headers).has('Authorization')).toBe(false);
    expect(t.onChange).toHaveBeenCalled();
  });

  it('renews once for calls refused together', async () => {
    const t = setup(() =>
      json({ code: 0, msg: 'ok', data: { access_token: 'fresh-access', user_token: 'user-token' } }),
    );
    const answers = await Promise.all([call(t.renewingFetch), call(t.renewingFetch), call(t.renewingFetch)]);
    expect(answers.map((a) => a.code)).toEqual([0, 0, 0]);
    expect(t.inner.mock.calls.filter(([url]) => String(url) === '/webapi/portal/auth/login')).toHaveLength(1);
  });

  it('ends the login here when the server refuses the user token too, and passes the 401 on', async () => {
    const t = setup(() => refused());
    expect(await call(t.renewingFetch)).toMatchObject({ code: 401 });
    expect(t.storage.getToken()).toBeNull();
    expect(t.storage.getRefreshToken()).toBeNull();
    expect(t.onChange).toHaveBeenCalled();
  });

  it('leaves alone calls without a token, the login calls, and sessions without a user token', async () => {
    const t = setup(() => json({ code: 0, msg: 'ok', data: { access_token: 'fresh-access' } }));
    expect(await t.renewingFetch('/webapi/portal/member/info').then((r) => r.json())).toMatchObject({ code: 401 });
    expect(await call(t.renewingFetch, '/webapi/portal/auth/login-mail')).toMatchObject({ code: 401 });
    t.storage.setRefreshToken(null);
    expect(await call(t.renewingFetch)).toMatchObject({ code: 401 });
    expect(t.inner.mock.calls.some(([url]) => String(url) === '/webapi/portal/auth/login')).toBe(false);
  });
});
