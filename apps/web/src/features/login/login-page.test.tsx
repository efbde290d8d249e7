import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { errorCode } from '@bible-qa/contract';
import { json, LOGIN, ok, testUser } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

const USER = testUser({ phone: '+8613800000000', email: null });

/** A fetch that answers by path; unknown paths answer code 0 with null. */
function server(routes: Record<string, (body: Record<string, unknown>) => Response | Promise<Response>>) {
  const mock = vi.fn<typeof fetch>(async (input, init) => {
    const path = String(input).split('?')[0]!.replace('/webapi', '');
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
    const route = routes[path];
    return route ? route(body) : ok(null);
  });
  vi.stubGlobal('fetch', mock);
  const bodyOf = (path: string) => {
    const call = mock.mock.calls.find(([url]) => String(url).split('?')[0] === `/webapi${path}`);
    return call ? (JSON.parse(String(call[1]?.body)) as Record<string, unknown>) : undefined;
  };
  return { mock, bodyOf };
}

/** The form's message for a refused submit, under its fields (a toast shows it too). */
async function expectError(prefix: string, text: string) {
  await waitFor(() => expect(screen.getByTestId(`${prefix}-error`).textContent).toBe(text));
}

function type(testId: string, value: string) {
  const input = screen.getByTestId(testId).querySelector('input') ?? screen.getByTestId(testId);
  fireEvent.change(input, { target: { value } });
}

describe('login page', () => {
  it('asks for the account, for a code to be requested, for the code, then for the agreement (spec §5)', async () => {
    server({ '/portal/auth/send-code-mobile': () => ok({ resendAfterSeconds: 60 }) });
    renderApp('/login');
    fireEvent.click(await screen.findByTestId('login-submit'));
    await expectError('login', '请输入账号（手机号或邮箱）');
    type('login-account', '138');
    fireEvent.click(screen.getByTestId('login-submit'));
    await expectError('login', '请输入正确的手机号');
    type('login-account', '13800000000');
    fireEvent.click(screen.getByTestId('login-submit'));
    await expectError('login', '请先获取验证码');
    fireEvent.click(screen.getByTestId('login-send-code'));
    expect(await screen.findByText('60 秒后重发')).toBeTruthy();
    fireEvent.click(screen.getByTestId('login-submit'));
    await expectError('login', '请输入短信验证码');
    type('login-code', '123456');
    fireEvent.click(screen.getByTestId('login-submit'));
    await expectError('login', '请先阅读并勾选同意用户协议');
  });

  it('logs in with a code sent to an e-mail address, with remember-me, and returns where the user was going', async () => {
    const api = server({
      '/portal/auth/send-code-mail': () => ok({ resendAfterSeconds: 90 }),
      '/portal/auth/login-mail': () => ok(LOGIN),
      '/portal/member/info': () => ok({ ...USER, email: 'ann@example.com' }),
    });
    const app = renderApp('/login?redirect=%2Fsetting');
    await screen.findByTestId('page-login');
    type('login-account', 'ann@example.com');
    await act(async () => fireEvent.click(screen.getByTestId('login-send-code')));
    expect(await screen.findByText('90 秒后重发')).toBeTruthy();
    expect(screen.getByTestId('login-send-code').hasAttribute('disabled')).toBe(true);
    type('login-code', '654321');
    fireEvent.click(screen.getByTestId('login-remember'));
    fireEvent.click(screen.getByTestId('login-agreement'));
    await act(async () => fireEvent.click(screen.getByTestId('login-submit')));

    await waitFor(() => expect(app.location()).toBe('/setting'));
    expect(api.bodyOf('/portal/auth/send-code-mail')).toMatchObject({ email: 'ann@example.com', purpose: 'login' });
    expect(api.bodyOf('/portal/auth/login-mail')).toMatchObject({
      email: 'ann@example.com',
      code: '654321',
      agree: true,
      rememberMe: true,
      grantType: 'social',
    });
    expect(app.storage.getToken()).toBe('a1');
  });

  it.each([
    [' 654321', 'a leading space'],
    ['６５４３２１', 'full-width digits'],
    ['654 321', 'a space inside'],
  ])('sends a code typed or pasted with %j (%s) as the six ASCII digits the server accepts', async (typed) => {
    const api = server({
      '/portal/auth/send-code-mobile': () => ok({ resendAfterSeconds: 60 }),
      '/portal/auth/login': () => ok(LOGIN),
      '/portal/member/info': () => ok(USER),
    });
    renderApp('/login');
    await screen.findByTestId('page-login');
    type('login-account', '13800000000');
    await act(async () => fireEvent.click(screen.getByTestId('login-send-code')));
    type('login-code', typed);
    expect((screen.getByTestId('login-code').querySelector('input') as HTMLInputElement).value).toBe('654321');
    fireEvent.click(screen.getByTestId('login-agreement'));
    await act(async () => fireEvent.click(screen.getByTestId('login-submit')));
    await waitFor(() => expect(api.bodyOf('/portal/auth/login')).toMatchObject({ code: '654321' }));
  });

  it('logs in with a password, stores both tokens and the user', async () => {
    const api = server({
      '/portal/auth/login-mobile-password': () => ok(LOGIN),
      '/portal/member/info': () => ok(USER),
    });
    const app = renderApp('/login/mobile/pwd');
    await screen.findByTestId('page-login');
    type('login-account', '13800000000');
    type('login-password', 'secret123');
    fireEvent.click(screen.getByTestId('login-agreement'));
    await act(async () => fireEvent.click(screen.getByTestId('login-submit')));

    await waitFor(() => expect(app.location()).toBe('/chat?_n=1'));
    expect(app.storage.getToken()).toBe('a1');
    expect(app.storage.getRefreshToken()).toBe('u1');
    expect(app.storage.getUser()?.name).toBe('Ann');
    // Logged in, the login screen leads on; logged out again, it does not keep the password it sent.
    await act(async () => app.router.navigate('/login/mobile/pwd'));
    await waitFor(() => expect(app.location()).toBe('/chat?_n=1'));
    act(() => void app.services.session.logout(app.reload));
    await act(async () => app.router.navigate('/login/mobile/pwd'));
    expect((await screen.findByTestId('login-password')).querySelector('input')?.value).toBe('');
    const [, loginInit] =
      api.mock.mock.calls.find(([url]) => String(url) === '/webapi/portal/auth/login-mobile-password') ?? [];
    expect(new Headers(loginInit?.headers).has('Authorization')).toBe(false);
    expect(api.bodyOf('/portal/auth/login-mobile-password')).toMatchObject({
      mobile: '13800000000',
      password: 'secret123',
      agree: true,
      rememberMe: false,
      sysName: 'CHAT_ASSISTANT',
      platform: 'International',
    });
  });

  it('answers a wrong password with the §8 hint: forgot password or code login', async () => {
    server({
      '/portal/auth/login-mail-password': () =>
        json({ code: errorCode('wrong_password'), msg: 'wrong password', data: null }),
    });
    const app = renderApp('/login/mail/pwd');
    await screen.findByTestId('page-login');
    type('login-account', 'ann@example.com');
    type('login-password', 'secret123');
    fireEvent.click(screen.getByTestId('login-agreement'));
    await act(async () => fireEvent.click(screen.getByTestId('login-submit')));

    const hint = await screen.findByTestId('login-wrong-password');
    expect(hint.textContent).toContain('账号或密码不正确，可尝试“忘记密码”或切换为验证码登录');
    expect(app.toast).toHaveBeenCalledWith('wrong password');
    fireEvent.click(screen.getByTestId('login-wrong-forgot'));
    await waitFor(() => expect(app.location()).toBe('/reset-pwd/mail/ann%40example.com'));
  });

  it('fails the login when the user info is empty', async () => {
    server({
      '/portal/auth/login-mail-password': () => ok(LOGIN),
      '/portal/member/info': () => ok(null),
    });
    const app = renderApp('/login/mail/pwd');
    await screen.findByTestId('page-login');
    type('login-account', 'ann@example.com');
    type('login-password', 'secret123');
    fireEvent.click(screen.getByTestId('login-agreement'));
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('验证失败，请重新登录')).toBeTruthy();
    expect(app.storage.getToken()).toBeNull();
  });

  it('says Google is loading while the options are on their way, and unavailable when the server has none', async () => {
    let answer: (response: Response) => void = () => undefined;
    server({ '/portal/auth/options': () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderApp('/login');
    fireEvent.click(await screen.findByTestId('login-google'));
    expect((await screen.findByTestId('login-google-status')).textContent).toBe('Google 正在加载，请稍后再试');
    await act(async () => answer(ok({ googleClientId: null })));
    // The tap made while loading goes on once the answer has been read: no second tap is needed.
    await waitFor(() =>
      expect(screen.getByTestId('login-google-status').textContent).toBe('当前地区暂不支持 Google 登录'),
    );
  });

  it("logs in with Google: the server's captcha first, then Google's ID token for that attempt's nonce", async () => {
    const initialize = vi.fn();
    // Google signs a token for the nonce it was last initialised with, as Google Identity Services does.
    window.google = {
      accounts: {
        id: {
          initialize,
          prompt: () => {
            const { callback, nonce } = initialize.mock.calls.at(-1)![0] as {
              callback: (r: { credential: string }) => void;
              nonce: string;
            };
            callback({ credential: `google-id-token-for-${nonce}` });
          },
        },
      },
    };
    let captchas = 0;
    const captcha = () => ({
      key: `key-${++captchas}`,
      captcha: 'data:image/png;base64,iVBORw0KGgo=',
      expiresIn: 120,
      provider: 'builtin',
      appId: null,
      nonce: `nonce-${captchas}`,
    });
    const api = server({
      '/portal/auth/options': () => ok({ googleClientId: 'client-1.apps.googleusercontent.com' }),
      '/portal/auth/captcha/googleCaptcha': () => ok(captcha()),
      '/portal/auth/login-google': (body) =>
        body.captcha === 'k7PQ'
          ? ok(LOGIN)
          : json({ code: errorCode('captcha_invalid'), msg: 'captcha wrong', data: null }),
      '/portal/member/info': () => ok(USER),
    });
    try {
      const app = renderApp('/login');
      fireEvent.click(await screen.findByTestId('login-agreement'));
      await waitFor(() => expect(screen.getByTestId('login-google')).toBeTruthy());
      await act(async () => fireEvent.click(screen.getByTestId('login-google')));
      await screen.findByTestId('login-google-captcha-image');
      // Nothing is asked of Google before the captcha is entered.
      fireEvent.click(screen.getByTestId('login-google-submit'));
      await expectError('login-google', '请输入图形验证码');
      expect(initialize).not.toHaveBeenCalled();
      type('login-google-captcha', 'xxxx');
      await act(async () => fireEvent.click(screen.getByTestId('login-google-submit')));
      expect(initialize.mock.calls[0]![0]).toMatchObject({
        client_id: 'client-1.apps.googleusercontent.com',
        nonce: 'nonce-1',
      });
      // A captcha works once: a wrong answer brings a new attempt, with a new nonce.
      await waitFor(() => expect(captchas).toBe(2));
      type('login-google-captcha', 'k7PQ');
      await act(async () => fireEvent.click(screen.getByTestId('login-google-submit')));
      await waitFor(() => expect(app.location()).toBe('/chat?_n=1'));
      expect(app.storage.getToken()).toBe('a1');
      const sent = api.mock.mock.calls.filter(([url]) => String(url).includes('/login-google'));
      expect(sent.map(([, init]) => JSON.parse(String(init?.body)) as object)).toEqual([
        expect.objectContaining({ key: 'key-1', captcha: 'xxxx', credential: 'google-id-token-for-nonce-1' }),
        expect.objectContaining({
          key: 'key-2',
          captcha: 'k7PQ',
          credential: 'google-id-token-for-nonce-2',
          agree: true,
        }),
      ]);
    } finally {
      delete window.google;
    }
  });

  it('shows a QR code after the agreement, and logs in when another device confirms it', async () => {
    let polls = 0;
    const api = server({
      '/portal/auth/qr/create': () =>
        ok({
          ticket: 't'.repeat(32),
          pollSecret: 's',
          qrContent: '/login/qr/t',
          qrCode: 'data:image/svg+xml;base64,PHN2Zz4=',
          expiresIn: 120,
        }),
      '/portal/auth/qr/poll': () =>
        ++polls === 1
          ? ok({ status: 'scanned', login: null })
          : ok({ status: 'confirmed', login: { ...LOGIN, expires_in: 7200, user: USER } }),
      '/portal/member/info': () => ok(USER),
    });
    const app = renderApp('/login/qr');
    expect((await screen.findByTestId('login-qr')).dataset.status).toBe('agreement');
    fireEvent.click(screen.getByTestId('login-agreement'));
    await waitFor(() => expect(app.location()).toBe('/chat?_n=1'));
    expect(app.storage.getToken()).toBe('a1');
    expect(api.bodyOf('/portal/auth/qr/poll')).toMatchObject({ ticket: 't'.repeat(32), pollSecret: 's', wait: 20 });
  });

  it('shows an expired QR code with a refresh that makes a new one', async () => {
    let created = 0;
    server({
      '/portal/auth/qr/create': () =>
        ok({
          ticket: `ticket-${++created}`.padEnd(20, 'x'),
          pollSecret: 's',
          qrContent: 'q',
          qrCode: 'data:image/svg+xml;base64,PHN2Zz4=',
          expiresIn: 120,
        }),
      '/portal/auth/qr/poll': () => ok({ status: 'expired', login: null }),
    });
    renderApp('/login/qr');
    fireEvent.click(await screen.findByTestId('login-agreement'));
    expect(await screen.findByTestId('login-qr-expired')).toBeTruthy();
    expect(screen.getByTestId('login-qr').dataset.status).toBe('expired');
    fireEvent.click(screen.getByTestId('login-qr-refresh'));
    await waitFor(() => expect(created).toBe(2));
  });

  it('shows a public address masked, and says its region is not known', async () => {
    window.localStorage.setItem('APP_AUTH_TOKEN_KEY', 'phone-token');
    server({
      '/portal/auth/qr/scan': () =>
        ok({
          browser: 'wechat',
          os: 'ios',
          network: 'public',
          address: '203.0.113.*',
          createdAt: '2026-01-01T08:30:00Z',
        }),
    });
    renderApp('/login/qr/ticket-abcdefghijklmnop');
    await screen.findByTestId('login-qr-device');
    expect(screen.getByTestId('login-qr-device-name').textContent).toBe('微信 · iOS');
    expect(screen.getByTestId('login-qr-device-location').textContent).toBe('公网地址 203.0.113.*（无法确定地区）');
  });

  it('lets a logged-in phone see the desktop and confirm its QR login', async () => {
    window.localStorage.setItem('APP_AUTH_TOKEN_KEY', 'phone-token');
    const api = server({
      '/portal/auth/qr/scan': () =>
        ok({
          browser: 'chrome',
          os: 'linux',
          network: 'private',
          address: '192.168.1.*',
          createdAt: '2026-01-01T08:30:00Z',
        }),
    });
    renderApp('/login/qr/ticket-abcdefghijklmnop');
    const device = await screen.findByTestId('login-qr-device');
    // A readable device, the time it asked and what can be said of where; never a raw user agent.
    expect(screen.getByTestId('login-qr-device-name').textContent).toBe('Chrome · Linux');
    expect(screen.getByTestId('login-qr-device-location').textContent).toBe('局域网');
    expect(device.querySelector('time')?.getAttribute('datetime')).toBe('2026-01-01T08:30:00Z');
    expect(device.querySelector('time')?.textContent).toMatch(/2026/);
    expect(device.textContent).not.toMatch(/Mozilla|undefined/);
    await act(async () => fireEvent.click(screen.getByTestId('login-qr-confirm')));
    expect((await screen.findByTestId('login-qr-confirm-page')).dataset.status).toBe('confirmed');
    expect(api.bodyOf('/portal/auth/qr/confirm')).toMatchObject({ ticket: 'ticket-abcdefghijklmnop' });
  });
});
