import { describe, expect, it } from 'vitest';
import { assetUrls, classify, dataKey, isKeepableEnvelope, type RequestFacts } from './cache-rules.ts';

const ORIGIN = 'https://bible.example';
const get = (path: string, facts: Partial<RequestFacts> = {}): RequestFacts => ({
  method: 'GET',
  url: `${ORIGIN}${path}`,
  mode: 'cors',
  accept: 'application/json',
  ...facts,
});

describe('what the service worker does with a request', () => {
  it.each(['/chat?_n=1', '/read/JHN/3?t=cuvs', '/collections', '/verify/mail/a@b.c', '/'])(
    'serves the app page for a navigation to %s (network first, the kept shell offline)',
    (path) => {
      expect(classify(get(path, { mode: 'navigate', accept: 'text/html' }), ORIGIN)).toBe('page');
    },
  );

  it('lets navigations to the API, metrics and files go to the network', () => {
    for (const path of ['/webapi/health', '/metrics', '/sw.js', '/manifest.en.webmanifest', '/icons/icon-192.png']) {
      expect(classify(get(path, { mode: 'navigate' }), ORIGIN), path).toBe('pass');
    }
  });

  it('keeps built files, whose names change with their content', () => {
    expect(classify(get('/assets/app-DPycraeI.js', { accept: '*/*' }), ORIGIN)).toBe('asset');
    expect(classify(get('/assets/app-B2unLKt7.css', { accept: 'text/css' }), ORIGIN)).toBe('asset');
  });

  it.each([
    '/webapi/bible/chapter?book=JHN&chapter=3&translation=cuvs&sysName=CHAT_ASSISTANT&platform=International',
    '/webapi/portal/chat/sessions?page=1',
    '/webapi/portal/chat/messages?id=abc',
    '/webapi/portal/chat/recent',
    '/webapi/portal/chat/collections',
    '/webapi/portal/member/info',
    '/webapi/portal/devotional/today',
    // A GET a later page adds is kept too: network first, so nothing goes stale while online.
    '/webapi/portal/plans/progress',
  ])('keeps the data of %s per reader, network first', (path) => {
    expect(classify(get(path), ORIGIN)).toBe('data');
  });

  it('never keeps a POST, an event stream or live state', () => {
    const passes: RequestFacts[] = [
      get('/webapi/portal/chat/ask', { method: 'POST', accept: 'text/event-stream' }),
      get('/webapi/portal/chat/ask', { accept: 'text/event-stream' }),
      get('/webapi/portal/chat/collect', { method: 'POST' }),
      get('/webapi/portal/chat/session/delete', { method: 'DELETE' }),
      get('/webapi/health'),
      get('/webapi/portal/auth/captcha/googleCaptcha'),
      get('/webapi/portal/auth/qr/status?ticket=x'),
      get('/webapi/portal/voice/config'),
      get('/webapi/dev/outbox'),
      // The version watcher's root page (spec §4) must see the server's page, never a kept one.
      get('/?_timestamp=1700000000000', { accept: '*/*' }),
      get('/chat', { accept: 'text/html' }),
      { ...get('/webapi/portal/chat/sessions'), url: 'https://accounts.google.com/gsi/client' },
    ];
    for (const request of passes) expect(classify(request, ORIGIN), `${request.method} ${request.url}`).toBe('pass');
  });

  it('answers the version marker from what it kept, refreshing it behind (spec §4 asks it at every start)', () => {
    expect(classify(get('/webapi/version?sysName=CHAT_ASSISTANT&platform=International'), ORIGIN)).toBe('edition');
  });

  it("keys a reader's data by who asked and in which language", () => {
    const url = `${ORIGIN}/webapi/portal/chat/sessions?page=1`;
    const mine = dataKey(url, 'aaaa', 'zh-cn');
    expect(mine).not.toBe(dataKey(url, 'bbbb', 'zh-cn'));
    expect(mine).not.toBe(dataKey(url, 'aaaa', 'en'));
    expect(new URL(mine).searchParams.get('page')).toBe('1');
  });

  it('keeps only successful envelopes', () => {
    expect(isKeepableEnvelope(200, 'application/json; charset=utf-8', '{"code":0,"msg":"","data":[]}')).toBe(true);
    expect(isKeepableEnvelope(200, 'application/json', '{"code":10500,"msg":"no such book"}')).toBe(false);
    expect(isKeepableEnvelope(200, 'application/json', '{"code":401}')).toBe(false);
    expect(isKeepableEnvelope(500, 'application/json', '{"code":0}')).toBe(false);
    expect(isKeepableEnvelope(200, 'text/event-stream', 'data: {"code":0}')).toBe(false);
    expect(isKeepableEnvelope(200, 'application/json', 'not json')).toBe(false);
  });

  it("takes the built files of this origin from a page's list of what it loaded", () => {
    expect(
      assetUrls(
        [
          `${ORIGIN}/assets/locale-en-B1e5sAqT.js`,
          `${ORIGIN}/assets/locale-en-B1e5sAqT.js`,
          `${ORIGIN}/webapi/version`,
          'https://accounts.google.com/assets/x.js',
          'not a url',
        ],
        ORIGIN,
      ),
    ).toEqual(['/assets/locale-en-B1e5sAqT.js']);
  });
});
