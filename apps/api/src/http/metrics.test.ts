import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCode } from '@bible-qa/contract';
import type { DatabaseHandle } from '../db/client.ts';
import { openTestPglite } from '../test/databases.ts';
import { startFakeLlm, type FakeLlm } from '../test/fake-llm.ts';
import { buildTestApp } from '../test/test-app.ts';

const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), '../test/fixtures/corpus');
const TOKEN = 'scrape-token-0123456789';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

/** One sample's value from the text format, e.g. sample(text, 'http_requests_total{method="GET",...}'). */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  let database: DatabaseHandle;
  let llm: FakeLlm;
  let t: TestApp;
  let byAddress: TestApp;
  let off: TestApp;
  const scrape = (app: TestApp, options: { token?: string; from?: string; forwardedFor?: string } = {}) =>
    app.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: options.from ?? '127.0.0.1',
      headers: {
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.forwardedFor ? { 'x-forwarded-for': options.forwardedFor } : {}),
      },
    });

  beforeAll(async () => {
    database = await openTestPglite();
    llm = await startFakeLlm({ kind: 'normal', chunks: ['God so loved the world.\n', 'John 3:16'] });
    const env = { CORPUS_DIR: FIXTURE, LLM_BASE_URL: llm.baseURL, TRUST_PROXY: 'true' };
    t = await buildTestApp({ database, env: { ...env, METRICS_TOKEN: TOKEN } });
    byAddress = await buildTestApp({ database, env: { ...env, METRICS_ALLOW: '10.0.0.0/8,loopback' } });
    off = await buildTestApp({ database, env });
    await t.container.services.corpus.ingest();
  });
  afterAll(async () => {
    for (const app of [t, byAddress, off]) await app.app.close();
    await t.container.close();
    await llm.close();
  });

  it('does not exist when neither a token nor an address list is configured', async () => {
    const res = await scrape(off);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe(errorCode('route_not_found'));
  });

  it('answers the configured token only', async () => {
    expect((await scrape(t)).statusCode).toBe(401);
    expect((await scrape(t, { token: 'scrape-token-wrong-67890' })).statusCode).toBe(401);
    const res = await scrape(t, { token: TOKEN });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(sample(res.body, 'process_resident_memory_bytes')).toBeGreaterThan(10 * 1024 * 1024);
  });

  it('answers listed addresses by the TCP peer, never by a forwarded address', async () => {
    expect((await scrape(byAddress, { from: '10.2.3.4' })).statusCode).toBe(200);
    expect((await scrape(byAddress, { from: '::ffff:127.0.0.1' })).statusCode).toBe(200);
    expect((await scrape(byAddress, { from: '198.51.100.9' })).statusCode).toBe(403);
    expect((await scrape(byAddress, { from: '198.51.100.9', forwardedFor: '10.2.3.4' })).statusCode).toBe(403);
  });

  it('counts requests per route pattern with their latency, and the corpus version open', async () => {
    for (let i = 0; i < 3; i += 1) await t.app.inject({ method: 'GET', url: '/webapi/version' });
    await t.app.inject({ method: 'GET', url: '/webapi/bible/passage?ref=John%203:16&translation=kjv' });
    await t.app.inject({ method: 'GET', url: '/webapi/no/such/thing/123' });
    const text = (await scrape(t, { token: TOKEN })).body;
    expect(sample(text, 'http_requests_total{method="GET",route="/webapi/version",status="200"}')).toBe(3);
    expect(sample(text, 'http_request_duration_seconds_count{method="GET",route="/webapi/version"}')).toBe(3);
    expect(sample(text, 'http_requests_total{method="GET",route="/webapi/bible/passage",status="200"}')).toBe(1);
    expect(sample(text, 'http_requests_total{method="GET",route="unmatched",status="404"}')).toBe(1);
    expect(text).not.toContain('/webapi/no/such/thing');
    const corpus = t.container.services.corpus.status();
    expect(corpus.status).toBe('ready');
    expect(sample(text, 'corpus_version')).toBe(corpus.status === 'ready' ? corpus.versionId : -1);
    expect(sample(text, 'corpus_ingest_progress_percent')).toBe(100);
  });

  it('counts model calls by outcome with their time to the first token, the gathers timed, and the streams open', async () => {
    const gathered = async () =>
      sample((await scrape(t, { token: TOKEN })).body, 'answer_gather_seconds_count{outcome="done"}') ?? 0;
    const gatheredBefore = await gathered();
    const res = await t.app.inject({
      method: 'POST',
      url: '/webapi/portal/chat/ask',
      headers: { locale: 'en' },
      payload: { question: 'What does John 3:16 say?', requestId: 'metrics-ask-0001' },
    });
    expect(res.body).toContain('"type":"done"');
    const text = (await scrape(t, { token: TOKEN })).body;
    const model = `openai:${t.container.config.llm!.model}`;
    expect(sample(text, `model_calls_total{model="${model}",outcome="done"}`)).toBe(1);
    expect(sample(text, `model_first_token_seconds_count{model="${model}"}`)).toBe(1);
    // The answer's passages were gathered once, and timed.
    expect(sample(text, 'answer_gather_seconds_count{outcome="done"}')).toBe(gatheredBefore + 1);
    expect(sample(text, 'http_requests_total{method="POST",route="/webapi/portal/chat/ask",status="200"}')).toBe(1);
    expect(sample(text, 'chat_open_streams')).toBe(0);
  });

  it('shows a stream as open while it is', async () => {
    llm.setMode({ kind: 'hang' });
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const controller = new AbortController();
    const res = await fetch(`${address}/webapi/portal/chat/ask`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', locale: 'en' },
      body: JSON.stringify({ question: 'Who is the good shepherd?', requestId: 'metrics-ask-0002' }),
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    expect(sample((await scrape(t, { token: TOKEN })).body, 'chat_open_streams')).toBe(1);
    controller.abort();
    await expect.poll(async () => sample((await scrape(t, { token: TOKEN })).body, 'chat_open_streams')).toBe(0);
  });
});
