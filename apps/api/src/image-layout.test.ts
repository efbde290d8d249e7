import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { isBuiltin } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assembleImage } from '../../../scripts/image-layout.ts';
import { allocatorOf, systemJemalloc } from '../../../scripts/run-node.ts';
import { REPO_ROOT } from './config.ts';
import { FIXTURE_CORPUS_DIR, startCompiledServer } from './test/compiled-server.ts';
import { freshPostgresUrl, postgresInRun } from './test/databases.ts';

const run = promisify(execFile);

/**
 * The image's files, relative to its root, without walking into node_modules: it links to the repository's, where
 * other suites build and remove bundles (apps/api/.test-build-*) while this one reads.
 */
function filesUnder(dir: string, prefix = ''): string[] {
  return fs.readdirSync(path.join(dir, prefix), { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules') return [];
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    return entry.isDirectory() ? [rel, ...filesUnder(dir, rel)] : [rel];
  });
}

/**
 * Docker cannot run here, so the image's /app is assembled into a folder outside the repository by the script the
 * Dockerfile runs, given the repository's node_modules in place of the deps stage's, and run as the image runs it.
 */
// It starts the image's server on PostgreSQL, with the built web app: CI runs it; the fast loop has neither.
describe.skipIf(!postgresInRun)('the container image layout', () => {
  let app: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    if (!fs.existsSync(path.join(REPO_ROOT, 'apps/web/dist/index.html'))) {
      throw new Error('apps/web/dist is missing: run `npm run build:web` first (npm test does).');
    }
    app = fs.mkdtempSync(path.join(os.tmpdir(), 'bibleqa-image-'));
    await assembleImage(app);
    fs.symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(app, 'node_modules'));
    fs.symlinkSync(path.join(REPO_ROOT, 'apps/api/node_modules'), path.join(app, 'apps/api/node_modules'));
    env = {
      NODE_ENV: 'production',
      // A production server builds its links from configuration only (compose sets it for the fleet).
      PUBLIC_ORIGIN: 'http://localhost:8080',
      DATABASE_URL: await freshPostgresUrl(),
      DATA_DIR: path.join(app, 'data'),
      CORPUS_DIR: FIXTURE_CORPUS_DIR,
    };
  }, 120_000);
  afterAll(() => {
    if (app) fs.rmSync(app, { recursive: true, force: true });
  });

  it('holds compiled output only: the bundles with their migrations and data, and the built web app', () => {
    const files = filesUnder(app);
    expect(files.filter((f) => /\.tsx?$/.test(f))).toEqual([]);
    for (const file of ['server.js', 'migrate.js', 'ingest.js', 'migrations/meta/_journal.json']) {
      expect(files).toContain(`apps/api/dist/${file}`);
    }
    expect(files.some((f) => /^apps\/api\/dist\/migrations\/0000_.*\.sql$/.test(f))).toBe(true);
    expect(files).toContain('apps/api/dist/derived/verse-prominence.txt');
    expect(files).toContain('apps/web/dist/index.html');
    expect(files).toContain('scripts/run-node.sh');
  });

  it('needs only the API workspace production dependencies at run time', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(app, 'apps/api/package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    const dist = path.join(app, 'apps/api/dist');
    const imported = new Set<string>();
    for (const file of fs.readdirSync(dist).filter((f) => f.endsWith('.js'))) {
      const code = fs.readFileSync(path.join(dist, file), 'utf8');
      for (const m of code.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*"([^"./][^"]*)"/g)) {
        const name = m[1]!.startsWith('@') ? m[1]!.split('/').slice(0, 2).join('/') : m[1]!.split('/')[0]!;
        if (!isBuiltin(m[1]!)) imported.add(name);
      }
    }
    expect(imported.size).toBeGreaterThan(10);
    expect([...imported].filter((name) => !(name in manifest.dependencies))).toEqual([]);
    expect(imported.has('tsx')).toBe(false);
    expect(imported.has('@bible-qa/contract')).toBe(false);
  });

  it('migrates and ingests as release jobs, then serves the API and the web app as the image starts it', async () => {
    const node = (script: string) =>
      run(process.execPath, [path.join(app, 'apps/api/dist', script)], { cwd: app, env: { ...process.env, ...env } });
    expect((await node('migrate.js')).stdout).toMatch(/migrations applied to postgres/);
    expect((await node('ingest.js')).stderr).toMatch(/Built corpus version 1/);

    const server = await startCompiledServer(
      path.join(app, 'apps/api/dist'),
      { ...env, DATABASE_MIGRATE_ON_START: 'false', CORPUS_AUTO_INGEST: 'false' },
      { launcher: path.join(app, 'scripts/run-node.sh') },
    );
    try {
      // Started as the image's CMD starts it: node itself (exec), with jemalloc where the system has it (CI does).
      expect(fs.readFileSync(`/proc/${server.child.pid}/maps`, 'utf8')).toMatch(/\/node$/m);
      expect(allocatorOf(server.child.pid!)).toBe(systemJemalloc() ? 'jemalloc' : 'glibc');
      const page = await fetch(`${server.origin}/chat`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<div id="root">');
      const passage = await fetch(`${server.origin}/webapi/bible/passage?ref=John%203:16`, {
        headers: { locale: 'en' },
      }).then((r) => r.json() as Promise<{ code: number; data: { verses: { text: string }[] } }>);
      expect(passage.code).toBe(0);
      expect(passage.data.verses[0]?.text).toMatch(/God so loved the world/);
      // An answer reads the retrieval data files the bundle carries (prominence, glossaries, the passage guide).
      const answer = await fetch(`${server.origin}/webapi/portal/chat/ask`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', locale: 'zh-cn' },
        body: JSON.stringify({ question: '神爱世人是什么意思？', requestId: 'image-layout-ask-1' }),
      }).then((r) => r.text());
      expect(answer).toContain('"type":"done"');
      expect(server.logs.join('')).not.toMatch(/corpus ingest finished|ENOENT/);
    } finally {
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    }
  }, 180_000);
});
