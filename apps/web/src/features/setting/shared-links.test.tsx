import { Globals } from '@react-spring/web';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app.tsx';
import { SETTING_PATHS } from './setting.queries.ts';
import { findToast } from '../../test/toasts.ts';

Globals.assign({ skipAnimation: true });

const TOKEN_A = 'AbCdEfGhIjKlMnOpQrStUvWxYz012345';
const TOKEN_B = 'ZyXwVuTsRqPoNmLkJiHgFeDcBa543210';
const linkOf = (token: string, title: string) => ({
  token,
  path: `/share/${token}`,
  title,
  messageCount: 1,
  createdAt: '2025-03-01T08:00:00Z',
});

describe('my shared links in settings', () => {
  it('lists the user’s links and revokes one after a confirmation', async () => {
    let links = [linkOf(TOKEN_A, '什么是恩典？'), linkOf(TOKEN_B, '八福是什么？')];
    const revoked: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
        const path = new URL(String(input), 'http://localhost').pathname.replace(/^\/webapi/, '');
        let data: unknown = null;
        if (path === SETTING_PATHS.shareLinks) data = links;
        if (path === SETTING_PATHS.revokeShare) {
          const body = JSON.parse(String(init.body)) as { token: string };
          revoked.push(body.token);
          links = links.filter((l) => l.token !== body.token);
        }
        return new Response(JSON.stringify({ code: 0, msg: 'success', data }), {
          headers: { 'Content-Type': 'application/json' },
        });
      }),
    );
    window.localStorage.setItem('APP_AUTH_TOKEN_KEY', 'token-1');
    renderApp('/setting');
    fireEvent.click(await screen.findByTestId('setting-share-links'));
    const list = within(await screen.findByTestId('share-links'));
    expect((await list.findByTestId(`share-link-${TOKEN_A}`)).textContent).toContain('什么是恩典？');
    expect(list.getByTestId(`share-link-${TOKEN_B}`)).toBeTruthy();

    fireEvent.click(list.getByTestId(`share-link-revoke-${TOKEN_A}`));
    fireEvent.click(await screen.findByText('确定'));
    await waitFor(() => expect(revoked).toEqual([TOKEN_A]));
    await waitFor(() => expect(list.queryByTestId(`share-link-${TOKEN_A}`)).toBeNull());
    expect(list.getByTestId(`share-link-${TOKEN_B}`)).toBeTruthy();
    await findToast('链接已撤销');
  });

  it('is not offered to guests', async () => {
    renderApp('/setting');
    expect(await screen.findByTestId('page-setting')).toBeTruthy();
    expect(screen.queryByTestId('setting-share-links')).toBeNull();
  });
});
