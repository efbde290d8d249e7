// npm run bench:chat — server overhead of the chat stream with a model at a fixed first-token delay, and bursts.
// The API runs as its own process (as in production) on a corpus index; the model is a loopback server speaking
// the OpenAI streaming protocol. Overhead = time to the first answer byte (first delta) minus the model's delay.
// Every concurrent ask comes from a guest of its own (its own address in X-Forwarded-For, the server trusting the
// loopback proxy), so the per-guest limits apply as configured; only the server-wide model cap is lifted.
//   --data-dir DIR   an ingested DATA_DIR (default: a temporary one with the test fixture corpus)
//   --delay MS       the model's first-token delay (default 200)
//   --cycles N       bursts of 1,000 streams (default 3): connection resets, abort latency, event-loop delay, and
//                    the idle memory after each
//   --burst-only     skip the single-client and 200-stream phases
//   --gold-only      only the single-client phases (the repeated question, then the gold line), then stop
//   --idle-after S   after the last burst, also report the idle memory S seconds later (answers are kept 10 minutes
//                    for retried requests)
//   --postgres       run the server on a throw-away PostgreSQL cluster (as a fleet does) instead of PGlite
//   --cpu-prof DIR   profile the server (node --cpu-prof) and print where its CPU time went
//   --tsx            run the server's TypeScript through tsx instead of the compiled bundle (npm start's way)
//   --grace MS       how long the server waits for a client that left to come back before it closes the model call
//                    (STREAM_RESUME_GRACE_MS, decision 0021; default 0 here so that the abort latency is measured,
//                    10000 as deployed)
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFakeLlm } from '../apps/api/src/test/fake-llm.ts';
import { loadGoldSet } from '../apps/api/src/retrieval/eval/gold-set.ts';
import { freePort } from '../apps/api/src/test/free-port.ts';
import { startCluster } from '../apps/api/src/test/databases-global-setup.ts';
import { buildApi } from './build-api.ts';
import { summarizeCpuProfile } from './cpu-profile.ts';
import { spawnNode } from './run-node.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
};
const DELAY = Number(arg('delay', '200'));
const CYCLES = Number(arg('cycles', '3'));
const GRACE = Number(arg('grace', '0'));
const BURST = 1000;
const burstOnly = process.argv.includes('--burst-only');
const goldOnly = process.argv.includes('--gold-only');
const profileDir = process.argv.includes('--cpu-prof') ? path.resolve(arg('cpu-prof', 'cpu-profiles')) : undefined;
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
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

function rssOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** A guest's own address: asks numbered n come from 10.x.y.z, one address each. */
const addressOf = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
let seq = 0;
const failures = new Map<string, number>();
const fail = (why: string) => failures.set(why, (failures.get(why) ?? 0) + 1);

interface AskResult {
  ttfb: number;
  ok: boolean;
  /** The connection was reset (or refused) before any response: the listen queue overflowed. */
  reset: boolean;
  /** performance.now() when this client went away after its first delta. */
  abortedAt?: number;
  /** How long the TCP connection took (SYNs dropped by a full accept queue are retried after 1 s, 3 s…). */
  connectMs: number;
}

/** One guest ask; resolves with the time to the first delta and whether the stream ended with done. */
function ask(
  origin: string,
  options: { address?: string; question?: string; untilFirstDelta?: boolean; abort?: boolean } = {},
): Promise<AskResult> {
  const question = options.question ?? '神爱世人是什么意思？';
  const address = options.address ?? addressOf(1);
  return new Promise((resolve) => {
    const started = performance.now();
    let ttfb = NaN;
    let tail = '';
    let done = false;
    let errorText = '';
    let responded = false;
    let connectMs = NaN;
    const req = http.request(
      `${origin}/webapi/portal/chat/ask`,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', locale: 'zh-cn', 'x-forwarded-for': address },
      },
      (res) => {
        responded = true;
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          if (Number.isNaN(ttfb) && chunk.includes('"delta"')) {
            ttfb = performance.now() - started;
            if (options.untilFirstDelta || options.abort) {
              const abortedAt = performance.now();
              req.destroy();
              resolve({ ttfb, ok: true, reset: false, abortedAt, connectMs });
            }
          }
          // the terminal event may straddle two chunks: look at the end of the last one too
          if ((tail + chunk).includes('"type":"done"')) done = true;
          const error = /"type":"error","code":(\d+),"msg":"([^"]*)"/.exec(chunk);
          if (error) errorText = `${error[1]} ${error[2]}`;
          tail = chunk.slice(-32);
        });
        res.on('end', () => {
          if ((options.untilFirstDelta || options.abort) && !Number.isNaN(ttfb)) return; // went away after its first delta
          // A refused ask (a limit's error event) ends without a delta: count it, never wait for it.
          if (!done) fail(errorText || `status ${res.statusCode}, no terminal event`);
          resolve({ ttfb, ok: done, reset: false, connectMs });
        });
        res.on('error', () => resolve({ ttfb, ok: false, reset: false, connectMs }));
      },
    );
    req.on('socket', (socket) => {
      if (!socket.connecting) connectMs = 0;
      else socket.once('connect', () => (connectMs = performance.now() - started));
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (!Number.isNaN(ttfb)) return; // our own destroy after the first delta
      const reset = !responded && (error.code === 'ECONNRESET' || error.code === 'ECONNREFUSED');
      fail(reset ? `connection reset before a response (${error.code})` : error.message);
      resolve({ ttfb, ok: false, reset, connectMs });
    });
    req.end(JSON.stringify({ question, requestId: `bench-${process.pid}-${(seq += 1)}` }));
  });
}

const cluster = process.argv.includes('--postgres')
  ? await startCluster(fs.mkdtempSync(path.join(os.tmpdir(), 'bench-chat-pg-')))
  : undefined;
const llm = await startFakeLlm();
const chunks = (n: number) => ['神爱世人，见约翰福音 3:16。\n', ...Array(n).fill('爱')];
const port = await freePort();
const viaTsx = process.argv.includes('--tsx');
if (!viaTsx) await buildApi();
const entry = viaTsx ? ['--import', 'tsx', 'apps/api/src/server.ts'] : ['apps/api/dist/server.js'];
const profiling = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
process.stderr.write(`server: ${[...profiling, ...entry].join(' ')}\n`);
const server = spawnNode(['--expose-gc', ...profiling, ...entry], {
  cwd: ROOT,
  env: {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    // A production server builds its links from configuration only.
    PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    ...(cluster ? { DATABASE_URL: cluster.url } : {}),
    CORPUS_DIR: corpusDir,
    LLM_BASE_URL: llm.baseURL,
    // The one limit lifted: the model calls a server makes at once (64 by default).
    LLM_MAX_CONCURRENT: '5000',
    // The bench is the proxy: each ask names its guest's address.
    TRUST_PROXY: 'loopback',
    // The single-client phases ask a few hundred times from one address, far more than a reader could.
    ASKS_PER_GUEST_PER_HOUR: '1000000',
    ASKS_PER_IP_PER_HOUR: '10000000',
    RISK_IP_LIMIT: '1000000',
    RISK_IP_BAN_AT: '10000000',
    METRICS_ALLOW: '127.0.0.1',
    LOG_LEVEL: 'error',
    STREAM_RESUME_GRACE_MS: String(GRACE),
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
/** The server's event-loop delay since the last scrape (prom-client resets its histogram at each one), in ms. */
async function eventLoopDelay(): Promise<{ p99: number; max: number }> {
  const [p99, max] = await metric('nodejs_eventloop_lag_p99_seconds', 'nodejs_eventloop_lag_max_seconds');
  return { p99: p99! * 1000, max: max! * 1000 };
}
/** The server's resident memory with the JavaScript heap and V8's external memory, in MB. */
async function memory(): Promise<string> {
  const [used, total, external, majors] = await metric(
    'nodejs_heap_size_used_bytes',
    'nodejs_heap_size_total_bytes',
    'nodejs_external_memory_bytes',
    'nodejs_gc_duration_seconds_count{kind="major"}',
  );
  const mb = (bytes: number | undefined) => ((bytes ?? NaN) / 2 ** 20).toFixed(0);
  return (
    `RSS ${rssOf(server.pid!).toFixed(0)} MB (heap ${mb(used)} used of ${mb(total)}, external ${mb(external)}; ` +
    `${majors} major collections so far)`
  );
}

/**
 * 1,000 guests ask at once; every fourth goes away after its first delta. Meanwhile a probe reads /webapi/version
 * every 100 ms. Abort latency: from a client going away to the model call being closed by the server.
 */
async function burst(cycle: number) {
  llm.setMode({ kind: 'normal', chunks: chunks(60), firstTokenDelayMs: DELAY, gapMs: 50 });
  await eventLoopDelay();
  const firstRequest = llm.requests.length;
  let bursting = true;
  const probes: number[] = [];
  const probing = (async () => {
    while (bursting) {
      const t = performance.now();
      await fetch(`${origin}/webapi/version`).then(
        (r) => r.text(),
        () => undefined,
      );
      probes.push(performance.now() - t);
      await sleep(100);
    }
  })();
  const t0 = performance.now();
  const results = await Promise.all(
    Array.from({ length: BURST }, (_, i) =>
      ask(origin, { address: addressOf(cycle * 100_000 + i + 2), abort: i % 4 === 0 }),
    ),
  );
  const seconds = (performance.now() - t0) / 1000;
  bursting = false;
  await probing;
  const loop = await eventLoopDelay();
  await sleep(1000);
  // Each aborting client's model call. The server makes the calls in its own order, so match by time: each abort
  // (in order) takes the first call closed early after it. An abort with none left was not honoured: its model call
  // ran to the end.
  const aborts = results.flatMap((r) => (r.abortedAt === undefined ? [] : [r.abortedAt])).sort((a, b) => a - b);
  const closes = llm.requests
    .slice(firstRequest)
    .flatMap((r) => (r.closedEarly && r.closedAt !== undefined ? [r.closedAt] : []))
    .sort((a, b) => a - b);
  const abortLatency: number[] = [];
  let next = 0;
  for (const at of aborts) {
    while (next < closes.length && closes[next]! < at) next += 1;
    if (next < closes.length) abortLatency.push(closes[next++]! - at);
  }
  const streamed = results.filter((r, i) => i % 4 !== 0);
  console.log(
    `burst ${cycle} (load ${load()}): ${streamed.filter((r) => r.ok).length}/${streamed.length} streams done, ` +
      `${aborts.length} aborted after their first delta, ${results.filter((r) => r.reset).length} connection resets, ` +
      `in ${seconds.toFixed(1)} s`,
  );
  console.log(`  first-delta overhead ${fmt(results.filter((r) => r.ok || r.abortedAt).map((r) => r.ttfb - DELAY))}`);
  console.log(`  TCP connect ${fmt(results.map((r) => r.connectMs).filter((ms) => Number.isFinite(ms)))}`);
  console.log(
    `  abort → model call closed (grace ${GRACE} ms): ${abortLatency.length} of ${aborts.length} aborts honoured, ` +
      fmt(abortLatency),
  );
  console.log(
    `  event loop: delay p99 ${loop.p99.toFixed(1)} ms, max ${loop.max.toFixed(1)} ms; /version probe ${fmt(probes)}`,
  );
}

try {
  for (let i = 0; ; i += 1) {
    const health = await fetch(`${origin}/webapi/ready`)
      .then((r) => r.json() as Promise<{ data: { corpus: { status: string } } }>)
      .catch(() => undefined);
    if (health?.data.corpus.status === 'ready') break;
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    if (i > 900) throw new Error('the server did not get a ready corpus in 3 minutes');
    await sleep(200);
  }
  console.log(
    `corpus: ${corpusDir === fixtureCorpus ? 'test fixture' : corpusDir}; model first-token delay ${DELAY} ms; ` +
      `load average ${load()} on ${os.cpus().length} cores`,
  );

  llm.setMode({ kind: 'normal', chunks: chunks(20), firstTokenDelayMs: DELAY, gapMs: 10 });
  for (let i = 0; i < 20; i += 1) await ask(origin); // warm-up
  if (!burstOnly) {
    const one: number[] = [];
    for (let i = 0; i < 100; i += 1) one.push((await ask(origin)).ttfb - DELAY);
    console.log(`overhead, 1 client:                    ${fmt(one)}`);
    // The same again over the gold questions of five languages, each asked once: no retrieval is repeated.
    const gold = await loadGoldSet();
    const varied: number[] = [];
    for (const q of gold) {
      // A stream that never ends would stop the bench without a word: say which question it was.
      const slow = setTimeout(() => console.log(`still waiting after 10 s: ${q.id} ${q.question}`), 10_000);
      varied.push((await ask(origin, { question: q.question })).ttfb - DELAY);
      clearTimeout(slow);
    }
    console.log(`overhead, 1 client, ${gold.length} gold questions: ${fmt(varied)}`);
  }
  if (!burstOnly && !goldOnly) {
    // 200 long streams open (200 guests), then probes measured while they run.
    llm.setMode({ kind: 'normal', chunks: chunks(300), firstTokenDelayMs: DELAY, gapMs: 50 });
    const background = Array.from({ length: 200 }, (_, i) => ask(origin, { address: addressOf(50_000 + i) }));
    // let the burst of 200 starts settle, so the probes see 200 streams running rather than 200 arriving
    await sleep(8000);
    const under: number[] = [];
    // Each probe from a guest of its own: a guest may have two asks running, and a probe's generation outlives it by
    // the resume grace (one guest asking a hundred times in a row was refused from the third, and the bench waited).
    for (let i = 0; i < 100; i += 1) {
      const probe = await ask(origin, { untilFirstDelta: true, address: addressOf(60_000 + i) });
      if (probe.ok) under.push(probe.ttfb - DELAY);
    }
    console.log(`overhead, with 200 streams open:       ${fmt(under)}`);
    const bg = await Promise.all(background);
    console.log(
      `  the 200: ${bg.filter((r) => r.ok).length} completed; their own overhead ${fmt(bg.map((r) => r.ttfb - DELAY))}`,
    );
  }

  if (!goldOnly) {
    // Idle memory: the warmed-up server at rest (as `npm start` runs it, it collects once idle after a burst), then
    // after each burst once it has been idle as long.
    agent.destroy();
    await sleep(15_000);
    const rss = [rssOf(server.pid!)];
    console.log(`idle before the bursts: ${await memory()}`);
    for (let cycle = 1; cycle <= CYCLES; cycle += 1) {
      await burst(cycle);
      await sleep(15_000);
      rss.push(rssOf(server.pid!));
      console.log(`  idle 15 s after: ${await memory()}`);
    }
    const idleAfter = Number(arg('idle-after', '0'));
    if (idleAfter > 0) {
      await sleep(idleAfter * 1000);
      rss.push(rssOf(server.pid!));
      console.log(`  idle ${idleAfter} s later: ${await memory()}`);
    }
    const over = (mb: number) => `${(((mb - rss[0]!) / rss[0]!) * 100).toFixed(1)} %`;
    console.log(
      `idle RSS: baseline ${rss[0]!.toFixed(0)} MB; 15 s after each burst ` +
        rss
          .slice(1, CYCLES + 1)
          .map((mb, i) => `${i + 1}: ${mb.toFixed(0)} MB (${over(mb)})`)
          .join(', ') +
        (rss.length > CYCLES + 1 ? `; ${idleAfter} s later ${rss.at(-1)!.toFixed(0)} MB (${over(rss.at(-1)!)})` : ''),
    );
  }
  if (failures.size) console.log('failures:', Object.fromEntries(failures));
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  await llm.close();
  await cluster?.stop();
}
if (profileDir) {
  const newest = fs
    .readdirSync(profileDir)
    .filter((f) => f.endsWith('.cpuprofile'))
    .map((f) => path.join(profileDir, f))
    .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs)[0];
  if (newest) console.log(`\nserver CPU profile ${newest}:\n${summarizeCpuProfile(newest, 25)}`);
}
