import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createContainer } from '../container.ts';
import { createLogger } from '../http/logger.ts';
import type { DatabaseHandle } from '../db/client.ts';
import type { Clock } from '../features/auth/auth-session.service.ts';
import { openTestPglite } from './databases.ts';
import type { FakeLlm } from './fake-llm.ts';

/** A few chapters in a few translations, some Easton entries, devotionals and plan days (see its README). */
export const FIXTURE_CORPUS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/corpus');

/** The real app over a given database, with its log lines captured in memory for assertions. */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bibleqa-app-'));

export async function buildTestApp(options: {
  database: DatabaseHandle;
  env?: Record<string, string>;
  clock?: Clock;
  /** Extra routes a test needs (registered before the app is ready). */
  extend?: (app: FastifyInstance) => void;
}) {
  const config = loadConfig({
    NODE_ENV: 'test',
    WEB_DIST_DIR: '/nonexistent-web-dist',
    DATA_DIR: dataDir,
    // Many tests send several codes from one address; the captcha after the first send has its own tests.
    CODE_SENDS_WITHOUT_CAPTCHA_PER_IP: '100000',
    ...options.env,
  });
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) lines.push(JSON.parse(line));
      done();
    },
  });
  const logger = createLogger('info', stream);
  const container = await createContainer(config, logger, { database: options.database, clock: options.clock });
  const app = await buildApp({ container, logger });
  options.extend?.(app);
  await app.ready();
  return { app, container, logs: lines };
}

export type CorpusTestApp = Awaited<ReturnType<typeof buildCorpusTestApp>>;

/**
 * The real app with the fixture corpus ingested, over `database` or else a fresh in-memory PGlite. With `llm` the
 * answers come from that fake model, without it from the offline grounded composer.
 */
export async function buildCorpusTestApp(
  options: { database?: DatabaseHandle; llm?: FakeLlm; env?: Record<string, string>; clock?: Clock } = {},
) {
  const database = options.database ?? (await openTestPglite());
  const t = await buildTestApp({
    database,
    clock: options.clock,
    env: {
      CORPUS_DIR: FIXTURE_CORPUS,
      ...(options.llm ? { LLM_BASE_URL: options.llm.baseURL } : {}),
      ...options.env,
    },
  });
  await t.container.services.corpus.ingest();
  return {
    ...t,
    database,
    /** Closes the app, then all the container opened: the corpus index, the slots, the database. */
    async close() {
      await t.app.close();
      await t.container.close();
    },
  };
}
