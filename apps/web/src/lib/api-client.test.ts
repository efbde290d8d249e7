import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, createApiClient, type ApiClientDeps } from './api-client.ts';

function json(body: unknown): Response {
  return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
}

function setup(overrides: Partial<ApiClientDeps> = {}) {
  const fetchMock = vi.fn<typeof fetch>(async () => json({ code: 0, msg: 'ok', data: { ok: true } }));
  const navigate = vi.fn<(to: string) => void>();
  const toast = vi.fn<(message: string) => void>();
  const api = createApiClient({
    getToken: () => 'token-1',
    getLocale: () => 'en',
    getPlatform: () => 'International',
    navigate,
    toast,
    fetch: fetchMock,
    ...overrides,
  });
  const call = (i = 0) => {
    const [url, init] = fetchMock.mock.calls[i] ?? [];
    return { url: String(url), init: init ?? {}, headers: new Headers(init?.headers) };
  };
  return { api, fetchMock, navigate, toast, call };
}

/** A fetch that never answers but honours its abort signal, like a hung server. */
function hangingFetch(): typeof fetch {
  return (_input, init) =>
    new Promise<Response>((_resolve, reject) => {
      init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    });
}

describe('api client', () => {
  it('adds sysName and platform as query parameters on GET, with the Locale and Authorization headers', async () => {
    const { api, call } = setup();
    await api.get('/portal/feedback/list', { params: { page: 2 } });
    const { url, headers } = call();
    expect(url.startsWith('/webapi/portal/feedback/list?')).toBe(true);
    const query = new URL(url, 'http://x').searchParams;
    expect(query.get('page')).toBe('2');
    expect(query.get('sysName')).toBe('CHAT_ASSISTANT');
    expect(query.get('platform')).toBe('International');
    expect(headers.get('Locale')).toBe('en');
    expect(headers.get('Authorization')).toBe('Bearer token-1');
  });

  it('merges sysName and platform into the JSON body of a POST', async () => {
    const { api, call } = setup({ getPlatform: () => 'PartnerX' });
    await api.post('/portal/feedback/add', { type: 'wrong_answer', content: 'x' });
    const { url, init, headers } = call();
    expect(url).toBe('/webapi/portal/feedback/add');
    expect(init.method).toBe('POST');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(JSON.parse(String(init.body))).toEqual({
      type: 'wrong_answer',
      content: 'x',
      sysName: 'CHAT_ASSISTANT',
      platform: 'PartnerX',
    });
  });

  it('appends sysName and platform to a FormData payload', async () => {
    const { api, call } = setup();
    const form = new FormData();
    form.set('mobile', '13800000000');
    await api.post('/portal/auth/send-code-mobile', form);
    const body = call().init.body as FormData;
    expect(body.get('mobile')).toBe('13800000000');
    expect(body.get('sysName')).toBe('CHAT_ASSISTANT');
    expect(body.get('platform')).toBe('International');
  });

  it('sends no Authorization header on the login calls', async () => {
    const { api, call } = setup();
    await api.post('/portal/auth/login', { grantType: 'social' });
    await api.post('/portal/auth/login-mail-password', {});
    expect(call(0).headers.has('Authorization')).toBe(false);
    expect(call(1).headers.has('Authorization')).toBe(false);
  });

  it.each([['undefined'], ['null'], ['']])('omits Authorization when the stored token is %j', async (stored) => {
    const tokens = new Set(['', 'undefined', 'null']);
    const { api, call } = setup({ getToken: () => (tokens.has(stored) ? null : stored) });
    await api.get('/portal/member/info');
    expect(call().headers.has('Authorization')).toBe(false);
  });

  it('resolves with the envelope data and validates it with a schema', async () => {
    const { api, fetchMock } = setup();
    fetchMock.mockResolvedValueOnce(json({ code: 0, msg: 'ok', data: { name: 'Ann' } }));
    await expect(api.get('/portal/member/info', { schema: z.object({ name: z.string() }) })).resolves.toEqual({
      name: 'Ann',
    });
    fetchMock.mockResolvedValueOnce(json({ code: 0, msg: 'ok', data: { name: 7 } }));
    await expect(api.get('/portal/member/info', { schema: z.object({ name: z.string() }) })).rejects.toMatchObject({
      kind: 'invalid_response',
    });
  });

  it('retries a timed-out request once, then gives up', async () => {
    vi.useFakeTimers();
    try {
      const fetchMock = vi.fn(hangingFetch());
      const { api } = setup({ fetch: fetchMock, timeoutMs: 50 });
      const result = api.get('/version').catch((error: unknown) => error);
      await vi.advanceTimersByTimeAsync(50);
      expect(fetchMock).toHaveBeenCalledTimes(2);
      await vi.advanceTimersByTimeAsync(50);
      const error = await result;
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).kind).toBe('timeout');
      await vi.advanceTimersByTimeAsync(500);
      expect(fetchMock).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('succeeds when the retry after a timeout answers', async () => {
    vi.useFakeTimers();
    try {
      const hang = hangingFetch();
      const fetchMock = vi.fn<typeof fetch>(hang);
      fetchMock.mockImplementationOnce(hang).mockResolvedValueOnce(json({ code: 0, msg: 'ok', data: 'again' }));
      const { api } = setup({ fetch: fetchMock, timeoutMs: 50 });
      const result = api.get('/portal/member/info');
      await vi.advanceTimersByTimeAsync(50);
      await expect(result).resolves.toBe('again');
    } finally {
      vi.useRealTimers();
    }
  });

  it('on 401 shows the message, goes to login and rejects', async () => {
    const { api, fetchMock, navigate, toast } = setup();
    fetchMock.mockResolvedValueOnce(json({ code: 401, msg: 'Please log in first.', data: null }));
    await expect(api.get('/portal/member/info')).rejects.toMatchObject({ kind: 'unauthorized', code: 401 });
    expect(toast).toHaveBeenCalledWith('Please log in first.');
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('on code 1 goes home', async () => {
    const { api, fetchMock, navigate, toast } = setup();
    fetchMock.mockResolvedValueOnce(json({ code: 1, msg: '', data: null }));
    await expect(api.get('/portal/member/info')).rejects.toMatchObject({ kind: 'home' });
    expect(navigate).toHaveBeenCalledWith('/chat?_n=1');
    expect(toast).not.toHaveBeenCalled();
  });

  it.each([
    [10200, 'Please enter a question'],
    [19999, 'Edge of the business range'],
    [500, 'Internal system error, please try again later!'],
  ])('on code %i shows the message as a toast and rejects', async (code, msg) => {
    const { api, fetchMock, navigate, toast } = setup();
    fetchMock.mockResolvedValueOnce(json({ code, msg, data: null }));
    await expect(api.post('/portal/feedback/add', {})).rejects.toMatchObject({ kind: 'business', code, message: msg });
    expect(toast).toHaveBeenCalledWith(msg);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('does not toast codes outside the catalogue ranges', async () => {
    const { api, fetchMock, toast } = setup();
    fetchMock.mockResolvedValueOnce(json({ code: 20000, msg: 'other', data: null }));
    await expect(api.get('/x')).rejects.toMatchObject({ code: 20000 });
    expect(toast).not.toHaveBeenCalled();
  });

  it('returns the raw body of /to-audio paths untouched', async () => {
    const { api, fetchMock } = setup();
    const envelopeLike = { code: 10200, msg: 'not unwrapped', data: 'x' };
    fetchMock.mockResolvedValueOnce(json(envelopeLike));
    await expect(api.post('/chat/to-audio', { text: 'hi' })).resolves.toEqual(envelopeLike);
    fetchMock.mockResolvedValueOnce(
      new Response(new Uint8Array([1, 2, 3]), { headers: { 'Content-Type': 'audio/mpeg' } }),
    );
    const audio = await api.post<Blob>('/chat/to-audio', { text: 'hi' });
    // Response builds Node's Blob, not jsdom's, so check the shape rather than the class.
    expect(audio.type).toBe('audio/mpeg');
    expect(audio.size).toBe(3);
  });

  it('sends a Blob as it is under its own type, with sysName and platform in the query', async () => {
    const { api, call } = setup();
    const recording = new Blob([new Uint8Array([0x1a, 0x45, 0xdf, 0xa3])], { type: 'audio/webm;codecs=opus' });
    await api.post('/portal/voice/recognize', recording, { params: { durationMs: 2500 } });
    const { url, init, headers } = call();
    const query = new URL(url, 'http://x').searchParams;
    expect(query.get('durationMs')).toBe('2500');
    expect(query.get('sysName')).toBe('CHAT_ASSISTANT');
    expect(query.get('platform')).toBe('International');
    expect(headers.get('Content-Type')).toBe('audio/webm;codecs=opus');
    expect(headers.get('Authorization')).toBe('Bearer token-1');
    expect(init.body).toBe(recording);
  });

  it('returns plain text as it is when asked for the raw body', async () => {
    const { api, fetchMock } = setup();
    fetchMock.mockResolvedValueOnce(new Response('en', { headers: { 'Content-Type': 'text/plain' } }));
    await expect(api.get('/version', { raw: true })).resolves.toBe('en');
  });

  it('opens an event stream with the usual headers and merged body, asking for text/event-stream', async () => {
    const { api, fetchMock, call } = setup();
    fetchMock.mockResolvedValueOnce(new Response('data: {}\n\n', { headers: { 'Content-Type': 'text/event-stream' } }));
    const body = await api.stream('/portal/chat/ask', { question: 'q', requestId: 'r1234567' });
    expect(await new Response(body).text()).toBe('data: {}\n\n');
    const { url, init, headers } = call();
    expect(url).toBe('/webapi/portal/chat/ask');
    expect(init.method).toBe('POST');
    expect(headers.get('Accept')).toBe('text/event-stream');
    expect(headers.get('Authorization')).toBe('Bearer token-1');
    expect(headers.get('Locale')).toBe('en');
    expect(JSON.parse(String(init.body))).toEqual({
      question: 'q',
      requestId: 'r1234567',
      sysName: 'CHAT_ASSISTANT',
      platform: 'International',
    });
  });

  it('sends the guest key on every call, and the last event id when a stream is picked up again', async () => {
    const { api, fetchMock, call } = setup({ getGuestKey: () => 'guest-key-0123456789' });
    await api.get('/portal/member/info');
    expect(call(0).headers.get('Guest-Key')).toBe('guest-key-0123456789');
    fetchMock.mockResolvedValueOnce(new Response('data: {}\n\n', { headers: { 'Content-Type': 'text/event-stream' } }));
    await api.stream('/portal/chat/ask', { question: 'q', requestId: 'r1234567' }, { lastEventId: '12.1' });
    expect(call(1).headers.get('Last-Event-ID')).toBe('12.1');
    expect(call(1).headers.get('Guest-Key')).toBe('guest-key-0123456789');
    expect(setup().call(0).headers.get('Guest-Key')).toBeNull();
  });

  it('makes sure a guest holds an issued key before asking, and asks without one when that fails', async () => {
    let key: string | null = null;
    const ensureGuestKey = vi.fn(async () => {
      key = 'issued-key-0123456789';
    });
    const { api, fetchMock, call } = setup({ getToken: () => null, getGuestKey: () => key, ensureGuestKey });
    fetchMock.mockResolvedValueOnce(new Response('data: {}\n\n', { headers: { 'Content-Type': 'text/event-stream' } }));
    await api.stream('/portal/chat/ask', { question: 'q', requestId: 'r1234567' });
    expect(ensureGuestKey).toHaveBeenCalledTimes(1);
    expect(call(0).headers.get('Guest-Key')).toBe('issued-key-0123456789');
    // A logged-in reader needs none.
    const withToken = setup({ ensureGuestKey });
    withToken.fetchMock.mockResolvedValueOnce(
      new Response('data: {}\n\n', { headers: { 'Content-Type': 'text/event-stream' } }),
    );
    await withToken.api.stream('/portal/chat/ask', { question: 'q', requestId: 'r1234567' });
    expect(ensureGuestKey).toHaveBeenCalledTimes(1);
  });

  it('treats an envelope instead of a stream like any refused call', async () => {
    const { api, fetchMock, toast } = setup();
    fetchMock.mockResolvedValueOnce(json({ code: 10008, msg: 'busy', data: null }));
    await expect(api.stream('/portal/chat/ask', {})).rejects.toMatchObject({ kind: 'business', code: 10008 });
    expect(toast).toHaveBeenCalledWith('busy');
    fetchMock.mockResolvedValueOnce(json({ code: 0, msg: 'ok', data: null }));
    await expect(api.stream('/portal/chat/ask', {})).rejects.toMatchObject({ kind: 'invalid_response' });
  });

  it('resolves with the envelope msg of a successful call when asked for the message', async () => {
    const { api, fetchMock } = setup();
    fetchMock.mockResolvedValueOnce(json({ code: 0, msg: 'Reply stopped for you', data: null }));
    await expect(api.message('POST', '/portal/chat/stop', { body: { id: 'x' } })).resolves.toBe(
      'Reply stopped for you',
    );
  });
});
