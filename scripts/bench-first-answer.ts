// npm run bench:first-answer — how long the first questions after a server start wait for their first text.
// Each run starts the server (compiled, as `npm start` does; --tsx for tsx) on an already ingested DATA_DIR, waits
// until the corpus is ready, then (after --settle MS, default 15000: a person reading the welcome screen) asks five
// questions one after another as a guest, in five languages, with the offline composer. Prints the time to the first
// text and to the end of each answer, per run, and the medians. Question 1 is "the first question after a start".
//   --data-dir DIR   an ingested DATA_DIR (default: a temporary one with the test fixture corpus)
//   --corpus-dir DIR the corpus of that DATA_DIR (default ../shared/corpus with --data-dir, else the fixture)
//   --runs N         server starts (default 3)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../apps/api/src/test/free-port.ts';
import { buildApi } from './build-api.ts';
import { spawnNode } from './run-node.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
};
const RUNS = Number(arg('runs', '3'));
const SETTLE_MS = Number(arg('settle', '15000'));
const fixtureCorpus = path.join(ROOT, 'apps/api/src/test/fixtures/corpus');
const dataDir = arg('data-dir', fs.mkdtempSync(path.join(os.tmpdir(), 'bench-first-')));
const corpusDir = process.argv.includes('--data-dir')
  ? arg('corpus-dir', path.resolve(ROOT, '../shared/corpus'))
  : fixtureCorpus;
// None of them is one of the server's warm-up questions (answer/warm-up.ts): no answer is served from its memos.
const QUESTIONS = [
  { locale: 'zh-cn', question: '耶稣为什么要受洗？' },
  { locale: 'en', question: 'What does the Bible say about forgiveness?' },
  { locale: 'zh-tw', question: '什麼是恩典？' },
  { locale: 'es-es', question: '¿Quién fue Moisés?' },
  { locale: 'fr-fr', question: 'Qui était Abraham ?' },
];

/** One guest ask: the time to the first delta and to the terminal event, in ms. */
async function ask(origin: string, locale: string, question: string, n: number) {
  const started = performance.now();
  const res = await fetch(`${origin}/webapi/portal/chat/ask`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', locale },
    body: JSON.stringify({ question, requestId: `first-${process.pid}-${n}` }),
  });
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let firstText = NaN;
  let text = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    text += value;
    if (Number.isNaN(firstText) && text.includes('"type":"delta"')) firstText = performance.now() - started;
  }
  if (!text.includes('"type":"done"')) throw new Error(`no answer to "${question}": ${text.slice(-300)}`);
  return { firstText, total: performance.now() - started };
}

async function run(entry: string[]) {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = spawnNode(['--expose-gc', ...entry], {
    cwd: ROOT,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_ORIGIN: origin,
      DATA_DIR: dataDir,
      CORPUS_DIR: corpusDir,
      // runs ask from one address into one database: lift the per-address and per-guest ceilings
      RISK_IP_LIMIT: '1000000',
      RISK_IP_BAN_AT: '10000000',
      ASKS_PER_GUEST_PER_HOUR: '1000000',
      ASKS_PER_IP_PER_HOUR: '10000000',
      LOG_LEVEL: 'error',
      WEB_DIST_DIR: '/nonexistent',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (let i = 0; ; i += 1) {
      const health = await fetch(`${origin}/webapi/health`)
        .then((r) => r.json() as Promise<{ data: { corpus: { status: string } } }>)
        .catch(() => undefined);
      if (health?.data.corpus.status === 'ready') break;
      if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
      if (i > 3000) throw new Error('the server did not get a ready corpus in 10 minutes');
      await new Promise((r) => setTimeout(r, 200));
    }
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    const results = [];
    for (const [i, { locale, question }] of QUESTIONS.entries()) {
      results.push(await ask(origin, locale, question, i));
    }
    return results;
  } finally {
    const exited = new Promise((r) => server.once('exit', r));
    server.kill('SIGTERM');
    await exited;
  }
}

const viaTsx = process.argv.includes('--tsx');
if (!viaTsx) await buildApi();
const entry = viaTsx ? ['--import', 'tsx', 'apps/api/src/server.ts'] : ['apps/api/dist/server.js'];
console.log(`server: ${entry.join(' ')}; corpus: ${corpusDir}; asked ${SETTLE_MS} ms after the corpus is ready`);
if (!process.argv.includes('--data-dir')) await run(entry); // the first start ingests the fixture corpus
const runs: Awaited<ReturnType<typeof run>>[] = [];
for (let r = 0; r < RUNS; r += 1) {
  const results = await run(entry);
  runs.push(results);
  console.log(
    `run ${r + 1}: ${results.map((x, i) => `q${i + 1} ${x.firstText.toFixed(0)}/${x.total.toFixed(0)}`).join('  ')} ms (first text/end)`,
  );
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
QUESTIONS.forEach(({ locale, question }, i) => {
  const first = median(runs.map((results) => results[i]!.firstText));
  const total = median(runs.map((results) => results[i]!.total));
  console.log(
    `q${i + 1} (${locale}) ${question}: first text ${first.toFixed(0)} ms, end ${total.toFixed(0)} ms (median)`,
  );
});
