// npm run bench:gather -- --data-dir DIR — the answer's gather, in process, over the gold questions asked once each
// (as bench:chat's gold line asks them: a guest with a zh-CN interface, advanced mode, after the server's warm-up),
// on an ingested DATA_DIR. Prints p50/p95 of the gather alone, overall and per answer language, in wall time and in
// the process's CPU time (all its threads: LanceDB searches on its own), which a loaded machine disturbs less.
//   --dump FILE   also writes, for every gold question in each mode and in its own reader's tradition, the gathered
//                 context and the grounded composer's whole answer (text, citations, parts), as JSON: a change meant
//                 to leave answers as they were leaves two dumps, taken before and after it, byte-identical.
//   --cpu-prof FILE  writes a V8 CPU profile of the timed gathers alone (not start-up, warm-up or the dump): summarise
//                 it with scripts/cpu-profile.ts.
//   --limit N     only the first N gold questions (a full dump takes half an hour on a loaded machine; a move meant to
//                 change nothing is compared on, say, 150, and on all of them once at the end).
// Profile it with `node --cpu-prof --import tsx scripts/bench-gather.ts --data-dir DIR`.
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import type { Answer, ChatMode } from '@bible-qa/contract';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { createCorpusRepository } from '../apps/api/src/corpus/corpus.repository.ts';
import { createCorpusService } from '../apps/api/src/corpus/corpus.service.ts';
import { createBibleService } from '../apps/api/src/features/bible/bible.service.ts';
import { createContextGatherer } from '../apps/api/src/answer/answer-context.ts';
import { createIntentGatherer } from '../apps/api/src/answer/intent-context.ts';
import { answerLanguage } from '../apps/api/src/answer/answer-language.ts';
import { createGroundedComposer } from '../apps/api/src/answer/grounded-composer.ts';
import { runGeneration, type GenerationDeps } from '../apps/api/src/answer/generate.ts';
import { GenerationHub } from '../apps/api/src/answer/generation-hub.ts';
import type { GatherInput } from '../apps/api/src/answer/answer-context.ts';
import { warmAnswers } from '../apps/api/src/answer/warm-up.ts';
import { loadGoldSet } from '../apps/api/src/retrieval/eval/gold-set.ts';
import { corpusLockOf } from '../apps/api/src/container.ts';

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const dataDir = arg('data-dir');
if (!dataDir) throw new Error('--data-dir DIR: an ingested DATA_DIR is needed');
const dumpFile = arg('dump');
const limit = arg('limit') === undefined ? undefined : Number(arg('limit'));
if (limit !== undefined && !(Number.isInteger(limit) && limit > 0)) throw new Error('--limit N: a positive integer');

const log = pino({ level: 'error' });
const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
const corpusData = createCorpusRepository(database.db);
const corpus = createCorpusService({
  corpus: corpusData,
  corpusDir: '',
  indexRoot: path.join(dataDir, 'index'),
  lock: corpusLockOf(database),
  log,
});
const bible = createBibleService({ corpus, corpusData });
// as the container wires them: a version takes questions once the Bible service has its books and parser
corpus.onVersion((version) => bible.warm(version));
await corpus.start({ ingest: false });
const gatherer = createIntentGatherer({ gatherer: createContextGatherer({ bible, corpus, corpusData }), bible });
const deps: GenerationDeps = { gatherer, bible, corpus, model: createGroundedComposer(), log };

const pct = (values: number[], p: number) => {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
};

async function answerOf(input: GatherInput): Promise<Answer | undefined> {
  const hub = new GenerationHub('bench', 0);
  let answer: Answer | undefined;
  await runGeneration(deps, {
    hub,
    input,
    ids: { answerId: 'bench', questionId: null, conversationId: null },
    guest: true,
    createdAt: new Date(0),
    locale: input.language,
    persist: async (a) => void (answer = a),
  });
  return answer;
}

try {
  const allGold = await loadGoldSet();
  const gold = limit === undefined ? allGold : allGold.slice(0, limit);
  // as the server starts (its warm-up questions), then bench:chat's warm-up question
  await warmAnswers({ ...deps, tradition: 'protestant', busy: () => false, log });
  await answerOf({
    question: '神爱世人是什么意思？',
    kind: 'answer',
    mode: 'advanced',
    language: 'zh-cn',
    tradition: 'protestant',
    history: [],
  });
  const profileFile = arg('cpu-prof');
  const session = profileFile ? new Session() : undefined;
  if (session) {
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.start');
  }
  const times: number[] = [];
  const cpu: number[] = [];
  const byLanguage = new Map<string, number[]>();
  for (const q of gold) {
    const input: GatherInput = {
      question: q.question,
      kind: 'answer',
      mode: 'advanced',
      language: answerLanguage(q.question, 'zh-cn'),
      tradition: 'protestant',
      history: [],
      withCrossReferences: true,
    };
    const started = performance.now();
    const startedCpu = process.cpuUsage();
    await gatherer.gather(input);
    const ms = performance.now() - started;
    const used = process.cpuUsage(startedCpu);
    times.push(ms);
    cpu.push((used.user + used.system) / 1000);
    byLanguage.set(input.language, [...(byLanguage.get(input.language) ?? []), ms]);
  }
  if (session && profileFile) {
    const { profile } = await session.post('Profiler.stop');
    fs.writeFileSync(profileFile, JSON.stringify(profile));
    session.disconnect();
  }
  console.log(
    `gather, ${gold.length}${gold.length < allGold.length ? ` of ${allGold.length}` : ''} gold questions once: p50=${pct(times, 50).toFixed(1)} p95=${pct(times, 95).toFixed(1)} ` +
      `max=${Math.max(...times).toFixed(1)} total=${times.reduce((a, b) => a + b, 0).toFixed(0)} ms ` +
      `(load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')})`,
  );
  console.log(
    `CPU of the gather: p50=${pct(cpu, 50).toFixed(1)} p95=${pct(cpu, 95).toFixed(1)} ` +
      `mean=${(cpu.reduce((a, b) => a + b, 0) / cpu.length).toFixed(1)} ms`,
  );
  for (const [language, ms] of byLanguage)
    console.log(`  ${language.padEnd(5)} n=${ms.length} p50=${pct(ms, 50).toFixed(1)} p95=${pct(ms, 95).toFixed(1)}`);

  if (dumpFile) {
    const out: unknown[] = [];
    const modes: ChatMode[] = ['simple', 'advanced', 'professional'];
    for (const q of gold)
      for (const mode of modes) {
        const input: GatherInput = {
          question: q.question,
          kind: 'answer',
          mode,
          language: answerLanguage(q.question, 'zh-cn'),
          tradition: q.tradition,
          history: [],
        };
        const { context } = await gatherer.gather({ ...input, withCrossReferences: true });
        out.push({ id: q.id, mode, context, answer: await answerOf(input) });
      }
    fs.writeFileSync(dumpFile, JSON.stringify(out, null, 1));
    console.log(`wrote ${out.length} gathered contexts and answers to ${dumpFile}`);
  }
} finally {
  await corpus.close();
  await database.close();
}
