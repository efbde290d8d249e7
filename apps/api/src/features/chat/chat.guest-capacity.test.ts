import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { errorCode } from '@bible-qa/contract';
import { startFakeLlm, type FakeLlm } from '../../test/fake-llm.ts';
import { buildCorpusTestApp, type CorpusTestApp } from '../../test/test-app.ts';
import { createTestUser, parseSse } from '../../test/test-users.ts';

/**
 * Issue 25, finding 1: 70 asks from one address, each with a guest key of its own, took all 64 model streams and a
 * reader who had logged in was refused. Here the model has 8 slots, two of them kept for accounts (25 %); an address's
 * guests together run 3 answers at most; guest keys are issued by the server.
 */
describe('the model’s capacity between guests and readers', () => {
  let llm: FakeLlm;
  let t: CorpusTestApp;
  let n = 0;

  beforeAll(async () => {
    llm = await startFakeLlm();
    t = await buildCorpusTestApp({
      llm,
      env: {
        LLM_MAX_CONCURRENT: '8',
        LLM_ACCOUNT_SHARE_PERCENT: '25',
        ASK_CONCURRENT_PER_GUEST_ADDRESS: '3',
        GUEST_KEYS_PER_IP_PER_HOUR: '5',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await llm.close();
  });
  beforeEach(() => {
    llm.requests.length = 0;
    // Each answer takes about 2 s, so every ask below is in flight at once.
    llm.setMode({ kind: 'normal', chunks: Array(40).fill('爱'), gapMs: 50 });
  });

  const issueKey = async (ip: string, presented?: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/webapi/portal/chat/guest-key',
      remoteAddress: ip,
      headers: presented ? { 'guest-key': presented } : {},
    });
    return res.json() as { code: number; data: { guestKey: string } | null };
  };
  const ask = async (ip: string, headers: Record<string, string> = {}) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/webapi/portal/chat/ask',
      headers: { locale: 'en', ...headers },
      remoteAddress: ip,
      payload: { question: '神爱世人', requestId: `capacity-${(n += 1)}-${Date.now()}` },
    });
    if (!String(res.headers['content-type']).includes('text/event-stream')) return `refused ${res.json().code}`;
    return parseSse(res.body).at(-1)!.type;
  };
  const refused = `refused ${errorCode('high_traffic')}`;
  /** A reader who logged in asks from another address once the guests' answers are running. */
  const readerAsks = async (ip: string) => {
    await expect.poll(() => llm.requests.length, { timeout: 20_000 }).toBeGreaterThan(0);
    const reader = await createTestUser(t.database, `reader-${ip}`);
    return ask(ip, reader.headers);
  };

  it('gives one address with 70 guest keys at most 3 answers at once, and serves a reader on another address', async () => {
    // 70 keys the server issued (fetched from 70 addresses, as an attacker can gather them), all used from one.
    const keys = await Promise.all(
      Array.from({ length: 70 }, async (_, i) => (await issueKey(`10.71.0.${i + 1}`)).data!.guestKey),
    );
    expect(new Set(keys).size).toBe(70);
    const guests = Promise.all(keys.map((key) => ask('10.70.0.1', { 'guest-key': key })));
    const reader = await readerAsks('10.70.0.2');
    const answers = await guests;
    expect(reader).toBe('done');
    expect(answers.filter((a) => a === 'done')).toHaveLength(3);
    expect(answers.filter((a) => a === refused)).toHaveLength(67);
    // 3 model calls for the address's guests, 1 for the reader.
    expect(llm.requests).toHaveLength(4);
  }, 60_000);

  it('lets guests of many addresses take 6 of the 8 model slots, keeping 2 for readers who logged in', async () => {
    const guests = Promise.all(Array.from({ length: 10 }, (_, i) => ask(`10.72.0.${i + 1}`)));
    const readers = await Promise.all([readerAsks('10.72.1.1'), readerAsks('10.72.1.2')]);
    const answers = await guests;
    expect(readers).toEqual(['done', 'done']);
    expect(answers.filter((a) => a === 'done')).toHaveLength(6);
    expect(answers.filter((a) => a === refused)).toHaveLength(4);
  }, 60_000);

  it('counts keys the server did not issue as none: 70 made-up keys from one address are one guest', async () => {
    const madeUp = Array.from({ length: 70 }, (_, i) => `made-up-guest-key-${String(i).padStart(4, '0')}`);
    const answers = await Promise.all(madeUp.map((key) => ask('10.73.0.1', { 'guest-key': key })));
    // One guest (the address) runs two answers at once.
    expect(answers.filter((a) => a === 'done')).toHaveLength(2);
  }, 60_000);

  it('hands back a key it issued, a new one for any other, and only a few new ones an hour to an address', async () => {
    const first = (await issueKey('10.74.0.1')).data!.guestKey;
    expect(first).toMatch(/^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/);
    // Presenting it again costs nothing, from anywhere.
    for (let i = 0; i < 6; i++) expect((await issueKey('10.74.0.2', first)).data!.guestKey).toBe(first);
    // A key with another signature is not this server's.
    const forged = `${first.slice(0, 23)}${first[23] === 'A' ? 'B' : 'A'}${first.slice(24)}`;
    const fresh = (await issueKey('10.74.0.1', forged)).data!.guestKey;
    expect(fresh).not.toBe(forged);
    for (let i = 0; i < 3; i++) expect((await issueKey('10.74.0.1')).code).toBe(0);
    expect((await issueKey('10.74.0.1')).code).toBe(errorCode('high_traffic'));
  });
});
