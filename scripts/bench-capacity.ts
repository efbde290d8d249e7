// npm run bench:capacity — what one API process serves on this machine's cores (issue 30): the CPU an ask costs the
// process before its model is called (never-seen questions), time to the first token for 50/200/500 asks arriving
// together (of those admitted: past ASKS_PREPARING_MAX an ask is refused at once, counted with the time its refusal
// took), the event loop's delay meanwhile, search requests a second at concurrency 10 and 50, and resident memory
// after the bursts, by what maps it. The model is a loopback server speaking the OpenAI protocol (300 tokens at 50 a
// second, 5 a chunk, as the review of 2026-11-29 measured); every ask is a guest of its own address.
//   --data-dir DIR     an ingested DATA_DIR (default /work/data-h4); the server opens its corpus, never ingests
//   --corpus-dir DIR   the corpus it was ingested from (default ../shared/corpus)
//   --database-url URL the PostgreSQL database the corpus was ingested into with that DATA_DIR, as a fleet's instance
//                      runs (default: the data dir's embedded PGlite, which runs its SQL inside the API process)
//   --server-dir DIR   a compiled API (`npm run build:api`'s output) to run instead of this checkout's, e.g. another
//                      commit's, side by side (its repository root is taken as DIR/../../..)
//   --bursts LIST      the burst sizes (default 50,200,500)
//   --label TEXT       printed with every line, to tell two runs apart
//   --cpu-prof DIR     profile the server (node --cpu-prof) and print where its CPU went
// The server starts through scripts/run-node.sh, as `npm start` and the image start it: jemalloc when the system has
// it; ALLOCATOR=system in the environment measures glibc malloc instead (decision 0050).
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFakeLlm } from '../apps/api/src/test/fake-llm.ts';
import { loadGoldSet } from '../apps/api/src/retrieval/eval/gold-set.ts';
import { freePort } from '../apps/api/src/test/free-port.ts';
import { buildApi } from './build-api.ts';
import { allocatorOf, spawnNode } from './run-node.ts';
import { summarizeCpuProfile } from './cpu-profile.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
};
const dataDir = path.resolve(arg('data-dir', '/work/data-h4'));
const corpusDir = path.resolve(arg('corpus-dir', path.resolve(ROOT, '../shared/corpus')));
const label = arg('label', '');
const databaseUrl = process.argv.includes('--database-url') ? arg('database-url', '') : undefined;
const bursts = arg('bursts', '50,200,500').split(',').map(Number);
const profileDir = process.argv.includes('--cpu-prof') ? path.resolve(arg('cpu-prof', 'cpu-profiles')) : undefined;
const givenServer = process.argv.includes('--server-dir') ? path.resolve(arg('server-dir', '')) : undefined;

const pct = (values: number[], p: number) => {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
};
const ms = (v: number) => `${v.toFixed(0)} ms`;
const sleep = (t: number) => new Promise((resolve) => setTimeout(resolve, t));
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
const say = (line: string) => console.log(`${label ? `[${label}] ` : ''}${line}`);
const rssOf = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
/** Resident memory by what maps it: each file (the node binary, LanceDB's addon…) and the anonymous rest, in MB. */
function residentByMapping(pid: number): Map<string, number> {
  const byName = new Map<string, number>();
  let name = '';
  for (const line of fs.readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const head = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \d+\s*(.*)$/.exec(line);
    if (head) name = head[1]!.startsWith('/') ? path.basename(head[1]!) : 'anonymous';
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss) byName.set(name, (byName.get(name) ?? 0) + Number(rss[1]) / 1024);
  }
  return byName;
}
const addressOf = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
let seq = 0;

/** One guest ask from its own address: the time to its first delta and whether it ended done. */
function ask(
  origin: string,
  question: string,
  address: string,
): Promise<{ ttft: number; ok: boolean; why?: string; took: number }> {
  return new Promise((resolve) => {
    const started = performance.now();
    let ttft = NaN;
    const end = (ok: boolean, why?: string) => resolve({ ttft, ok, why, took: performance.now() - started });
    let body = '';
    const req = http.request(
      `${origin}/webapi/portal/chat/ask`,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', locale: 'zh-cn', 'x-forwarded-for': address },
      },
      (res) => {
        res.setEncoding('utf8');
        let ok = false;
        res.on('data', (chunk: string) => {
          if (Number.isNaN(ttft) && chunk.includes('"delta"')) ttft = performance.now() - started;
          // The terminal event may straddle two chunks: the end of the last one is looked at too.
          if ((body + chunk).includes('"type":"done"')) ok = true;
          body = (body + chunk).slice(-400);
        });
        res.on('end', () => end(ok, ok ? undefined : (/"code":(\d+)/.exec(body)?.[1] ?? `status ${res.statusCode}`)));
        res.on('error', () => end(false, 'reset'));
      },
    );
    req.on('error', (e: NodeJS.ErrnoException) => end(false, e.code ?? e.message));
    req.end(JSON.stringify({ question, requestId: `cap-${process.pid}-${(seq += 1)}` }));
  });
}

const llm = await startFakeLlm();
const tokens = (n: number) => ['神爱世人，见约翰福音 3:16。\n', ...Array(n - 1).fill('爱')];
let serverDir = givenServer;
if (!serverDir) {
  serverDir = path.join(ROOT, 'apps/api/dist');
  await buildApi();
}
const serverRoot = givenServer ? path.resolve(serverDir, '../../..') : ROOT;
const port = await freePort();
const profiling = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
const server = spawnNode(['--expose-gc', ...profiling, path.join(serverDir, 'server.js')], {
  cwd: serverRoot,
  env: {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl, DATABASE_MIGRATE_ON_START: 'false' } : {}),
    CORPUS_DIR: corpusDir,
    CORPUS_AUTO_INGEST: 'false',
    LLM_BASE_URL: llm.baseURL,
    // The bursts measure the process, not the model cap (64 by default) or the per-guest quotas.
    LLM_MAX_CONCURRENT: '5000',
    TRUST_PROXY: 'loopback',
    ASKS_PER_GUEST_PER_HOUR: '1000000',
    ASKS_PER_IP_PER_HOUR: '10000000',
    RISK_IP_LIMIT: '1000000',
    RISK_IP_BAN_AT: '10000000',
    METRICS_ALLOW: '127.0.0.1',
    LOG_LEVEL: 'error',
    WEB_DIST_DIR: '/nonexistent',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const origin = `http://127.0.0.1:${port}`;

async function metric(...names: string[]): Promise<number[]> {
  const text = await (await fetch(`${origin}/metrics`)).text();
  const escape = (name: string) => name.replace(/[{}"=.]/g, (c) => `\\${c}`);
  return names.map((name) => Number(new RegExp(`^${escape(name)} ([0-9.e+-]+)$`, 'm').exec(text)?.[1] ?? NaN));
}

try {
  const readyBy = Date.now() + 600_000;
  for (;;) {
    const ready = await fetch(`${origin}/webapi/ready`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ready) break;
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    if (Date.now() > readyBy) throw new Error('the server was not ready in 10 minutes');
    await sleep(500);
  }
  say(
    `server ${serverDir} (${allocatorOf(server.pid!)} malloc); data ${dataDir} on ${databaseUrl ? 'PostgreSQL' : 'PGlite'}; load average ${load()} on ${os.cpus().length} cores`,
  );
  const gold = await loadGoldSet();
  // A prefix per run and per use: never a question the process has seen (its memos do not hit).
  const salt = `${process.pid}`;
  let nth = 0;
  const fresh = () => {
    const q = gold[nth % gold.length]!;
    nth += 1;
    return `${q.question} (${salt}-${nth})`;
  };

  // Warm-up: the first asks load what a process loads once.
  llm.setMode({ kind: 'normal', chunks: tokens(2) });
  for (let i = 0; i < 10; i += 1) await ask(origin, fresh(), addressOf(1));

  // CPU per ask before the model: 50 never-seen questions one after another, a model of one short chunk.
  const [cpuBefore] = await metric('process_cpu_seconds_total');
  for (let i = 0; i < 50; i += 1) await ask(origin, fresh(), addressOf(2 + i));
  const [cpuAfter] = await metric('process_cpu_seconds_total');
  say(
    `CPU per ask (50 never-seen questions, one after another): ${(((cpuAfter! - cpuBefore!) / 50) * 1000).toFixed(1)} ms`,
  );

  let base = 1_000;
  const rss: string[] = [];
  for (const n of bursts) {
    llm.setMode({ kind: 'normal', chunks: Array(60).fill('爱爱爱爱爱'), gapMs: 100 });
    await metric('nodejs_eventloop_lag_max_seconds');
    const loadBefore = load();
    const results = await Promise.all(Array.from({ length: n }, (_, i) => ask(origin, fresh(), addressOf(base + i))));
    base += n;
    const [lagMax] = await metric('nodejs_eventloop_lag_max_seconds');
    const ttft = results.filter((r) => Number.isFinite(r.ttft)).map((r) => r.ttft);
    const failed = results.filter((r) => !r.ok);
    const why = [...new Set(failed.map((r) => r.why))].join(', ');
    const tookP95 = pct(
      failed.map((r) => r.took),
      95,
    );
    const failures = failed.length ? ` (failed: ${why}, answered in p95 ${ms(tookP95)})` : '';
    say(
      `${n} asks at once: TTFT p50 ${ms(pct(ttft, 50))}, p95 ${ms(pct(ttft, 95))}, max ${ms(Math.max(...ttft))}; ` +
        `${n - failed.length}/${n} done${failures}; event-loop delay max ` +
        `${ms(lagMax! * 1000)}; RSS ${rssOf(server.pid!).toFixed(0)} MB; load ${loadBefore} → ${load()}`,
    );
  }
  await sleep(15_000);
  rss.push(rssOf(server.pid!).toFixed(0));
  const mapped = residentByMapping(server.pid!);
  const spaces = ['new', 'old', 'code', 'large_object'];
  const [committed, used, ...bySpace] = await metric(
    'nodejs_heap_size_total_bytes',
    'nodejs_heap_size_used_bytes',
    ...spaces.map((space) => `nodejs_heap_space_size_total_bytes{space="${space}"}`),
  );
  const anonymous = mapped.get('anonymous') ?? 0;
  mapped.delete('anonymous');
  const files = [...mapped].sort((a, b) => b[1] - a[1]);
  const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(0);
  say(
    `resident after the bursts: anonymous ${anonymous.toFixed(0)} MB, of it the V8 heap ${mb(committed!)} ` +
      `(${mb(used!)} used; ${spaces.map((space, i) => `${space} ${mb(bySpace[i]!)}`).join(', ')}) and the rest ` +
      `native (malloc, LanceDB, PGlite's WebAssembly memory); files ` +
      `${files.reduce((sum, [, v]) => sum + v, 0).toFixed(0)} MB (` +
      `${files
        .slice(0, 4)
        .map(([file, v]) => `${file} ${v.toFixed(0)}`)
        .join(', ')})`,
  );

  // Search: distinct one- and two-word queries, for 10 s at each concurrency.
  const words = gold.flatMap((q) =>
    q.question.split(/[\s，。？?,.!！]+/).filter((w) => w.length >= 2 && w.length <= 12),
  );
  for (const concurrency of [10, 50]) {
    let count = 0;
    let errors = 0;
    const latencies: number[] = [];
    const until = performance.now() + 10_000;
    await Promise.all(
      Array.from({ length: concurrency }, async (_, c) => {
        for (let i = c; performance.now() < until; i += concurrency) {
          const q = encodeURIComponent(
            `${words[i % words.length]}${i % 3 === 0 ? ` ${words[(i * 7) % words.length]}` : ''}`,
          );
          const t = performance.now();
          const res = await fetch(`${origin}/webapi/bible/search?q=${q}`, {
            headers: { 'x-forwarded-for': addressOf(900_000 + c), locale: 'zh-cn' },
          }).catch(() => undefined);
          if (res?.ok) {
            await res.arrayBuffer();
            count += 1;
            latencies.push(performance.now() - t);
          } else errors += 1;
        }
      }),
    );
    say(
      `search at concurrency ${concurrency}: ${(count / 10).toFixed(1)} req/s, p50 ${ms(pct(latencies, 50))}, ` +
        `p95 ${ms(pct(latencies, 95))}${errors ? `, ${errors} errors` : ''}; load ${load()}`,
    );
  }
  await sleep(15_000);
  rss.push(rssOf(server.pid!).toFixed(0));
  const [heap] = await metric('nodejs_heap_size_used_bytes');
  say(
    `RSS idle 15 s after the bursts: ${rss[0]} MB; after the searches: ${rss[1]} MB (JS heap ${(heap! / 2 ** 20).toFixed(0)} MB)`,
  );
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  await llm.close();
  agent.destroy();
}
if (profileDir) {
  const newest = fs
    .readdirSync(profileDir)
    .filter((f) => f.endsWith('.cpuprofile'))
    .map((f) => path.join(profileDir, f))
    .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs)[0];
  if (newest) console.log(`\nserver CPU profile ${newest}:\n${summarizeCpuProfile(newest, 30)}`);
}
