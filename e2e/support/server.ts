import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { freePort } from '../../apps/api/src/test/free-port.ts';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The small corpus the API tests use: a few books in KJV, DRC, CPDV and CUV, a dictionary, devotionals and a plan. */
export const FIXTURE_CORPUS_DIR = path.join(REPO_ROOT, 'apps/api/src/test/fixtures/corpus');

export interface RunningServer {
  origin: string;
  dataDir: string;
  logs: string[];
  /** SIGTERM, then the data dir removed unless `keep`. */
  stop(options?: { keep?: boolean }): Promise<void>;
  /** Sends a signal (SIGTERM as a deploy does, SIGKILL as a crash); resolves with the exit code once it exited. */
  signal(signal: NodeJS.Signals): Promise<number | null>;
  /** At once, for a process that is exiting: SIGKILL and the data dir removed (nothing of it is needed afterwards). */
  killNow(): void;
  pid: number;
}

/** Starts the real server on the fixture corpus and waits until its first corpus version is ready to answer. */
export async function startServerWithCorpus(env: Record<string, string> = {}): Promise<RunningServer> {
  const server = await startServer({ CORPUS_AUTO_INGEST: 'true', ...env });
  await untilCorpusReady(server);
  return server;
}

/** Waits until the server has a corpus version open (120 s at most; the server is stopped if not). */
export async function untilCorpusReady(server: RunningServer): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const res = await fetch(`${server.origin}/webapi/health`);
    const body = (await res.json()) as { data?: { corpus?: { status?: string } } };
    if (body.data?.corpus?.status === 'ready') return;
    if (Date.now() > deadline) {
      await server.stop();
      throw new Error(`the fixture corpus was not ready in 120 s:\n${server.logs.join('')}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * Starts the real server (the run's compiled API, as `npm start` runs it) on a free loopback port with its own data
 * dir, on the fixture corpus (never the real one beside the checkout). On PGlite the data dir starts as a copy of the run's
 * template (`e2e/support/global-setup.ts`: migrated, the fixture corpus ingested), so a server is up in a second
 * instead of creating a database and an index each time; it then finds the corpus unchanged.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bibleqa-e2e-'));
  const template = inject('e2eDataTemplate');
  if (template && !env.DATABASE_URL && !env.CORPUS_INDEX_DIR) fs.cpSync(template, dataDir, { recursive: true });
  return spawnServer(dataDir, env, inject('e2eServerDir'));
}

/**
 * The server process of the API compiled into `serverDir` on a data dir (whatever it holds), answering
 * /webapi/health. Compiled, a server is ready on a second less CPU than from its TypeScript through tsx.
 */
export async function spawnServer(
  dataDir: string,
  env: Record<string, string>,
  serverDir: string,
): Promise<RunningServer> {
  if (!fs.existsSync(path.join(REPO_ROOT, 'apps/web/dist/index.html'))) {
    throw new Error('apps/web/dist is missing: run `npm run build:web` first (npm test does).');
  }
  const port = await freePort();
  const logs: string[] = [];
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', path.join(serverDir, 'server.js')], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      // The journeys read sign-in codes from the development outbox.
      NODE_ENV: 'development',
      DEV_OUTBOX: 'true',
      // Journeys send several codes from loopback; the captcha step has its own journey (login-captcha.test.ts).
      CODE_SENDS_WITHOUT_CAPTCHA_PER_IP: '100000',
      CORPUS_DIR: FIXTURE_CORPUS_DIR,
      // A journey's server is stopped once its file is done, with no proxy in front to drain: the 5 s unready pause
      // of a deploy (decision 0018) only made every file wait. The fleet journeys that test it set their own.
      SHUTDOWN_DRAIN_MS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => logs.push(d.toString()));
  child.stderr?.on('data', (d: Buffer) => logs.push(d.toString()));
  const origin = `http://127.0.0.1:${port}`;
  // A busy machine (several suites sharing two cores) may need longer: a cold start has taken two minutes under load;
  // E2E_SERVER_START_S changes the wait.
  const waitS = Number(process.env.E2E_SERVER_START_S) || 180;
  const deadline = Date.now() + waitS * 1000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${logs.join('')}`);
    try {
      const res = await fetch(`${origin}/webapi/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start in ${waitS} s:\n${logs.join('')}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  const exited = new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });
  return {
    origin,
    dataDir,
    logs,
    async signal(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
    pid: child.pid!,
    killNow() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
    async stop(options = {}) {
      // A process killed by a signal has no exit code, only its signal.
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      if (!options.keep) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
