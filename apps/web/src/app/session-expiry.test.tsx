import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../test/render-app.tsx';

/**
 * The server refuses every token (a password reset on another device ended the login). As in a browser, a
 * response's body can no longer be read once its request was aborted (a page that unmounts cancels its queries).
 */
function refusingServer() {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      calls.push(new URL(String(input), 'http://localhost').pathname);
      const signal = init.signal;
      const text = JSON.stringify({ code: 401, msg: '请先登录', data: null });
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          await new Promise((resolve) => setTimeout(resolve, 0));
          if (signal?.aborted) controller.error(new DOMException('The operation was aborted.', 'AbortError'));
          else {
            controller.enqueue(new TextEncoder().encode(text));
            controller.close();
          }
        },
      });
      return new Response(body, { headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return calls;
}

function staleLogin({ userToken = true } = {}) {
  window.localStorage.setItem('APP_AUTH_TOKEN_KEY', 'stale-access');
  if (userToken) window.localStorage.setItem('APP_AUTH_REFRESH_TOKEN_KEY', 'stale-user');
}

/** Rough edge 7: a dead login on a login-only page, and /login while logged in. */
describe('a login the server no longer knows', () => {
  it('goes from /collections to login and back there, with the dead tokens forgotten (remember-me)', async () => {
    staleLogin();
    const calls = refusingServer();
    const app = renderApp('/collections');
    await waitFor(() => expect(app.location()).toBe('/login?redirect=%2Fcollections'));
    expect(calls).toContain('/webapi/portal/auth/login');
    expect(app.storage.getToken()).toBeNull();
    expect(app.storage.getRefreshToken()).toBeNull();
    expect(await screen.findByTestId('login-submit')).toBeTruthy();
  });

  it('goes to login from /feedback without a user token too, and forgets the access token', async () => {
    staleLogin({ userToken: false });
    refusingServer();
    const app = renderApp('/feedback');
    await waitFor(() => expect(app.location()).toBe('/login?redirect=%2Ffeedback'));
    expect(app.storage.getToken()).toBeNull();
    expect(await screen.findByTestId('login-submit')).toBeTruthy();
  });
});

describe('/login while logged in', () => {
  it('goes where the login would have led', async () => {
    window.localStorage.setItem('APP_AUTH_TOKEN_KEY', 'live');
    const app = renderApp('/login?redirect=%2Fsetting');
    await waitFor(() => expect(app.location()).toBe('/setting'));
    expect(screen.queryByTestId('login-submit')).toBeNull();
  });

  it('goes home without a target, and never to another site', async () => {
    window.localStorage.setItem('APP_AUTH_TOKEN_KEY', 'live');
    const app = renderApp('/login/mail/pwd?redirect=https%3A%2F%2Fevil.example%2F');
    await waitFor(() => expect(app.location()).toBe('/chat?_n=1'));
  });

  it('still opens the phone’s QR confirmation, which needs the login', async () => {
    window.localStorage.setItem('APP_AUTH_TOKEN_KEY', 'live');
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({
              code: 0,
              msg: 'ok',
              data: { ip: '10.0.0.2', userAgent: 'x', createdAt: '2026-11-24T08:00:00.000Z' },
            }),
            {
              headers: { 'Content-Type': 'application/json' },
            },
          ),
      ),
    );
    const app = renderApp('/login/qr/ticket-0123456789abcdef');
    expect(await screen.findByTestId('login-qr-confirm-page')).toBeTruthy();
    expect(app.location()).toBe('/login/qr/ticket-0123456789abcdef');
  });
});
