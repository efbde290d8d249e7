import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { openTestPglite } from '../../test/databases.ts';
import { startFakeLlm, type FakeLlm } from '../../test/fake-llm.ts';
import { openStream } from '../../test/sse-client.ts';
import { buildTestApp } from '../../test/test-app.ts';

const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../test/fixtures/corpus');

/** How long the server takes to start an answer here, as a loaded one did (the clients left at 500 ms). */
const START_DELAY_MS = 400;
const LEAVE_AFTER_MS = 150;

/**
 * Issue 25, finding 2: asks whose clients left before any byte came back (at 500 ms, under load) ran their whole
 * answer to nobody, since the disconnect was only watched once the stream had opened. Here the server is slow to
 * start each answer, as a loaded one is; 100 clients each send an ask over a real TCP connection and leave before
 * a byte came back. The scripted model counts the calls it gets and whether each ran to its end.
 */
describe('asks whose clients leave before the first byte', () => {
  let database: DatabaseHandle;
  let llm: FakeLlm;
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let origin: string;
  let port: number;
  let n = 0;

  beforeAll(async () => {
    llm = await startFakeLlm();
    database = await openTestPglite();
    t = await buildTestApp({
      database,
      // The load: every ask waits before its handler starts the answer (the body is read by then).
      extend: (app) =>
        app.addHook('preHandler', async (request) => {
          if (request.url.startsWith('/webapi/portal/chat/ask')) await sleep(START_DELAY_MS);
        }),
      env: {
        CORPUS_DIR: FIXTURE,
        LLM_BASE_URL: llm.baseURL,
        LLM_MAX_CONCURRENT: '400',
        ASKS_PREPARING_MAX: '400',
        // Every client is a guest of its own address (X-Forwarded-For from loopback), so no quota refuses one.
        TRUST_PROXY: 'loopback',
        // The grace a leaving reader gets to come back is long here: it must not apply to a reader that never had a
        // stream, whose generation stops at once.
        STREAM_RESUME_GRACE_MS: '60000',
      },
    });
    await t.container.services.corpus.ingest();
    origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = Number(new URL(origin).port);
  });
  afterAll(async () => {
    await t.app.close();
    await t.container.close();
    await llm.close();
  });
  beforeEach(() => {
    llm.requests.length = 0;
    // 400 tokens, 10 s from the first to the last: a call that runs to its end is plain to see.
    llm.setMode({ kind: 'normal', chunks: Array(400).fill('爱'), gapMs: 25 });
  });

  /** Sends one ask over its own connection and closes it a moment later, having received nothing. */
  function askAndLeave(address: string): Promise<number> {
    const body = JSON.stringify({ question: '神爱世人是什么意思', requestId: `leave-${(n += 1)}-${Date.now()}` });
    return new Promise((resolve) => {
      let received = 0;
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.write(
          `POST /webapi/portal/chat/ask HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
            `X-Forwarded-For: ${address}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
          () =>
            setTimeout(() => {
              socket.destroy();
              resolve(received);
            }, LEAVE_AFTER_MS),
        );
      });
      socket.on('data', (chunk: Buffer) => (received += chunk.length));
      socket.on('error', () => undefined);
    });
  }

  it('makes no full model call for 100 asks dropped before the first byte, and the model still answers a reader who stays', async () => {
    // The service's asks are watched (not replaced), to know when the server has taken up every one of them.
    const chat = t.container.services.chat;
    const asks: Promise<unknown>[] = [];
    const ask = chat.ask.bind(chat);
    const watch = vi.spyOn(chat, 'ask').mockImplementation((...args) => {
      const started = ask(...args);
      asks.push(started.catch(() => undefined));
      return started;
    });
    const received = await Promise.all(
      Array.from({ length: 100 }, (_, i) => askAndLeave(`10.25.${i >> 8}.${i & 255}`)),
    );
    expect(received.every((bytes) => bytes === 0)).toBe(true);
    await expect.poll(() => asks.length, { timeout: 30_000 }).toBe(100);
    await Promise.all(asks);
    watch.mockRestore();
    // Every generation those asks started has ended, well inside the minute of grace.
    await expect.poll(() => chat.inFlight, { timeout: 30_000, interval: 100 }).toBe(0);
    const calls = llm.requests.length;
    expect(llm.requests.filter((r) => r.ended)).toHaveLength(0);
    expect(llm.requests.every((r) => r.closedEarly)).toBe(true);

    // A reader who stays gets the whole answer from the same model.
    const stream = await openStream(
      `${origin}/webapi/portal/chat/ask`,
      { question: '神爱世人', requestId: `stay-${Date.now()}` },
      { 'x-forwarded-for': '10.25.9.9' },
    );
    await stream.ended;
    expect(stream.last()?.type).toBe('done');
    expect(stream.text()).toBe('爱'.repeat(400));
    expect(llm.requests.at(-1)!.ended).toBe(true);
    console.log(`100 asks dropped before the first byte: ${calls} model calls begun, 0 ran to the end`);
  }, 90_000);
});
