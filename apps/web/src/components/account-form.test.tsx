import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LOGIN, ok, testUser } from '../test/fixtures.ts';
import { renderApp } from '../test/render-app.tsx';

function server(routes: Record<string, () => Response>) {
  const mock = vi.fn<typeof fetch>(async (input) => {
    const path = String(input).split('?')[0]!.replace('/webapi', '');
    return routes[path]?.() ?? ok(null);
  });
  vi.stubGlobal('fetch', mock);
  return (path: string) =>
    mock.mock.calls
      .filter(([url]) => String(url).split('?')[0] === `/webapi${path}`)
      .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);
}

function type(testId: string, value: string) {
  fireEvent.change(screen.getByTestId(testId).querySelector('input')!, { target: { value } });
}

const USER = testUser();

describe('the shared account form', () => {
  it("counts the server's resend wait down, then offers the code again", async () => {
    const sent = server({ '/portal/auth/send-code-mail': () => ok({ resendAfterSeconds: 2 }) });
    renderApp('/reset-pwd/mail/ann%40example.com');
    await screen.findByTestId('page-reset-pwd');
    const button = () => screen.getByTestId('reset-send-code');
    expect(button().textContent).toBe('获取验证码');
    await act(async () => fireEvent.click(button()));
    await waitFor(() => expect(button().textContent).toBe('2 秒后重发'));
    expect(button().hasAttribute('disabled')).toBe(true);
    await waitFor(() => expect(button().textContent).toBe('1 秒后重发'), { timeout: 5000 });
    await waitFor(() => expect(button().textContent).toBe('重新获取'), { timeout: 5000 });
    expect(button().hasAttribute('disabled')).toBe(false);
    // The reset code is a reset_password code for the address carried over from the login screen.
    expect(sent('/portal/auth/send-code-mail')).toEqual([
      expect.objectContaining({ email: 'ann@example.com', purpose: 'reset_password' }),
    ]);
  });

  it('refuses a reset until the code was requested, the code entered and the new password is strong and repeated', async () => {
    const sent = server({ '/portal/auth/send-code-mobile': () => ok({ resendAfterSeconds: 60 }) });
    const app = renderApp('/reset-pwd/mobile');
    await screen.findByTestId('page-reset-pwd');
    const error = () => screen.getByTestId('reset-error').textContent;
    fireEvent.click(screen.getByTestId('reset-submit'));
    await waitFor(() => expect(error()).toBe('请输入账号（手机号或邮箱）'));
    type('reset-account', '13800000000');
    fireEvent.click(screen.getByTestId('reset-submit'));
    await waitFor(() => expect(error()).toBe('请先获取验证码'));
    await act(async () => fireEvent.click(screen.getByTestId('reset-send-code')));
    fireEvent.click(screen.getByTestId('reset-submit'));
    await waitFor(() => expect(error()).toBe('请输入短信验证码'));
    type('reset-code', '12a3');
    fireEvent.click(screen.getByTestId('reset-submit'));
    await waitFor(() => expect(error()).toBe('请输入 6 位数字验证码'));
    type('reset-code', '123456');
    fireEvent.click(screen.getByTestId('reset-submit'));
    await waitFor(() => expect(error()).toBe('请输入密码'));
    type('reset-password', 'abcdefgh');
    fireEvent.click(screen.getByTestId('reset-submit'));
    await waitFor(() => expect(error()).toBe('密码至少 8 位，且须同时包含字母和数字'));
    type('reset-password', 'abcd1234');
    type('reset-repeat-password', 'abcd12345');
    fireEvent.click(screen.getByTestId('reset-submit'));
    await waitFor(() => expect(error()).toBe('两次输入的密码不一致'));
    expect(sent('/portal/auth/reset-pwd')).toEqual([]);
    type('reset-repeat-password', 'abcd1234');
    await act(async () => fireEvent.click(screen.getByTestId('reset-submit')));
    await waitFor(() => expect(app.location()).toBe('/login/mobile/pwd'));
    expect(sent('/portal/auth/reset-pwd')).toEqual([
      expect.objectContaining({
        mobile: '13800000000',
        code: '123456',
        password: 'abcd1234',
        repeatPassword: 'abcd1234',
      }),
    ]);
  });

  it('sets a password with a code sent to the user’s own address, and keeps the fresh login it answers', async () => {
    window.localStorage.setItem('APP_AUTH_TOKEN_KEY', 'old-token');
    window.localStorage.setItem('app_user', JSON.stringify(USER));
    const sent = server({
      '/portal/auth/set-password-pre-check': () => ok({ hasPassword: false, mobile: null, email: 'a**@example.com' }),
      '/portal/auth/send-code-mail': () => ok({ resendAfterSeconds: 60 }),
      '/portal/auth/set-password': () => ok({ access_token: 'new-token', user_token: 'new-user-token' }),
      '/portal/member/info': () => ok(USER),
    });
    const app = renderApp('/set-pwd/mail');
    await waitFor(() => expect(screen.getByTestId('set-target').textContent).toContain('a**@example.com'));
    await act(async () => fireEvent.click(screen.getByTestId('set-send-code')));
    type('set-code', '123456');
    type('set-password', 'abcd1234');
    type('set-repeat-password', 'abcd1234');
    await act(async () => fireEvent.click(screen.getByTestId('set-submit')));
    await waitFor(() => expect(app.location()).toBe('/chat?_n=1'));
    expect(sent('/portal/auth/send-code-mail')).toEqual([
      expect.objectContaining({ email: 'ann@example.com', purpose: 'set_password' }),
    ]);
    expect(sent('/portal/auth/set-password')).toEqual([
      expect.objectContaining({ mode: 'mail', code: '123456', password: 'abcd1234', repeatPassword: 'abcd1234' }),
    ]);
    expect(app.storage.getToken()).toBe('new-token');
  });
  it('logs in on the verify page of a link: the code is sent from there, then the agreement is asked', async () => {
    const sent = server({
      '/portal/auth/send-code-mail': () => ok({ resendAfterSeconds: 60 }),
      '/portal/auth/login-mail': () => ok(LOGIN),
      '/portal/member/info': () => ok(USER),
    });
    const app = renderApp('/verify/mail/ann%40example.com');
    await screen.findByTestId('page-verify');
    expect(screen.getByTestId('verify-target').textContent).toContain('验证码将发送至 ann@example.com');
    fireEvent.click(screen.getByTestId('verify-submit'));
    await waitFor(() => expect(screen.getByTestId('verify-error').textContent).toBe('请先获取验证码'));
    await act(async () => fireEvent.click(screen.getByTestId('verify-send-code')));
    await waitFor(() =>
      expect(screen.getByTestId('verify-target').textContent).toContain('验证码已发送至 ann@example.com'),
    );
    type('verify-code', '123456');
    fireEvent.click(screen.getByTestId('verify-submit'));
    await waitFor(() => expect(screen.getByTestId('verify-error').textContent).toBe('请先阅读并勾选同意用户协议'));
    fireEvent.click(screen.getByTestId('login-agreement'));
    await act(async () => fireEvent.click(screen.getByTestId('verify-submit')));
    await waitFor(() => expect(app.location()).toBe('/chat?_n=1'));
    expect(sent('/portal/auth/login-mail')).toEqual([
      expect.objectContaining({ email: 'ann@example.com', code: '123456', agree: true, rememberMe: false }),
    ]);
  });
});
