import { afterEach, describe, expect, it, vi } from 'vitest';
import { KEPT_AT_HEADER, KEPT_EARLY_HEADER } from '../service-worker/cache-rules.ts';
import { createApiClient } from './api-client.ts';
import { isOffline, probeServer, reportOutcome, reportReachable } from './connectivity.ts';

const envelope = (headers: Record<string, string> = {}) =>
  new Response(JSON.stringify({ code: 0, msg: '', data: 1 }), {
    headers: { 'Content-Type': 'application/json', ...headers },
  });

function client(fetchImpl: typeof fetch) {
  return createApiClient({
    getToken: () => null,
    getLocale: () => 'zh-cn',
    getPlatform: () => 'International',
    navigate: vi.fn(),
    toast: vi.fn(),
    fetch: fetchImpl,
    onReach: reportOutcome,
  });
}

afterEach(() => reportReachable(true));

describe('whether the app is offline', () => {
  it("is offline once a call fails for want of a network, and online again at the server's next answer", async () => {
    await expect(client(() => Promise.reject(new TypeError('Failed to fetch'))).get('/x')).rejects.toMatchObject({
      kind: 'network',
    });
    expect(isOffline()).toBe(true);
    await client(async () => envelope()).get('/x');
    expect(isOffline()).toBe(false);
  });

  it('counts an answer the service worker served from what it kept as offline (the network did not answer)', async () => {
    await expect(
      client(async () => envelope({ [KEPT_AT_HEADER]: 'Sun, 29 Nov 2026 02:00:00 GMT' })).get('/x'),
    ).resolves.toBe(1);
    expect(isOffline()).toBe(true);
  });

  it('learns nothing from the version marker served at once from what was kept, before the network was asked', async () => {
    reportReachable(false);
    await expect(client(async () => envelope({ [KEPT_EARLY_HEADER]: '1' })).get('/version')).resolves.toBe(1);
    expect(isOffline()).toBe(true);
    reportReachable(true);
    await client(async () => envelope({ [KEPT_EARLY_HEADER]: '1' })).get('/version');
    expect(isOffline()).toBe(false);
  });

  it('follows the browser, and a probe of the server after a page failed to load', async () => {
    window.dispatchEvent(new Event('offline'));
    expect(isOffline()).toBe(true);
    window.dispatchEvent(new Event('online'));
    expect(isOffline()).toBe(false);
    await probeServer(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(isOffline()).toBe(true);
    await probeServer(async () => new Response('{}'));
    expect(isOffline()).toBe(false);
  });
});
