import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { readTourAnswers } from '../../lib/preferences.ts';
import { encodeCacheKey } from '../../lib/storage.ts';
import { testUser } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { findToast } from '../../test/toasts.ts';

/** Answers every call with an empty success and records its path and body. */
function stubMemberServer() {
  const calls: { path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      calls.push({ path, body: typeof init.body === 'string' ? JSON.parse(init.body) : null });
      return new Response(JSON.stringify({ code: 0, msg: 'ok', data: null }), {
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return { calls };
}

describe('setting page', () => {
  it('keeps a logged-in user’s dark mode and theme colour on the account too', async () => {
    window.localStorage.setItem('APP_AUTH_TOKEN_KEY', 'token-1');
    const fetch = stubMemberServer();
    renderApp('/setting');
    fireEvent.click(await screen.findByTestId('setting-dark-mode'));
    fireEvent.click(screen.getByTestId('setting-theme-color'));
    fireEvent.click(await screen.findByTestId('setting-theme-green'));
    await waitFor(() =>
      expect(
        fetch.calls.filter((call) => call.path === '/webapi/portal/member/modify').map((call) => call.body),
      ).toEqual([expect.objectContaining({ darkMode: true }), expect.objectContaining({ themeColor: '#07c160' })]),
    );
    expect(document.documentElement.style.getPropertyValue('--adm-color-primary')).toBe('#07c160');
  });
  it('keeps a guest’s wording tradition on the device', async () => {
    const fetch = stubMemberServer();
    const app = renderApp('/setting');
    expect((await screen.findByTestId('setting-expression-current')).textContent).toBe('无偏好');
    fireEvent.click(screen.getByTestId('setting-expression'));
    fireEvent.click(await screen.findByTestId('setting-expression-catholic'));
    await waitFor(() => expect(screen.getByTestId('setting-expression-current').textContent).toBe('天主教'));
    expect(readTourAnswers(app.storage).expression).toBe('catholic');
    expect(fetch.calls.filter((call) => call.path.includes('/portal/member/'))).toEqual([]);
  });

  it('sends a logged-in user’s wording tradition to update-expression', async () => {
    window.localStorage.setItem('APP_AUTH_TOKEN_KEY', 'token-1');
    const fetch = stubMemberServer();
    renderApp('/setting');
    fireEvent.click(await screen.findByTestId('setting-expression'));
    fireEvent.click(await screen.findByTestId('setting-expression-orthodox'));
    await waitFor(() =>
      expect(fetch.calls.filter((call) => call.path === '/webapi/portal/member/update-expression')).toEqual([
        { path: '/webapi/portal/member/update-expression', body: expect.objectContaining({ expression: 'orthodox' }) },
      ]),
    );
  });

  it('shows the recent news', async () => {
    renderApp('/setting');
    fireEvent.click(await screen.findByTestId('setting-news'));
    expect((await screen.findByTestId('setting-news-entrance')).textContent).toContain('7 月 10 日');
    expect(screen.getByTestId('setting-news-beta').textContent).toContain('1.0 Beta');
  });
  it('lists the settings with the version label', async () => {
    renderApp('/setting');
    expect(await screen.findByTestId('page-setting')).toBeTruthy();
    expect(screen.getByTestId('setting-version').textContent).toBe('1.0 Beta');
    expect(screen.getByTestId('setting-language-current').textContent).toBe('简体中文');
    for (const label of [
      '关于我们',
      '分享产品',
      '复制产品链接',
      '用语习惯',
      '意见反馈',
      '深色模式（Beta）',
      '主题色',
    ]) {
      expect(screen.getByText(label)).toBeTruthy();
    }
  });

  it('stores the chosen language and reloads after 200 ms', async () => {
    const app = renderApp('/setting');
    fireEvent.click(await screen.findByTestId('setting-language'));
    fireEvent.click(await screen.findByTestId('setting-language-fr-fr'));
    expect(app.storage.getLanguage()).toBe('fr-fr');
    expect(app.storage.hasDefaultLanguageFlag()).toBe(true);
    expect(window.localStorage.getItem(encodeCacheKey('languageSelection'))).toBe('"fr-fr"');
    expect(app.reload).not.toHaveBeenCalled();
    await waitFor(() => expect(app.reload).toHaveBeenCalledTimes(1), { timeout: 5000 });
  });

  it('copies the product link, and shares it through the system sheet where there is one', async () => {
    const writeText = vi.fn(async () => {});
    const share = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText }, share });
    renderApp('/setting');
    fireEvent.click(await screen.findByTestId('setting-copy-link'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/`));
    await findToast('产品链接已复制');
    fireEvent.click(screen.getByTestId('setting-share'));
    await waitFor(() =>
      expect(share).toHaveBeenCalledWith(expect.objectContaining({ url: `${window.location.origin}/` })),
    );
  });

  it('turns dark mode on for the whole document', async () => {
    const app = renderApp('/setting');
    const toggle = await screen.findByTestId('setting-dark-mode');
    fireEvent.click(toggle);
    expect(document.documentElement.getAttribute('data-prefers-color-scheme')).toBe('dark');
    expect(app.storage.getGlobalSettings().darkMode).toBe(true);
    fireEvent.click(toggle);
    expect(document.documentElement.hasAttribute('data-prefers-color-scheme')).toBe(false);
  });
  it('offers a logged-in user a password of their own: change it when one is set', async () => {
    const user = testUser({ hasPassword: true });
    window.localStorage.setItem('APP_AUTH_TOKEN_KEY', 'access-1');
    window.localStorage.setItem('APP_AUTH_REFRESH_TOKEN_KEY', 'user-1');
    window.localStorage.setItem('app_user', JSON.stringify(user));
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(
        async () =>
          new Response(JSON.stringify({ code: 0, msg: 'ok', data: null }), {
            headers: { 'Content-Type': 'application/json' },
          }),
      ),
    );
    const app = renderApp('/setting');
    const password = await screen.findByTestId('setting-password');
    expect(password.textContent).toBe('修改密码');
    fireEvent.click(password);
    await waitFor(() => expect(app.location()).toBe('/set-pwd/mail'));
  });
});
