import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { startCluster } from '../../apps/api/src/test/databases-global-setup.ts';
import { startFakeLlm, type FakeLlm } from '../../apps/api/src/test/fake-llm.ts';
import { startRedisServer, type RunningRedis } from '../../apps/api/src/test/redis-server.ts';
import { startSmtpPeer, type SmtpPeer } from '../../apps/api/src/test/smtp-peer.ts';
import { openStream, type OpenStream } from '../../apps/api/src/test/sse-client.ts';
import { startRoundRobinProxy, type RoundRobinProxy } from './round-robin-proxy.ts';
import { startServerWithCorpus, type RunningServer } from './server.ts';

/** A call through the proxy: the envelope, the HTTP status and the instance that answered (x-served-by). */
export interface FleetReply {
  status: number;
  served: number;
  code: number;
  data: Record<string, unknown> & { [k: string]: unknown };
}

export interface Fleet {
  work: string;
  redis: RunningRedis;
  postgres: Awaited<ReturnType<typeof startCluster>>;
  llm: FakeLlm;
  smtp: SmtpPeer;
  /** What the instances were started with; an instance started in a stopped one's place takes it too. */
  env: Record<string, string>;
  instances: RunningServer[];
  proxy: RoundRobinProxy;
  /** Makes the proxy's next request go to instance `index` (one cheap request moves it on by one). */
  steer(index: number): Promise<void>;
  /** GETs `/webapi<route>`, or POSTs `body` as JSON, in English. */
  call(route: string, body?: unknown, headers?: Record<string, string>): Promise<FleetReply>;
  /** Asks 神爱世人 in English, streamed from whichever instance the proxy picks. */
  ask(body: Record<string, unknown>, headers: Record<string, string>): Promise<OpenStream>;
  /**
   * A guest key issued by whichever instance the proxy picks (the other verifies it: the instances share its secret
   * through the database).
   */
  guestKey(): Promise<string>;
}

/**
 * For one test file, issue 14's fleet: two API processes on one PostgreSQL and one Redis, sharing one data folder
 * (the corpus index and uploads, as compose.yaml's volume), behind a round-robin proxy; a fake model and an SMTP peer
 * on loopback. `env` adds to what the instances start with. Started before the file's tests and stopped after them;
 * read the fields inside tests, not at load time.
 */
export function useFleet(name: string, env: Record<string, string> = {}): Fleet {
  const fleet = {
    instances: [] as RunningServer[],
    async steer(index: number) {
      while (fleet.proxy.next() !== index) await fetch(`${fleet.proxy.origin}/webapi/version`);
    },
    async call(route: string, body?: unknown, headers: Record<string, string> = {}) {
      const res = await fetch(`${fleet.proxy.origin}/webapi${route}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { 'content-type': 'application/json', locale: 'en', ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const json = (await res.json()) as { code: number; data: Record<string, unknown> };
      return { status: res.status, served: Number(res.headers.get('x-served-by')), code: json.code, data: json.data };
    },
    ask: (body: Record<string, unknown>, headers: Record<string, string>) =>
      openStream(
        `${fleet.proxy.origin}/webapi/portal/chat/ask`,
        { question: '神爱世人', ...body },
        { locale: 'en', ...headers },
      ),
    guestKey: async () => String((await fleet.call('/portal/chat/guest-key', {})).data.guestKey),
  } as Fleet;

  beforeAll(async () => {
    fleet.work = fs.mkdtempSync(path.join(os.tmpdir(), `bibleqa-${name}-`));
    [fleet.redis, fleet.postgres, fleet.llm, fleet.smtp] = await Promise.all([
      startRedisServer(),
      startCluster(fleet.work),
      startFakeLlm(),
      startSmtpPeer(),
    ]);
    const admin = new pg.Client({ connectionString: fleet.postgres.url });
    await admin.connect();
    await admin.query('create database fleet');
    await admin.end();
    fleet.env = {
      DATABASE_URL: fleet.postgres.url.replace(/\/postgres$/, '/fleet'),
      REDIS_URL: fleet.redis.url,
      DATA_DIR: path.join(fleet.work, 'shared-data'),
      LLM_BASE_URL: fleet.llm.baseURL,
      SMTP_URL: fleet.smtp.url,
      CODE_SENDS_PER_IP_PER_HOUR: '1000',
      AUTH_IP_FAILURES_PER_HOUR: '1000',
      ...env,
    };
    // The first instance ingests the fixture corpus into the shared folder; the second opens what it published.
    fleet.instances.push(await startServerWithCorpus(fleet.env));
    fleet.instances.push(await startServerWithCorpus({ ...fleet.env, CORPUS_AUTO_INGEST: 'false' }));
    fleet.proxy = await startRoundRobinProxy(fleet.instances.map((i) => i.origin));
  }, 600_000);

  afterAll(async () => {
    await fleet.proxy?.close();
    await Promise.all(fleet.instances.map((i) => i.stop()));
    await Promise.all([fleet.redis?.stop(), fleet.postgres?.stop(), fleet.llm?.close(), fleet.smtp?.close()]);
    fs.rmSync(fleet.work, { recursive: true, force: true });
  }, 300_000);

  return fleet;
}

export const auth = (token: string) => ({ authorization: `Bearer ${token}` });
export const servedBy = (stream: OpenStream) => Number(stream.headers['x-served-by']);
/** The other of the two instances. */
export const other = (index: number) => 1 - index;
