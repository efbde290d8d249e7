import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatEvent } from '@bible-qa/contract';
import {
  buildCompiledApi,
  FIXTURE_CORPUS_DIR,
  startCompiledServer,
  type CompiledServer,
} from '../test/compiled-server.ts';
import { freshPostgresUrl, postgresInRun } from '../test/databases.ts';

/**
 * Issue 14: the index is built once by the ingest job into a shared directory; instances with data directories of
 * their own read it without building anything, and follow a corpus update without a restart or a failed request.
 */
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bibleqa-fleet-corpus-'));
const corpusDir = path.join(work, 'corpus');
const sharedIndex = path.join(work, 'shared-index');
const fleetEnv = {
  CORPUS_DIR: corpusDir,
  CORPUS_INDEX_DIR: sharedIndex,
  CORPUS_POLL_MS: '300',
  CORPUS_OLD_VERSION_GRACE_MS: '2000',
  CORPUS_HOLD_TTL_MS: '5000',
};

/** Runs the compiled ingest job to its end; resolves with its exit code and output. */
function runIngestJob(dir: string, databaseUrl: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(dir, 'ingest.js')], {
      cwd: os.tmpdir(),
      env: { ...process.env, ...fleetEnv, DATABASE_URL: databaseUrl, DATA_DIR: path.join(work, 'job-data') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

async function get(origin: string, url: string) {
  const res = await fetch(`${origin}/webapi${url}`, { headers: { locale: 'en' } });
  return { status: res.status, body: (await res.json()) as { code: number; data: Record<string, unknown> } };
}

/** What an instance answers a guest: the streamed text and the final answer's citations. */
async function ask(origin: string, question: string, requestId: string) {
  const res = await fetch(`${origin}/webapi/portal/chat/ask`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', locale: 'en' },
    body: JSON.stringify({ question, requestId }),
  });
  const events = (await res.text())
    .split('\n\n')
    .filter((frame) => frame.startsWith('data: '))
    .map((frame) => JSON.parse(frame.slice(6)) as ChatEvent);
  const done = events.find((e) => e.type === 'done');
  return {
    content: done?.answer.content,
    citations: done?.answer.citations.map((c) => [c.reference, c.status, c.verseText]),
  };
}

/** What a reader sees of the corpus on one instance: a passage, search hits and an answer. */
async function view(origin: string, n: number) {
  const passage = await get(origin, '/bible/passage?ref=John%203:16&translation=kjv');
  const search = await get(origin, '/bible/search?q=God%20so%20loved%20the%20world&lang=en&limit=5');
  const hits = (search.body.data.hits as { id: string; text: string }[]).map((h) => [h.id, h.text]);
  return {
    passage: passage.body.data,
    hits,
    answer: await ask(origin, 'What does John 3:16 say about love?', `fleet-corpus-${n}-${Date.now()}`),
  };
}

describe.skipIf(!postgresInRun)('the corpus index published once by the ingest job, read by every instance', () => {
  let build: Awaited<ReturnType<typeof buildCompiledApi>>;
  let databaseUrl: string;
  let db: pg.Client;
  const servers: CompiledServer[] = [];

  const startInstance = (name: string) =>
    startCompiledServer(build.dir, {
      ...fleetEnv,
      DATABASE_URL: databaseUrl,
      DATA_DIR: path.join(work, `data-${name}`),
      CORPUS_AUTO_INGEST: 'false',
      DATABASE_MIGRATE_ON_START: 'false',
      // The load below comes from one address; the per-address ceiling is not what this test is about.
      RISK_IP_LIMIT: '1000000',
      RISK_IP_BAN_AT: '10000000',
      LOG_LEVEL: 'info',
    }).then((server) => {
      servers.push(server);
      return server;
    });

  beforeAll(async () => {
    fs.cpSync(FIXTURE_CORPUS_DIR, corpusDir, { recursive: true });
    build = await buildCompiledApi();
    databaseUrl = await freshPostgresUrl();
    db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
  }, 120_000);
  afterAll(async () => {
    for (const server of servers) if (server.child.exitCode === null) server.child.kill('SIGKILL');
    await db?.end();
    build?.remove();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('serves the same answers from a third instance with a data directory of its own, without building anything', async () => {
    const job = await runIngestJob(build.dir, databaseUrl);
    expect(job.output).toMatch(/Built corpus version 1 \(index v1-[0-9a-f]{8}\)/);
    expect(job.code).toBe(0);
    const [a, b] = await Promise.all([startInstance('a'), startInstance('b')]);
    const c = await startInstance('c');

    const views = [await view(a.origin, 1), await view(b.origin, 2), await view(c.origin, 3)];
    expect(views[0]!.passage).toMatchObject({ verses: [{ verse: 16, text: expect.stringContaining('God so loved') }] });
    expect(views[0]!.hits.map(([id]) => id)).toContain('kjv:JHN.3.16');
    expect(views[0]!.answer.citations).toContainEqual([
      'JHN.3.16-JHN.3.17',
      'linked',
      expect.stringContaining('loved'),
    ]);
    expect(views[1]).toEqual(views[0]);
    expect(views[2]).toEqual(views[0]);

    // Nothing was built by the instances: one version in the database (the job's), the third one's log has no
    // ingest and names the version it opened, and each instance holds that version.
    const versions = await db.query<{ id: number; index_dir: string }>('select id, index_dir from corpus_versions');
    expect(versions.rows).toEqual([{ id: 1, index_dir: expect.stringMatching(/^v1-[0-9a-f]{8}$/) }]);
    const log = c.logs.join('');
    expect(log).not.toMatch(/corpus ingest/);
    expect(log).toMatch(/"versionId":1,[^\n]*"corpus version open"/);
    expect(fs.existsSync(path.join(work, 'data-c', 'index'))).toBe(false);
    const holds = await db.query<{ pid: number }>('select pid from corpus_readers where version_id = 1');
    expect(holds.rows.map((r) => r.pid).sort()).toEqual([a, b, c].map((s) => s.child.pid).sort());
  }, 300_000);

  it('switches all three to a corpus update without a restart, with no request failing under load', async () => {
    const kjv = path.join(corpusDir, 'bibles/kjv.jsonl');
    fs.writeFileSync(kjv, fs.readFileSync(kjv, 'utf8').replace('but have everlasting life.', 'but have life eternal.'));

    // A load runs through the publication and the switch: passages and searches on every instance.
    const outcomes: { status: number; code: number; updated: boolean }[] = [];
    let loading = true;
    const worker = async (w: number) => {
      for (let i = 0; loading; i += 1) {
        const origin = servers[(w + i) % servers.length]!.origin;
        const passage = await get(origin, '/bible/passage?ref=John%203:16&translation=kjv');
        const text = JSON.stringify(passage.body.data);
        outcomes.push({ status: passage.status, code: passage.body.code, updated: text.includes('life eternal') });
        const search = await get(origin, '/bible/search?q=everlasting%20eternal%20life&lang=en');
        outcomes.push({ status: search.status, code: search.body.code, updated: false });
      }
    };
    const load = Array.from({ length: 20 }, (_, w) => worker(w));

    const job = runIngestJob(build.dir, databaseUrl);
    const versionOf = async (server: CompiledServer) =>
      ((await get(server.origin, '/ready')).body.data.corpus as { versionId?: number }).versionId;
    for (const server of servers) await expect.poll(() => versionOf(server), { timeout: 60_000 }).toBe(2);
    await new Promise((r) => setTimeout(r, 1_000));
    loading = false;
    await Promise.all(load);

    expect(outcomes.filter((o) => o.status !== 200 || o.code !== 0)).toEqual([]);
    // The load ran before and after the switch.
    expect(outcomes.some((o) => o.updated)).toBe(true);
    expect(outcomes.filter((o) => o.updated).length).toBeLessThan(outcomes.length / 2);
    const views = [];
    for (const [n, server] of servers.entries()) views.push(await view(server.origin, 10 + n));
    expect(views[0]!.passage).toMatchObject({ verses: [{ text: expect.stringContaining('life eternal') }] });
    expect(views[1]).toEqual(views[0]);
    expect(views[2]).toEqual(views[0]);

    // The job waited for the instances to let the old version go, then removed its rows and index.
    const finished = await job;
    expect(finished.output).toMatch(/Built corpus version 2/);
    expect(finished.output).toMatch(/Removed retired corpus version\(s\) 1: rows and index/);
    expect(finished.code).toBe(0);
    const versions = await db.query<{ id: number; index_dir: string }>('select id, index_dir from corpus_versions');
    expect(versions.rows.map((r) => r.id)).toEqual([2]);
    expect(fs.readdirSync(sharedIndex)).toEqual([versions.rows[0]!.index_dir]);
    const left = await db.query<{ n: string }>('select count(*) as n from verses where version_id = 1');
    expect(left.rows[0]?.n).toBe('0');
    for (const server of servers) expect(server.logs.join('')).not.toMatch(/corpus ingest/);
  }, 300_000);
});
