import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app.tsx';

const USER = {
  id: 'u1',
  name: 'Ann',
  sex: 'female',
  role: 'user',
  themeColor: '#1989fa',
  darkMode: false,
  language: 'zh-cn',
  expression: 'none',
  phone: '13800000000',
  email: null,
  pseudonym: null,
  avatar: null,
  profile: null,
};

function json(body: unknown): Response {
  return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
}

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  vi.unstubAllGlobals();
});

function type(testId: string, value: string) {
  const input = screen.getByTestId(testId).querySelector('input') ?? screen.getByTestId(testId);
  fireEvent.change(input, { target: { value } });
}

describe('login page', () => {
  it('asks for the phone number, then for the agreement', async () => {
    renderApp('/login');
    fireEvent.click(await screen.findByTestId('login-submit'));
    expect(await screen.findByText('请输入手机号')).toBeTruthy();
    type('login-account', '13800000000');
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('请先阅读并勾选同意用户协议')).toBeTruthy();
  });

  it('logs in with a password, stores both tokens and the user, and returns where the user was going', async () => {
    const fetchMock = vi.fn<typeof fetch>(async (input) =>
      String(input).includes('/portal/auth/login-mobile-password')
        ? json({ code: 0, msg: 'ok', data: { access_token: 'a1', user_token: 'u1' } })
        : json({ code: 0, msg: 'ok', data: USER }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const app = renderApp('/login/mobile/pwd?redirect=%2Fsetting');
    await screen.findByTestId('page-login');
    type('login-account', '13800000000');
    type('login-password', 'secret123');
    fireEvent.click(screen.getByTestId('login-agreement'));
    await act(async () => fireEvent.click(screen.getByTestId('login-submit')));

    await waitFor(() => expect(app.location()).toBe('/setting'));
    expect(app.storage.getToken()).toBe('a1');
    expect(app.storage.getRefreshToken()).toBe('u1');
    expect(app.storage.getUser()?.name).toBe('Ann');
    const [loginUrl, loginInit] = fetchMock.mock.calls[0] ?? [];
    expect(String(loginUrl)).toBe('/webapi/portal/auth/login-mobile-password');
    expect(new Headers(loginInit?.headers).has('Authorization')).toBe(false);
    expect(JSON.parse(String(loginInit?.body))).toMatchObject({
      grantType: 'social',
      mobile: '13800000000',
      password: 'secret123',
      sysName: 'CHAT_ASSISTANT',
      platform: 'International',
    });
    const [, infoInit] = fetchMock.mock.calls[1] ?? [];
    expect(new Headers(infoInit?.headers).get('Authorization')).toBe('Bearer a1');
  });

  it('fails the login when the user info is empty', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async (input) =>
        String(input).includes('/portal/auth/')
          ? json({ code: 0, msg: 'ok', data: { access_token: 'a1', user_token: 'u1' } })
          : json({ code: 0, msg: 'ok', data: null }),
      ),
    );
    const app = renderApp('/login/mail/pwd');
    await screen.findByTestId('page-login');
    type('login-account', 'ann@example.com');
    type('login-password', 'secret123');
    fireEvent.click(screen.getByTestId('login-agreement'));
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('验证失败，请重新登录')).toBeTruthy();
    expect(app.storage.getToken()).toBeNull();
  });

  it('sends a code and moves on to the verify screen', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () => json({ code: 0, msg: 'ok', data: null })),
    );
    const app = renderApp('/login');
    await screen.findByTestId('page-login');
    type('login-account', '13800000000');
    fireEvent.click(screen.getByTestId('login-agreement'));
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByTestId('page-verify')).toBeTruthy();
    expect(app.location()).toBe('/verify/mobile/13800000000');
    expect(screen.getByTestId('verify-target').textContent).toContain('13800000000');
  });
});
