import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client.ts';
import { openTestPglite } from '../test/databases.ts';
import { buildTestApp } from '../test/test-app.ts';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

/** The client address the rate limits and bans count by, as the app sees it. */
async function seenAddress(app: TestApp['app'], peer: string, forwardedFor?: string): Promise<string> {
  const res = await app.inject({
    method: 'GET',
    url: '/webapi/test/ip',
    remoteAddress: peer,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });
  return res.body;
}

describe('proxy trust (TRUST_PROXY)', () => {
  let database: DatabaseHandle;
  const apps = new Map<string, TestApp>();
  const app = (trust: string) => apps.get(trust)!.app;

  beforeAll(async () => {
    database = await openTestPglite();
    for (const trust of ['false', '1', '2', '10.0.0.0/8', 'true']) {
      const built = await buildTestApp({
        database,
        env: { TRUST_PROXY: trust },
        extend: (a) => a.get('/webapi/test/ip', async (request) => request.ip),
      });
      apps.set(trust, built);
    }
  });
  afterAll(async () => {
    for (const built of apps.values()) await built.app.close();
    await database.close();
  });

  it('ignores X-Forwarded-For by default: the address is the TCP peer', async () => {
    expect(await seenAddress(app('false'), '198.51.100.9', '6.6.6.6')).toBe('198.51.100.9');
  });

  it('with a hop count, takes the address the trusted proxy saw and ignores what the client forged before it', async () => {
    // The client sent "X-Forwarded-For: 6.6.6.6"; the balancer (10.0.0.5) appended the address it saw.
    expect(await seenAddress(app('1'), '10.0.0.5', '6.6.6.6, 203.0.113.7')).toBe('203.0.113.7');
    expect(await seenAddress(app('1'), '10.0.0.5', '203.0.113.7')).toBe('203.0.113.7');
    // Two hops (a CDN in front of the balancer): the CDN's view of the client.
    expect(await seenAddress(app('2'), '10.0.0.5', '6.6.6.6, 203.0.113.7, 192.0.2.1')).toBe('203.0.113.7');
  });

  it('with an address list, believes only the listed proxies and ignores a forged header from any other peer', async () => {
    expect(await seenAddress(app('10.0.0.0/8'), '10.0.0.5', '6.6.6.6, 203.0.113.7')).toBe('203.0.113.7');
    // A client reaching the server directly (not through the proxy) cannot choose its address.
    expect(await seenAddress(app('10.0.0.0/8'), '198.51.100.9', '10.1.1.1')).toBe('198.51.100.9');
    expect(await seenAddress(app('10.0.0.0/8'), '198.51.100.9', '6.6.6.6, 10.0.0.7')).toBe('198.51.100.9');
  });

  it('with true, believes every hop (the leftmost address), which is why it is not the default', async () => {
    expect(await seenAddress(app('true'), '10.0.0.5', '6.6.6.6, 203.0.113.7')).toBe('6.6.6.6');
  });
});
