import { Globals } from '@react-spring/web';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ok, testUser } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { CODE_REQUESTS_PATHS } from './code-requests-notice.tsx';

Globals.assign({ skipAnimation: true });

function signIn() {
  window.localStorage.setItem('APP_AUTH_TOKEN_KEY', 'token-1');
  window.localStorage.setItem('APP_AUTH_REFRESH_TOKEN_KEY', 'user-token-1');
  window.localStorage.setItem('app_user', JSON.stringify(testUser()));
}

/** A member server whose account had `count` codes asked from elsewhere; records the paths called. */
function server(count: number) {
  const paths: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(String(input), 'http://localhost').pathname.replace('/webapi', '');
      paths.push(path);
      if (path === CODE_REQUESTS_PATHS.list) {
        return ok({ count, lastAt: count ? '2025-06-01T08:30:00.000Z' : null });
      }
      return ok(null);
    }),
  );
  return paths;
}

describe('the notice of codes asked from elsewhere', () => {
  it('tells the owner after login how many codes were asked from elsewhere, and dismisses it on the server', async () => {
    signIn();
    const paths = server(9);
    renderApp('/about');
    const notice = await screen.findByTestId('code-requests-notice');
    expect(notice.textContent).toContain('最近有 9 次登录或重置密码的验证码是从其他网络请求的');
    expect(paths).not.toContain(CODE_REQUESTS_PATHS.seen);
    fireEvent.click(screen.getByText('知道了'));
    await waitFor(() => expect(paths).toContain(CODE_REQUESTS_PATHS.seen));
  });

  it('shows nothing when there were none, and asks nothing of a guest', async () => {
    signIn();
    const paths = server(0);
    renderApp('/about');
    await waitFor(() => expect(paths).toContain(CODE_REQUESTS_PATHS.list));
    expect(screen.queryByTestId('code-requests-notice')).toBeNull();
    window.localStorage.clear();
    const guestPaths = server(3);
    renderApp('/about');
    await new Promise((r) => setTimeout(r, 50));
    expect(guestPaths).not.toContain(CODE_REQUESTS_PATHS.list);
  });
});
