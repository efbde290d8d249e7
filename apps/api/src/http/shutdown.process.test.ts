import http from 'node:http';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCode, type ChatEvent } from '@bible-qa/contract';
import { buildCompiledApi, startCompiledServer, type CompiledServer } from '../test/compiled-server.ts';
import { freshPostgresUrl, postgresInRun } from '../test/databases.ts';
import { startFakeLlm, type FakeLlm } from '../test/fake-llm.ts';
import { startSmtpPeer, type SmtpPeer } from '../test/smtp-peer.ts';
import { sseEvent } from '../test/test-users.ts';

interface OpenStream {
  events: ChatEvent[];
  /** Resolves when the response has ended (or the connection broke). */
  ended: Promise<void>;
  firstDelta: Promise<void>;
}

/** Opens an ask stream with plain http (no client-side timeouts) and collects its events. */
function openAsk(origin: string, requestId: string, from: { token?: string; address: string }): OpenStream {
  const events: ChatEvent[] = [];
  let gotDelta!: () => void;
  const firstDelta = new Promise<void>((r) => (gotDelta = r));
  const ended = new Promise<void>((resolve) => {
    const req = http.request(
      `${origin}/webapi/portal/chat/ask`,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          locale: 'en',
          // Each client has its own address, as behind a proxy (the per-guest limits count per address).
          'x-forwarded-for': from.address,
          ...(from.token ? { authorization: `Bearer ${from.token}` } : {}),
        },
      },
      (res) => {
        let buffer = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const frame = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const event = sseEvent(frame) as ChatEvent | undefined;
            if (!event) continue;
            events.push(event);
            if (event.type === 'delta') gotDelta();
          }
        });
        res.on('end', () => resolve());
        res.on('error', () => resolve());
      },
    );
    req.on('error', () => resolve());
    req.end(JSON.stringify({ question: 'What does John 3:16 say about love?', requestId }));
  });
  return { events, ended, firstDelta };
}

async function post<T>(origin: string, path: string, body: unknown, address: string): Promise<T> {
  const res = await fetch(`${origin}/webapi${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', locale: 'en', 'x-forwarded-for': address },
    body: JSON.stringify(body),
  });
  const envelope = (await res.json()) as { code: number; msg: string; data: T };
  if (envelope.code !== 0) throw new Error(`${path}: ${envelope.code} ${envelope.msg}`);
  return envelope.data;
}

describe.skipIf(!postgresInRun)('SIGTERM to the compiled server with answers streaming', () => {
  let build: Awaited<ReturnType<typeof buildCompiledApi>>;
  let llm: FakeLlm;
  let smtp: SmtpPeer;
  let databaseUrl: string;
  let server: CompiledServer;

  beforeAll(async () => {
    build = await buildCompiledApi();
    // A model that writes slowly: every answer is still streaming when the signal comes.
    llm = await startFakeLlm({
      kind: 'normal',
      chunks: ['God so loved the world (John 3:16).\n', ...Array(400).fill(' love')],
      gapMs: 50,
    });
    smtp = await startSmtpPeer();
    databaseUrl = await freshPostgresUrl();
    server = await startCompiledServer(build.dir, {
      DATABASE_URL: databaseUrl,
      DATA_DIR: `${build.dir}/data`,
      LLM_BASE_URL: llm.baseURL,
      SMTP_URL: smtp.url,
      // Answers take 20 s: still running when the grace (less its margin to store them) is over.
      SHUTDOWN_GRACE_MS: '8000',
      SHUTDOWN_DRAIN_MS: '1000',
      TRUST_PROXY: 'loopback',
      // The fifty streams are started together; none is refused for being prepared with the others.
      ASKS_PREPARING_MAX: '100',
      LOG_LEVEL: 'info',
    });
  }, 180_000);
  afterAll(async () => {
    if (server?.child.exitCode === null) server.child.kill('SIGKILL');
    await llm?.close();
    await smtp?.close();
    build?.remove();
  });

  it('ends each of 50 streams still running at the end of the grace with a retryable event, none left generating', async () => {
    // Five signed-in readers with two answers each (their concurrency cap) and forty guests, each from an address
    // of its own: fifty answers streaming when the signal comes.
    const users = Array.from({ length: 5 }, (_, i) => ({
      email: `u${i}@shutdown.test`,
      address: `198.51.100.${i + 1}`,
    }));
    const tokens: { token: string; address: string }[] = [];
    for (const { email, address } of users) {
      await post(server.origin, '/portal/auth/send-code-mail', { email }, address);
      const code = await smtp.codeFor(email);
      const login = await post<{ access_token: string }>(
        server.origin,
        '/portal/auth/login-mail',
        { email, code, agree: true },
        address,
      );
      tokens.push({ token: login.access_token, address });
    }
    const streams = [
      ...tokens.flatMap((from, i) => [0, 1].map((n) => openAsk(server.origin, `shutdown-user-${i}-${n}-0001`, from))),
      ...Array.from({ length: 40 }, (_, i) =>
        openAsk(server.origin, `shutdown-guest-${i}-0001`, { address: `203.0.113.${i + 1}` }),
      ),
    ];
    expect(streams).toHaveLength(50);
    await Promise.all(streams.map((s) => s.firstDelta));

    const signalled = Date.now();
    server.child.kill('SIGTERM');
    await Promise.all(streams.map((s) => s.ended));
    expect(await server.exited).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(15_000);

    for (const stream of streams) {
      const last = stream.events.at(-1);
      expect(last).toMatchObject({ type: 'error', code: errorCode('service_unavailable') });
      const answer = last?.type === 'error' ? last.answer : null;
      const streamed = stream.events.flatMap((e) => (e.type === 'delta' ? [e.text] : [])).join('');
      expect(answer).toMatchObject({ status: 'stopped', content: streamed });
      expect(streamed.length).toBeGreaterThan(0);
    }
    // The model was not left talking to a server that has gone.
    expect(llm.requests.filter((r) => !r.ended && !r.closedEarly)).toEqual([]);

    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const { rows } = await client.query<{ status: string; content: string }>(
      `select status, content from messages where role = 'assistant'`,
    );
    await client.end();
    expect(rows).toHaveLength(10);
    for (const row of rows) {
      expect(row.status).toBe('stopped');
      expect(row.content).toMatch(/^God so loved the world/);
    }
  }, 120_000);
});
