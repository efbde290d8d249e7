// npm run bench:chat — server overhead of the chat stream with a model at a fixed first-token delay.
// The API runs as its own process (as in production) on a corpus index; the model is a loopback server speaking
// the OpenAI streaming protocol. Overhead = time to the first answer byte (first delta) minus the model's delay.
//   --data-dir DIR   an ingested DATA_DIR (default: a temporary one with the test fixture corpus)
//   --delay MS       the model's first-token delay (default 200)
//   --tsx            run the server's TypeScript through tsx instead of the compiled bundle (npm start's way)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFakeLlm } from '../apps/api/src/test/fake-llm.ts';
import { loadGoldSet } from '../apps/api/src/retrieval/eval/gold-set.ts';
import { freePort } from '../apps/api/src/test/free-port.ts';
import { buildApi } from './build-api.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
};
const DELAY = Number(arg('delay', '200'));
const fixtureCorpus = path.join(ROOT, 'apps/api/src/test/fixtures/corpus');
const dataDir = arg('data-dir', fs.mkdtempSync(path.join(os.tmpdir(), 'bench-chat-')));
const corpusDir = process.argv.includes('--data-dir')
  ? arg('corpus-dir', path.resolve(ROOT, '../shared/corpus'))
  : fixtureCorpus;

const pct = (values: number[], p: number) => {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
};
const fmt = (values: number[]) =>
  `n=${values.length} p50=${pct(values, 50).toFixed(1)} p95=${pct(values, 95).toFixed(1)} p99=${pct(values, 99).toFixed(1)} max=${Math.max(...values).toFixed(1)} ms`;

function rssOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
let seq = 0;
/** One guest ask; resolves with the time to the first delta and whether the stream ended with done. */
const failures = new Map<string, number>();
function ask(
  origin: string,
  untilFirstDelta = false,
  question = '神爱世人是什么意思？',
): Promise<{ ttfb: number; ok: boolean }> {
  return new Promise((resolve) => {
    const started = performance.now();
    let ttfb = NaN;
    let tail = '';
    let done = false;
    let errorText = '';
    const req = http.request(
      `${origin}/webapi/portal/chat/ask`,
      { method: 'POST', agent, headers: { 'content-type': 'application/json', locale: 'zh-cn' } },
      (res) => {
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          if (Number.isNaN(ttfb) && chunk.includes('"delta"')) {
            ttfb = performance.now() - started;
            if (untilFirstDelta) {
              req.destroy();
              resolve({ ttfb, ok: true });
            }
          }
          // the terminal event may straddle two chunks: look at the end of the last one too
          if ((tail + chunk).includes('"type":"done"')) done = true;
          const error = /"type":"error","code":(\d+),"msg":"([^"]*)"/.exec(chunk);
          if (error) errorText = `${error[1]} ${error[2]}`;
          tail = chunk.slice(-32);
        });
        res.on('end', () => {
          if (!done) {
            const why = errorText || `status ${res.statusCode}, no terminal event`;
            failures.set(why, (failures.get(why) ?? 0) + 1);
          }
          resolve({ ttfb, ok: done });
        });
        res.on('error', () => resolve({ ttfb, ok: false }));
      },
    );
    req.on('error', (error) => {
      failures.set(error.message, (failures.get(error.message) ?? 0) + 1);
      resolve({ ttfb, ok: false });
    });
    req.end(JSON.stringify({ question, requestId: `bench-${process.pid}-${(seq += 1)}` }));
  });
}

const llm = await startFakeLlm();
const chunks = (n: number) => ['神爱世人，见约翰福音 3:16。\n', ...Array(n).fill('爱')];
const port = await freePort();
const viaTsx = process.argv.includes('--tsx');
if (!viaTsx) await buildApi();
const entry = viaTsx ? ['--import', 'tsx', 'apps/api/src/server.ts'] : ['apps/api/dist/server.js'];
process.stderr.write(`server: ${entry.join(' ')}\n`);
const server = spawn(process.execPath, ['--expose-gc', ...entry], {
  cwd: ROOT,
  env: {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    // A production server builds its links from configuration only.
    PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    CORPUS_DIR: corpusDir,
    LLM_BASE_URL: llm.baseURL,
    LLM_MAX_CONCURRENT: '5000',
    // one client address sends thousands of asks here: lift the per-IP and per-account risk ceilings
    RISK_IP_LIMIT: '1000000',
    RISK_IP_BAN_AT: '10000000',
    RISK_ACCOUNT_LIMIT: '1000000',
    RISK_ACCOUNT_SUSPEND_AT: '10000000',
    // and the per-guest and per-address ask quotas
    ASK_CONCURRENT_PER_GUEST: '100',
    ASKS_PER_GUEST_PER_HOUR: '1000000',
    ASKS_PER_IP_PER_HOUR: '10000000',
    LOG_LEVEL: 'error',
    // as `npm start` runs it: two malloc arenas instead of up to 16, so native memory freed after a burst is reused
    MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
    WEB_DIST_DIR: '/nonexistent',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const origin = `http://127.0.0.1:${port}`;
try {
  for (let i = 0; ; i += 1) {
    const health = await fetch(`${origin}/webapi/health`)
      .then((r) => r.json() as Promise<{ data: { corpus: { status: string } } }>)
      .catch(() => undefined);
    if (health?.data.corpus.status === 'ready') break;
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    if (i > 900) throw new Error('the server did not get a ready corpus in 3 minutes');
    await new Promise((r) => setTimeout(r, 200));
  }
  console.log(
    `corpus: ${corpusDir === fixtureCorpus ? 'test fixture' : corpusDir}; model first-token delay ${DELAY} ms`,
  );

  llm.setMode({ kind: 'normal', chunks: chunks(20), firstTokenDelayMs: DELAY, gapMs: 10 });
  for (let i = 0; i < 20; i += 1) await ask(origin); // warm-up
  const one: number[] = [];
  for (let i = 0; i < 100; i += 1) one.push((await ask(origin)).ttfb - DELAY);
  console.log(`overhead, 1 client:                    ${fmt(one)}`);
  // The same again over the gold questions of five languages, each asked once: no retrieval is repeated.
  const gold = await loadGoldSet();
  const varied: number[] = [];
  for (const q of gold) varied.push((await ask(origin, false, q.question)).ttfb - DELAY);
  console.log(`overhead, 1 client, ${gold.length} gold questions: ${fmt(varied)}`);
  // the baseline is the warmed-up server at rest (as `npm start` runs it, it collects once idle after a burst)
  await new Promise((r) => setTimeout(r, 5000));
  const baseline = rssOf(server.pid!);

  // 200 long streams open, then probes measured while they run.
  llm.setMode({ kind: 'normal', chunks: chunks(300), firstTokenDelayMs: DELAY, gapMs: 50 });
  const background = Array.from({ length: 200 }, () => ask(origin));
  // let the burst of 200 starts settle, so the probes see 200 streams running rather than 200 arriving
  await new Promise((r) => setTimeout(r, 8000));
  const under: number[] = [];
  for (let i = 0; i < 100; i += 1) under.push((await ask(origin, true)).ttfb - DELAY);
  console.log(`overhead, with 200 streams open:       ${fmt(under)}`);
  const bg = await Promise.all(background);
  console.log(
    `  the 200: ${bg.filter((r) => r.ok).length} completed; their own overhead ${fmt(bg.map((r) => r.ttfb - DELAY))}`,
  );

  // 1,000 at once.
  llm.setMode({ kind: 'normal', chunks: chunks(60), firstTokenDelayMs: DELAY, gapMs: 50 });
  const t0 = performance.now();
  const thousand = await Promise.all(Array.from({ length: 1000 }, () => ask(origin)));
  const peak = rssOf(server.pid!);
  const failed = thousand.filter((r) => !r.ok).length;
  console.log(
    `1,000 concurrent streams: ${thousand.filter((r) => r.ok).length} completed, ${failed} did not in ${((performance.now() - t0) / 1000).toFixed(1)} s; ` +
      `first-delta overhead ${fmt(thousand.filter((r) => r.ok).map((r) => r.ttfb - DELAY))}`,
  );
  if (failures.size) console.log('  failures:', Object.fromEntries(failures));
  agent.destroy();
  await new Promise((r) => setTimeout(r, 15_000));
  const after = rssOf(server.pid!);
  console.log(
    `server RSS: baseline ${baseline.toFixed(0)} MB, after 1,000 streams ${peak.toFixed(0)} MB, 15 s after they ended ${after.toFixed(0)} MB ` +
      `(${(((after - baseline) / baseline) * 100).toFixed(1)} % over baseline)`,
  );
} finally {
  server.kill('SIGTERM');
  await llm.close();
}
