import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApi } from '../../../../scripts/build-api.ts';
import { REPO_ROOT } from '../config.ts';
import { freePort } from './free-port.ts';

export const FIXTURE_CORPUS_DIR = path.join(REPO_ROOT, 'apps/api/src/test/fixtures/corpus');

/**
 * The API compiled as `npm run build:api` does, into a folder of its own inside the repository (so node finds the
 * packages in node_modules), for tests that run the production artefact as a child process.
 */
export async function buildCompiledApi(): Promise<{ dir: string; remove(): void }> {
  const dir = fs.mkdtempSync(path.join(REPO_ROOT, 'apps/api/.test-build-'));
  await buildApi(dir);
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

export interface CompiledServer {
  origin: string;
  child: ChildProcess;
  logs: string[];
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
}

/**
 * Starts `node <dir>/server.js` (plain node) and waits until it is ready to answer (a corpus version open), or with
 * `until: 'live'` only until it answers /webapi/health. With `launcher` (a scripts/run-node.sh) node is started through
 * it, as the image's CMD and `npm start` start it.
 */
export async function startCompiledServer(
  dir: string,
  env: Record<string, string>,
  options: { until?: 'ready' | 'live'; launcher?: string } = {},
): Promise<CompiledServer> {
  const probe = options.until === 'live' ? '/webapi/health' : '/webapi/ready';
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const logs: string[] = [];
  const args = ['--enable-source-maps', path.join(dir, 'server.js')];
  const [command, argv] = options.launcher ? ['sh', [options.launcher, ...args]] : [process.execPath, args];
  const child = spawn(command, argv, {
    cwd: os.tmpdir(),
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), CORPUS_DIR: FIXTURE_CORPUS_DIR, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => logs.push(d.toString()));
  child.stderr?.on('data', (d: Buffer) => logs.push(d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${logs.join('')}`);
    const ready = await fetch(`${origin}${probe}`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return { origin, child, logs, exited };
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server not answering ${probe} in 120 s:\n${logs.join('')}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}
