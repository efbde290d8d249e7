import { Globals } from '@react-spring/web';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, ok, testUser } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { findToast } from '../../test/toasts.ts';

Globals.assign({ skipAnimation: true });

/**
 * A member server: /portal/member/modify applies the body to the user and answers it; deregister answers ok once
 * and the account's token is refused from then on. Records every call.
 */
function memberServer(initial = testUser({ name: '', sex: 'unknown' })) {
  let user = { ...initial };
  let deleted = false;
  const calls: { path: string; body: Record<string, unknown> | null; token: string | null }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const path = new URL(String(input), 'http://localhost').pathname.replace('/webapi', '');
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : null;
      const token = new Headers(init.headers).get('Authorization');
      calls.push({ path, body, token });
      if (deleted) return json({ code: 401, msg: '请先登录', data: null });
      if (path === '/portal/member/modify') {
        user = {
          ...user,
          ...(typeof body?.name === 'string' ? { name: body.name } : {}),
          ...(typeof body?.sex === 'string' ? { sex: body.sex } : {}),
        };
        return ok(user);
      }
      if (path === '/portal/member/deregister') {
        deleted = true;
        return ok(null);
      }
      if (path === '/portal/auth/send-code-mail') return ok({ resendAfterSeconds: 60 });
      return ok(null);
    }),
  );
  return { calls, user: () => user };
}

function signIn(user = testUser({ name: '', sex: 'unknown' })) {
  window.localStorage.setItem('APP_AUTH_TOKEN_KEY', 'token-1');
  window.localStorage.setItem('APP_AUTH_REFRESH_TOKEN_KEY', 'user-token-1');
  window.localStorage.setItem('app_user', JSON.stringify(user));
}

/** Rough edge 4: personal info was read-only, and there was no way to delete the account. */
describe('personal info and account deletion in settings', () => {
  it('edits the name through /portal/member/modify and shows and keeps the saved one', async () => {
    signIn();
    const server = memberServer();
    const app = renderApp('/setting');
    expect((await screen.findByTestId('setting-personal-name-value')).textContent).toBe('未设置');
    fireEvent.click(screen.getByTestId('setting-personal-name'));
    const input =
      (await screen.findByTestId('setting-name-input')).querySelector('input') ??
      (await screen.findByTestId('setting-name-input'));
    fireEvent.change(input, { target: { value: '  路得 ' } });
    fireEvent.click(screen.getByTestId('setting-name-save'));
    await waitFor(() => expect(screen.getByTestId('setting-personal-name-value').textContent).toBe('路得'));
    expect(server.calls.filter((c) => c.path === '/portal/member/modify').map((c) => c.body)).toEqual([
      expect.objectContaining({ name: '路得' }),
    ]);
    expect(app.storage.getUser()?.name).toBe('路得');
    await findToast('已保存');
  });

  it('chooses a gender, and "prefer not to say" sets it back to unknown', async () => {
    signIn();
    const server = memberServer();
    renderApp('/setting');
    fireEvent.click(await screen.findByTestId('setting-personal-sex'));
    fireEvent.click(await screen.findByTestId('setting-sex-female'));
    await waitFor(() => expect(screen.getByTestId('setting-personal-sex-value').textContent).toBe('女'));
    fireEvent.click(screen.getByTestId('setting-personal-sex'));
    fireEvent.click(await screen.findByTestId('setting-sex-unknown'));
    await waitFor(() => expect(screen.getByTestId('setting-personal-sex-value').textContent).toBe('未设置'));
    expect(server.calls.filter((c) => c.path === '/portal/member/modify').map((c) => c.body?.sex)).toEqual([
      'female',
      'unknown',
    ]);
    await findToast('已保存');
  });

  it('names what deletion erases, asks for a code and the tick, then deletes, forgets the login and goes home', async () => {
    signIn(testUser({ email: 'ruth@example.com' }));
    const server = memberServer(testUser({ email: 'ruth@example.com' }));
    const app = renderApp('/setting');
    fireEvent.click(await screen.findByTestId('setting-deregister'));
    const sheet = await screen.findByTestId('setting-deregister-sheet');
    expect(sheet.textContent).toContain('注销 ruth@example.com 后，以下内容会立即永久删除，无法恢复');
    const erased = within(screen.getByTestId('setting-deregister-erased'))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(erased).toHaveLength(5);
    expect(erased.join('|')).toMatch(/对话记录.*收藏.*评价/);
    expect(erased.join('|')).toContain('意见反馈');
    expect(erased.join('|')).toContain('分享链接');
    expect(screen.getByTestId('setting-deregister-kept').textContent).toContain('处置记录');

    const confirm = screen.getByTestId('setting-deregister-confirm');
    expect(confirm.hasAttribute('disabled')).toBe(true);
    fireEvent.click(confirm);
    expect(server.calls.some((c) => c.path === '/portal/member/deregister')).toBe(false);

    fireEvent.click(within(screen.getByTestId('setting-deregister-understood')).getByRole('checkbox'));
    // Ticked, it still waits for the re-check: a code sent to the account's own address.
    expect(confirm.hasAttribute('disabled')).toBe(true);
    expect(screen.queryByTestId('setting-deregister-password')).toBeNull();
    fireEvent.click(screen.getByTestId('setting-deregister-send'));
    await waitFor(() =>
      expect(server.calls.find((c) => c.path === '/portal/auth/send-code-mail')?.body).toMatchObject({
        email: 'ruth@example.com',
        purpose: 'deregister',
      }),
    );
    const codeInput =
      screen.getByTestId('setting-deregister-code').querySelector('input') ??
      screen.getByTestId('setting-deregister-code');
    fireEvent.change(codeInput, { target: { value: ' 123456' } });
    await waitFor(() => expect(confirm.hasAttribute('disabled')).toBe(false));
    fireEvent.click(confirm);
    await waitFor(() => expect(app.location()).toBe('/chat?_n=1'));
    const call = server.calls.find((c) => c.path === '/portal/member/deregister');
    expect(call).toMatchObject({
      body: expect.objectContaining({ confirm: true, mode: 'mail', code: '123456' }),
      token: 'Bearer token-1',
    });
    expect(app.storage.getToken()).toBeNull();
    expect(app.storage.getRefreshToken()).toBeNull();
    expect(app.storage.getUser()).toBeNull();
    // The account is gone on the server: no logout call is made for it.
    expect(server.calls.some((c) => c.path === '/portal/auth/logout')).toBe(false);
    await findToast('账号已注销');
  });

  it('keeps the account when the deletion is cancelled', async () => {
    signIn();
    const server = memberServer();
    const app = renderApp('/setting');
    fireEvent.click(await screen.findByTestId('setting-deregister'));
    fireEvent.click(await screen.findByTestId('setting-deregister-cancel'));
    await waitFor(() => expect(screen.queryByTestId('setting-deregister-sheet')).toBeNull());
    expect(server.calls.some((c) => c.path === '/portal/member/deregister')).toBe(false);
    expect(app.storage.getToken()).toBe('token-1');
  });
});
