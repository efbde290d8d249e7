// npm run bench:start — cold start and memory of the server run through tsx and compiled (apps/api/dist).
// Each run starts the server on an already ingested DATA_DIR and measures the time from spawn until /webapi/health
// answers and until the corpus version is open, the CPU time used by then, then the resident memory a second after
// the start and after 300 Bible reads.
//   --runs N                  runs per variant, interleaved (default 5)
//   --variant name=file.js    one more variant to compare (e.g. a tsc emit), started with plain node
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../apps/api/src/test/free-port.ts';
import { spawnNode } from './run-node.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.argv[process.argv.indexOf('--runs') + 1] || 5);
const variants: Record<string, string[]> = {
  tsx: ['--import', 'tsx', 'apps/api/src/server.ts'],
  compiled: ['apps/api/dist/server.js'],
};
process.argv.forEach((a, i) => {
  if (a !== '--variant') return;
  const [name, file] = (process.argv[i + 1] ?? '').split('=');
  if (name && file) variants[name] = [path.resolve(file)];
});
if (!fs.existsSync(path.join(ROOT, 'apps/api/dist/server.js'))) throw new Error('run `npm run build:api` first');

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-start-'));
const env = {
  ...process.env,
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  CORPUS_DIR: path.join(ROOT, 'apps/api/src/test/fixtures/corpus'),
  LOG_LEVEL: 'warn',
};
const rssOf = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
/** CPU time the process has used (user + system), in ms: less swayed than wall time by a loaded machine. */
const cpuOf = (pid: number) => {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function run(args: string[]) {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawnNode(['--expose-gc', ...args], {
    cwd: ROOT,
    env: { ...env, PORT: String(port), PUBLIC_ORIGIN: origin },
    stdio: 'ignore',
  });
  let listening = NaN;
  for (;;) {
    const health = await fetch(`${origin}/webapi/health`).then(
      (r) => r.json() as Promise<{ data: { corpus: { status: string } } }>,
      () => undefined,
    );
    if (health && Number.isNaN(listening)) listening = performance.now() - started;
    if (health?.data.corpus.status === 'ready') break;
    if (performance.now() - started > 120_000) throw new Error(`${args.join(' ')} did not start`);
    await sleep(10);
  }
  const ready = performance.now() - started;
  const cpu = cpuOf(child.pid!);
  await sleep(1_000);
  const rssStarted = rssOf(child.pid!);
  for (let i = 0; i < 300; i += 1) await fetch(`${origin}/webapi/bible/books?translation=kjv`).then((r) => r.text());
  const rssAfterReads = rssOf(child.pid!);
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
  return { listening, ready, cpu, rssStarted, rssAfterReads };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
await run(variants.compiled!); // the first start ingests the fixture corpus; every measured start finds it ready
const results: Record<string, Awaited<ReturnType<typeof run>>[]> = {};
for (let i = 0; i < RUNS; i += 1) {
  for (const [name, args] of Object.entries(variants)) (results[name] ??= []).push(await run(args));
}
for (const [name, runs] of Object.entries(results)) {
  const m = (key: keyof (typeof runs)[number]) => median(runs.map((r) => r[key]));
  process.stdout.write(
    `${name.padEnd(10)} listening ${m('listening').toFixed(0)} ms, corpus open ${m('ready').toFixed(0)} ms, CPU ${m('cpu').toFixed(0)} ms, ` +
      `RSS ${m('rssStarted').toFixed(1)} MB started, ${m('rssAfterReads').toFixed(1)} MB after 300 reads ` +
      `(medians of ${runs.length})\n`,
  );
}
fs.rmSync(dataDir, { recursive: true, force: true });
