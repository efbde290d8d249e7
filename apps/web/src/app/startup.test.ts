import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../lib/api-client.ts';
import { createSession } from '../lib/session.ts';
import { createAppStorage, encodeCacheKey } from '../lib/storage.ts';
import { json, LOGIN, testUser } from '../test/fixtures.ts';
import { externalTarget, readExternalAccess, runStartup } from './startup.ts';

const USER = testUser({ email: null });

function text(body: string): Response {
  return new Response(body, { headers: { 'Content-Type': 'text/plain' } });
}

function setup(answer: (url: string) => Response | Promise<Response>, location = { hash: '', search: '' }) {
  window.localStorage.clear();
  const storage = createAppStorage(window.localStorage);
  const fetchMock = vi.fn<typeof fetch>(async (input) => answer(String(input)));
  const api = createApiClient({
    getToken: storage.getToken,
    getLocale: () => 'zh-cn',
    getPlatform: storage.getPlatform,
    navigate: vi.fn(),
    toast: vi.fn(),
    fetch: fetchMock,
  });
  const navigate = vi.fn<(to: string) => void>();
  const reload = vi.fn();
  const deps = {
    api,
    storage,
    session: createSession(storage, api),
    location: { ...location, origin: 'http://localhost:3000' },
    navigate,
    reload,
  };
  return { deps, storage, fetchMock, navigate, reload };
}

describe('start-up sequence', () => {
  it('switches to the edition language, stores the flag and reloads after 200 ms', async () => {
    vi.useFakeTimers();
    try {
      const { deps, storage, reload } = setup(() => text('en\n'));
      await expect(runStartup(deps)).resolves.toEqual({ kind: 'language', locale: 'en' });
      expect(storage.getLanguage()).toBe('en');
      expect(storage.hasDefaultLanguageFlag()).toBe(true);
      vi.advanceTimersByTime(199);
      expect(reload).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(reload).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps simplified Chinese without storing the flag', async () => {
    const { deps, storage, reload } = setup(() => text('zh-cn'));
    await expect(runStartup(deps)).resolves.toEqual({ kind: 'ready' });
    expect(storage.hasDefaultLanguageFlag()).toBe(false);
    expect(storage.getLanguage()).toBeNull();
    expect(reload).not.toHaveBeenCalled();
  });

  it('does not ask for the version once the flag is stored', async () => {
    const { deps, storage, fetchMock } = setup(() => text('en'));
    storage.setDefaultLanguageFlag();
    await expect(runStartup(deps)).resolves.toEqual({ kind: 'ready' });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(window.localStorage.getItem(encodeCacheKey('defaultLanguage'))).toBe('true');
  });

  it("reads the marker the page's boot script already asked for, without asking again", async () => {
    const { deps, storage, fetchMock } = setup(() => text('zh-cn'));
    await expect(runStartup({ ...deps, earlyVersion: Promise.resolve('fr-fr') })).resolves.toEqual({
      kind: 'language',
      locale: 'fr-fr',
    });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(storage.getLanguage()).toBe('fr-fr');
    const failed = setup(() => text('zh-cn'));
    await expect(
      runStartup({ ...failed.deps, earlyVersion: Promise.reject(new TypeError('offline')) }),
    ).resolves.toEqual({
      kind: 'ready',
    });
    expect(failed.storage.hasDefaultLanguageFlag()).toBe(true);
  });

  it('stores the flag when the version call fails', async () => {
    const { deps, storage, reload } = setup(() => Promise.reject(new TypeError('offline')));
    await expect(runStartup(deps)).resolves.toEqual({ kind: 'ready' });
    expect(storage.hasDefaultLanguageFlag()).toBe(true);
    expect(reload).not.toHaveBeenCalled();
  });

  it('logs in through an external-access link and goes to its target', async () => {
    const { deps, storage, navigate, fetchMock } = setup(
      (url) =>
        url.includes('/portal/auth/externalAccess')
          ? json({ code: 0, msg: 'ok', data: LOGIN })
          : json({ code: 0, msg: 'ok', data: USER }),
      { hash: '#/externalAccess?appId=PartnerX&timestamp=1&identity=id&token=t&targetUrl=%2Fsetting', search: '' },
    );
    await expect(runStartup(deps)).resolves.toEqual({ kind: 'external', target: '/setting', loggedIn: true });
    expect(navigate).toHaveBeenCalledWith('/setting');
    expect(storage.getToken()).toBe('a1');
    expect(storage.getRefreshToken()).toBe('u1');
    expect(storage.getUser()?.name).toBe('Ann');
    expect(storage.getPlatform()).toBe('PartnerX');
    const body = JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body));
    expect(body).toMatchObject({ platform: 'PartnerX', timestamp: '1', identity: 'id', token: 't' });
  });

  it('reads external-access fields only when the hash names externalAccess', () => {
    expect(readExternalAccess({ hash: '', search: '?appId=x' })).toBeNull();
    expect(readExternalAccess({ hash: '#externalAccess', search: '?appId=x&token=t' })).toMatchObject({
      appId: 'x',
      token: 't',
      targetUrl: null,
    });
  });

  it.each([
    ['no target', null],
    ['an empty target', ''],
    ['the root', '/'],
    ['the root with a query', '/?x=1'],
    ['a loop through /redirect', '/redirect/chat'],
    ['another site', 'https://evil.example/chat'],
    ['a protocol-relative address', '//evil.example'],
  ])('lands an external-access login with %s on chat?_n=2, never the root’s chat?_n=1 (rough edge 16)', (_, target) => {
    expect(externalTarget(target, 'https://bible.example')).toBe('/chat?_n=2');
  });

  it('lands it on a page of this site, by path or by full address', () => {
    expect(externalTarget('/devotionals?x=1', 'https://bible.example')).toBe('/devotionals?x=1');
    expect(externalTarget('https://bible.example/setting', 'https://bible.example')).toBe('/setting');
    expect(externalTarget('collections', 'https://bible.example')).toBe('/collections');
  });

  it('goes to chat?_n=2, not the root’s chat?_n=1, when the link’s target is the root or another site', async () => {
    for (const target of ['%2F', 'https%3A%2F%2Fevil.example%2F']) {
      const { deps, navigate } = setup(() => json({ code: 10100, msg: 'no', data: null }), {
        hash: `#/externalAccess?appId=P&targetUrl=${target}`,
        search: '',
      });
      await expect(runStartup(deps)).resolves.toMatchObject({ target: '/chat?_n=2' });
      expect(navigate).toHaveBeenCalledWith('/chat?_n=2');
    }
  });

  it('goes to chat?_n=2 when the external link has no target', async () => {
    const { deps, navigate } = setup(() => json({ code: 10100, msg: 'no', data: null }), {
      hash: '#/externalAccess?appId=P',
      search: '',
    });
    await expect(runStartup(deps)).resolves.toMatchObject({ target: '/chat?_n=2', loggedIn: false });
    expect(navigate).toHaveBeenCalledWith('/chat?_n=2');
  });
});
