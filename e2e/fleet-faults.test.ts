import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCluster } from '../apps/api/src/test/databases-global-setup.ts';
import { startFakeLlm, type FakeLlm } from '../apps/api/src/test/fake-llm.ts';
import { startRedisServer, type RunningRedis } from '../apps/api/src/test/redis-server.ts';
import { startSmtpPeer, type SmtpPeer } from '../apps/api/src/test/smtp-peer.ts';
import { openStream, type OpenStream } from '../apps/api/src/test/sse-client.ts';
import { startRoundRobinProxy, type RoundRobinProxy } from './support/round-robin-proxy.ts';
import { startServerWithCorpus, type RunningServer } from './support/server.ts';

/**
 * Issue 30: the fleet of fleet.test.ts (two API processes on one PostgreSQL and one Redis behind a round-robin proxy
 * that, like the Caddyfile, tries another upstream when one refuses) while its parts fail: Redis killed for 3 s
 * mid-stream, PostgreSQL stopped as an answer ends, an instance killed mid-answer, and SIGTERM during 50 streams.
 */
let work: string;
let redis: RunningRedis;
let postgres: Awaited<ReturnType<typeof startCluster>>;
let llm: FakeLlm;
let smtp: SmtpPeer;
const instances: RunningServer[] = [];
let env: Record<string, string>;
let proxy: RoundRobinProxy;
let user: { token: string };

const SLOW = { kind: 'normal' as const, chunks: Array(120).fill('爱'), gapMs: 40 };
const FULL = '爱'.repeat(120);

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'bibleqa-fleet-faults-'));
  [redis, postgres, llm, smtp] = await Promise.all([
    startRedisServer(),
    startCluster(work),
    startFakeLlm(),
    startSmtpPeer(),
  ]);
  const admin = new pg.Client({ connectionString: postgres.url });
  await admin.connect();
  await admin.query('create database fleet');
  await admin.end();
  env = {
    DATABASE_URL: postgres.url.replace(/\/postgres$/, '/fleet'),
    REDIS_URL: redis.url,
    DATA_DIR: path.join(work, 'shared-data'),
    LLM_BASE_URL: llm.baseURL,
    SMTP_URL: smtp.url,
    CODE_SENDS_PER_IP_PER_HOUR: '1000',
    AUTH_IP_FAILURES_PER_HOUR: '1000',
    // Fifty readers from one loopback address at once.
    ASK_CONCURRENT_PER_GUEST_ADDRESS: '1000',
    ASKS_PER_IP_PER_HOUR: '100000',
    GUEST_KEYS_PER_IP_PER_HOUR: '100000',
    SHUTDOWN_DRAIN_MS: '1000',
  };
  instances.push(await startServerWithCorpus(env));
  instances.push(await startServerWithCorpus({ ...env, CORPUS_AUTO_INGEST: 'false' }));
  proxy = await startRoundRobinProxy(instances.map((i) => i.origin));
  user = await logIn();
}, 600_000);

afterAll(async () => {
  await proxy?.close();
  await Promise.all(instances.map((i) => i.stop()));
  await Promise.all([redis?.stop(), postgres?.stop(), llm?.close(), smtp?.close()]);
  fs.rmSync(work, { recursive: true, force: true });
}, 300_000);

async function logIn(): Promise<{ token: string }> {
  const email = `faults-${randomUUID()}@example.com`;
  expect((await call('/portal/auth/send-code-mail', { email })).code).toBe(0);
  const login = await call('/portal/auth/login-mail', { email, code: await smtp.codeFor(email), agree: true });
  expect(login.code).toBe(0);
  return { token: String(login.data.access_token) };
}

/** Makes the proxy's next request go to instance `index` (one cheap request moves it on by one). */
async function steer(index: number): Promise<void> {
  while (proxy.next() !== index) await fetch(`${proxy.origin}/webapi/version`);
}

async function call(
  route: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; served: number; code: number; data: Record<string, unknown> & { [k: string]: unknown } }> {
  const res = await fetch(`${proxy.origin}/webapi${route}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', locale: 'en', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { code: number; data: Record<string, unknown> };
  return { status: res.status, served: Number(res.headers.get('x-served-by')), code: json.code, data: json.data };
}

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const ask = (body: Record<string, unknown>, headers: Record<string, string>) =>
  openStream(`${proxy.origin}/webapi/portal/chat/ask`, { question: '神爱世人', ...body }, { locale: 'en', ...headers });
const servedBy = (stream: OpenStream) => Number(stream.headers['x-served-by']);
const other = (index: number) => 1 - index;
const guestKey = async () => String((await call('/portal/chat/guest-key', {})).data.guestKey);

/** The latest answer to the conversation's question, as the history shows it. */
async function historyAnswer(conversationId: string): Promise<{ status: string; content: string } | undefined> {
  const turns = await call(`/portal/chat/messages?conversationId=${conversationId}`, undefined, auth(user.token));
  const list = turns.data as unknown as { answer: { status: string; content: string } | null }[] | null;
  return list?.at(-1)?.answer ?? undefined;
}

describe('a fleet whose parts fail', () => {
  it('keeps answering while Redis is down for 3 s; streams complete and a retry after it makes no model call', async () => {
    llm.setMode(SLOW);
    llm.requests.length = 0;
    const requestId = `redis-${randomUUID()}`;
    const guest = { 'guest-key': await guestKey() };
    const first = await ask({ requestId }, guest);
    await expect.poll(() => first.text().length, { timeout: 20_000 }).toBeGreaterThanOrEqual(5);
    // A reader on the other instance follows the same answer (a retry that joined it).
    await steer(other(servedBy(first)));
    const joined = await ask({ requestId }, guest);
    await expect.poll(() => joined.text().length, { timeout: 20_000 }).toBeGreaterThanOrEqual(5);

    await redis.kill();
    const downAt = Date.now();
    for (const index of [0, 1]) {
      await steer(index);
      const books = await call('/bible/books');
      expect(books).toMatchObject({ status: 200, code: 0, served: index });
      await steer(index);
      expect(await call('/portal/member/info', undefined, auth(user.token))).toMatchObject({ code: 0, served: index });
    }
    await sleep(3_000 - (Date.now() - downAt));
    await redis.restart();

    await Promise.all([first.ended, joined.ended]);
    expect(first.last()).toMatchObject({ type: 'done', answer: { status: 'done', content: FULL } });
    expect(first.text()).toBe(FULL);
    expect(joined.last()).toMatchObject({ type: 'done', answer: { status: 'done', content: FULL } });
    // Redis came back empty: the request id is known again, so a retry on either instance replays the answer.
    for (const index of [0, 1]) {
      await steer(index);
      const again = await ask({ requestId }, guest);
      await again.ended;
      expect(again.last()).toMatchObject({ type: 'done', answer: { content: FULL } });
    }
    expect(llm.requests).toHaveLength(1);
  });

  it('keeps an answer that ended while PostgreSQL was down: it is in history once the database is back', async () => {
    llm.setMode(SLOW);
    const stream = await ask({ requestId: `pg-${randomUUID()}` }, auth(user.token));
    await expect.poll(() => stream.text().length, { timeout: 20_000 }).toBeGreaterThanOrEqual(40);
    const conversationId = String(stream.events[0]!.event.conversationId);
    await postgres.halt();
    try {
      await stream.ended;
      expect(stream.last()).toMatchObject({ type: 'done', answer: { status: 'done', content: FULL } });
    } finally {
      await postgres.resume();
    }
    const returnedAt = Date.now();
    await expect
      .poll(() => historyAnswer(conversationId).catch(() => undefined), { timeout: 30_000, interval: 500 })
      .toMatchObject({ status: 'done', content: FULL });
    expect(Date.now() - returnedAt).toBeLessThan(30_000);
  });

  it('keeps the text of an instance killed mid-answer, and answers a retry within 5 s', async () => {
    llm.setMode(SLOW);
    llm.requests.length = 0;
    const requestId = `kill-${randomUUID()}`;
    const stream = await ask({ requestId }, auth(user.token));
    // Past the first checkpoint of the text (every 2 s).
    await expect.poll(() => stream.text().length, { timeout: 20_000 }).toBeGreaterThanOrEqual(70);
    const conversationId = String(stream.events[0]!.event.conversationId);
    const victim = servedBy(stream);
    await instances[victim]!.signal('SIGKILL');
    await stream.ended;
    const seen = stream.text();
    expect(seen.length).toBeLessThan(FULL.length);

    const kept = await historyAnswer(conversationId);
    expect(kept?.content.length).toBeGreaterThan(0);
    expect(FULL.startsWith(kept!.content)).toBe(true);

    const retriedAt = Date.now();
    const retry = await ask({ requestId }, auth(user.token));
    await expect.poll(() => retry.events.length, { timeout: 5_000, interval: 50 }).toBeGreaterThan(0);
    expect(Date.now() - retriedAt).toBeLessThan(5_000);
    await retry.ended;
    expect(retry.last()).toMatchObject({ type: 'done', answer: { status: 'done', content: FULL } });
    expect(await historyAnswer(conversationId)).toMatchObject({ status: 'done', content: FULL });
    // The killed one's model call and the new answer's: nothing else.
    expect(llm.requests).toHaveLength(2);

    // The fleet is whole again for what follows: a new instance in the killed one's place.
    const replacement = await startServerWithCorpus({ ...env, CORPUS_AUTO_INGEST: 'false' });
    await instances[victim]!.stop();
    instances[victim] = replacement;
    proxy.replace(victim, replacement.origin);
  }, 400_000);

  it('finishes every answer of an instance stopped with SIGTERM during 50 streams, and no request gets a 502', async () => {
    llm.setMode(SLOW);
    const streams = await Promise.all(
      Array.from({ length: 50 }, async (_, i) =>
        ask({ requestId: `term-${i}-${randomUUID()}` }, { 'guest-key': await guestKey() }),
      ),
    );
    await expect.poll(() => streams.filter((s) => s.text().length > 0).length, { timeout: 30_000 }).toBe(50);
    expect(new Set(streams.map(servedBy))).toEqual(new Set([0, 1]));
    const badBefore = proxy.badGateways;
    const stopping = instances[1]!.signal('SIGTERM');
    // Requests keep coming through the proxy while the instance drains and stops listening.
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      statuses.push((await fetch(`${proxy.origin}/webapi/bible/books`, { headers: { locale: 'en' } })).status);
      await sleep(50);
    }
    await Promise.all(streams.map((s) => s.ended));
    expect(await stopping).toBe(0);
    for (const stream of streams) {
      expect(stream.last()).toMatchObject({ type: 'done', answer: { status: 'done', content: FULL } });
    }
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    expect(proxy.badGateways - badBefore).toBe(0);
  }, 120_000);
});
