import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from './api-client.ts';
import { createSession } from './session.ts';
import { createAppStorage } from './storage.ts';

function setup() {
  const values = new Map<string, string>();
  const storage = createAppStorage({
    getItem: (k: string) => values.get(k) ?? null,
    setItem: (k: string, v: string) => void values.set(k, v),
    removeItem: (k: string) => void values.delete(k),
  } as unknown as Storage);
  const fetchMock = vi.fn<typeof fetch>(
    async () =>
      new Response(JSON.stringify({ code: 401, msg: 'expired', data: null }), {
        headers: { 'Content-Type': 'application/json' },
      }),
  );
  const navigate = vi.fn();
  const toast = vi.fn();
  const api = createApiClient({
    getToken: storage.getToken,
    getLocale: () => 'zh-cn',
    getPlatform: storage.getPlatform,
    navigate,
    toast,
    fetch: fetchMock,
  });
  return { storage, fetchMock, navigate, toast, session: createSession(storage, api) };
}

describe('session logout', () => {
  it('ends the login on the server with both tokens, clears them here and reloads after 1 s', async () => {
    vi.useFakeTimers();
    try {
      const t = setup();
      t.storage.setToken('access-1');
      t.storage.setRefreshToken('user-1');
      const reload = vi.fn();
      t.session.logout(reload);
      expect(t.storage.getToken()).toBeNull();
      expect(t.storage.getRefreshToken()).toBeNull();
      expect(t.session.getSnapshot().loggedIn).toBe(false);
      const [url, init] = t.fetchMock.mock.calls[0] ?? [];
      expect(String(url)).toBe('/webapi/portal/auth/logout');
      expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer access-1');
      expect(JSON.parse(String(init?.body))).toMatchObject({ userToken: 'user-1' });
      await vi.advanceTimersByTimeAsync(999);
      expect(reload).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(reload).toHaveBeenCalledOnce();
      // A login the server had already ended answers 401: logging out neither shows it nor goes to login.
      expect(t.toast).not.toHaveBeenCalled();
      expect(t.navigate).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });

  it('calls no one when there is no login to end', () => {
    const t = setup();
    t.session.logout(vi.fn());
    expect(t.fetchMock).not.toHaveBeenCalled();
  });
});
