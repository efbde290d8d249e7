import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { errorCode } from '@bible-qa/contract';
import { LOGIN, json, ok, testUser } from '../test/fixtures.ts';
import { renderApp } from '../test/render-app.tsx';

function server(routes: Record<string, (body: Record<string, unknown>) => Response>) {
  const mock = vi.fn<typeof fetch>(async (input, init) => {
    const path = String(input).split('?')[0]!.replace('/webapi', '');
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
    return routes[path]?.(body) ?? ok(null);
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
    // Opened directly, the page goes to settings, where setting a password is offered.
    await waitFor(() => expect(app.location()).toBe('/setting'));
    expect(sent('/portal/auth/send-code-mail')).toEqual([
      expect.objectContaining({ email: 'ann@example.com', purpose: 'set_password' }),
    ]);
    expect(sent('/portal/auth/set-password')).toEqual([
      expect.objectContaining({ mode: 'mail', code: '123456', password: 'abcd1234', repeatPassword: 'abcd1234' }),
    ]);
    expect(app.storage.getToken()).toBe('new-token');
  });
  it('goes back to settings once the password is set, not to chat', async () => {
    window.localStorage.setItem('APP_AUTH_TOKEN_KEY', 'old-token');
    window.localStorage.setItem('app_user', JSON.stringify(USER));
    server({
      '/portal/auth/set-password-pre-check': () => ok({ hasPassword: false, mobile: null, email: 'a**@example.com' }),
      '/portal/auth/send-code-mail': () => ok({ resendAfterSeconds: 60 }),
      '/portal/auth/set-password': () => ok({ access_token: 'new-token', user_token: 'new-user-token' }),
      '/portal/member/info': () => ok(USER),
    });
    const app = renderApp('/chat');
    await act(() => app.router.navigate('/setting'));
    fireEvent.click(await screen.findByTestId('setting-password'));
    await waitFor(() => expect(app.location()).toBe('/set-pwd/mail'));
    await waitFor(() => expect(screen.getByTestId('set-target').textContent).toContain('a**@example.com'));
    await act(async () => fireEvent.click(screen.getByTestId('set-send-code')));
    type('set-code', '123456');
    type('set-password', 'abcd1234');
    type('set-repeat-password', 'abcd1234');
    await act(async () => fireEvent.click(screen.getByTestId('set-submit')));
    await waitFor(() => expect(app.location()).toBe('/setting'));
    // Back in the history, not a second settings entry: the next back leaves settings for the chat.
    await act(() => app.router.navigate(-1));
    expect(app.location()).toBe('/chat');
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

  describe('the captcha the server asks for after the first code from an address', () => {
    const refusal = (name: 'code_captcha_required' | 'captcha_invalid') =>
      json({ code: errorCode(name), msg: name, data: null });
    /** First send without a captcha: refused; then only key c-2 with k7PQ, or a Tencent ticket, is accepted. */
    const sendRoute = (body: Record<string, unknown>) => {
      if (!body.key) return refusal('code_captcha_required');
      const ticket = typeof body.captcha === 'string' && body.captcha.includes('"ticket":"t-1"');
      return (body.key === 'c-2' && body.captcha === 'k7PQ') || ticket
        ? ok({ resendAfterSeconds: 60 })
        : refusal('captcha_invalid');
    };

    it('shows the image captcha, refuses an empty answer, draws a new one after a wrong answer, then sends', async () => {
      let drawn = 0;
      const sent = server({
        '/portal/auth/send-code-mobile': sendRoute,
        '/portal/auth/captcha/codeCaptcha': () =>
          ok({
            key: `c-${++drawn}`,
            captcha: 'data:image/png;base64,iVBORw0KGgo=',
            expiresIn: 120,
            provider: 'builtin',
            appId: null,
            nonce: null,
          }),
      });
      renderApp('/login');
      await screen.findByTestId('page-login');
      type('login-account', '13800000000');
      expect(screen.queryByTestId('login-captcha')).toBeNull();
      await act(async () => fireEvent.click(screen.getByTestId('login-send-code')));
      await screen.findByTestId('login-captcha-image');
      expect(screen.getByTestId('login-send-code').textContent).toBe('获取验证码');
      await act(async () => fireEvent.click(screen.getByTestId('login-send-code')));
      await waitFor(() => expect(screen.getByTestId('login-error').textContent).toBe('请输入图形验证码'));
      type('login-captcha', 'wrong');
      await act(async () => fireEvent.click(screen.getByTestId('login-send-code')));
      await waitFor(() => expect(drawn).toBe(2));
      await waitFor(() => expect(screen.getByTestId('login-captcha').querySelector('input')!.value).toBe(''));
      type('login-captcha', 'k7PQ');
      await act(async () => fireEvent.click(screen.getByTestId('login-send-code')));
      expect(await screen.findByText('60 秒后重发')).toBeTruthy();
      // Used up: no captcha on screen until the next send asks for a new one.
      expect(screen.queryByTestId('login-captcha')).toBeNull();
      expect(sent('/portal/auth/send-code-mobile')).toEqual([
        expect.not.objectContaining({ key: expect.anything() }),
        expect.objectContaining({ mobile: '13800000000', key: 'c-1', captcha: 'wrong' }),
        expect.objectContaining({ mobile: '13800000000', key: 'c-2', captcha: 'k7PQ' }),
      ]);
    });

    it("opens Tencent Captcha's puzzle when the server names it, and sends with its ticket once solved", async () => {
      const shown = vi.fn();
      window.TencentCaptcha = class {
        constructor(
          readonly appId: string,
          readonly callback: (r: { ret: number; ticket?: string; randstr?: string }) => void,
        ) {}
        show() {
          shown(this.appId);
          this.callback({ ret: 0, ticket: 't-1', randstr: '@r1' });
        }
      };
      try {
        const sent = server({
          '/portal/auth/send-code-mobile': sendRoute,
          '/portal/auth/captcha/codeCaptcha': () =>
            ok({ key: 'c-9', captcha: '', expiresIn: 120, provider: 'tencent', appId: '190000001', nonce: null }),
        });
        renderApp('/login');
        await screen.findByTestId('page-login');
        type('login-account', '13800000000');
        await act(async () => fireEvent.click(screen.getByTestId('login-send-code')));
        await act(async () => fireEvent.click(await screen.findByTestId('login-captcha-widget')));
        expect(await screen.findByText('60 秒后重发')).toBeTruthy();
        expect(shown).toHaveBeenCalledWith('190000001');
        expect(sent('/portal/auth/send-code-mobile').at(-1)).toMatchObject({
          key: 'c-9',
          captcha: JSON.stringify({ ticket: 't-1', randstr: '@r1' }),
        });
      } finally {
        delete window.TencentCaptcha;
      }
    });
  });
});
