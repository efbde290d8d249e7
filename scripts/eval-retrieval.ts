// npm run eval:retrieval [-- --details]: recall@10 and hit@10 of the gold questions against the current corpus
// index in DATA_DIR, asked the way the app asks (lang = the question's language) and without the lang filter.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { loadConfig } from '../apps/api/src/config.ts';
import { embeddingFromConfig } from '../apps/api/src/container.ts';
import { createCorpusRepository } from '../apps/api/src/corpus/corpus.repository.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { openIndex } from '../apps/api/src/retrieval/lance-passage-index.ts';
import type { PassageIndex } from '../apps/api/src/retrieval/passage-index.ts';
import { EVAL_LANGS, QUESTION_TYPES, loadGoldSet, type GoldQuestion } from '../apps/api/src/retrieval/eval/gold-set.ts';
import { formatTable, recallAt, summariseBy, type QuestionOutcome } from '../apps/api/src/retrieval/eval/recall.ts';
import { CONFIGURATIONS, EVAL_K, runConfiguration } from '../apps/api/src/retrieval/eval/run-eval.ts';

const details = process.argv.includes('--details');
const config = loadConfig();

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** The index directory of the current corpus version, or a message telling how to get one. */
async function currentIndexDir(): Promise<string> {
  const noIndex = `No corpus index in DATA_DIR (${config.dataDir}). Build one first: npm run ingest (about a minute).`;
  const pgliteDir = path.join(config.dataDir, 'pglite');
  if (!config.database.url && !existsSync(pgliteDir)) fail(noIndex);
  const database = config.database.url
    ? await openDatabase({ kind: 'postgres', url: config.database.url })
    : await openDatabase({ kind: 'pglite', dataDir: pgliteDir });
  try {
    const version = await createCorpusRepository(database.db).currentVersion();
    if (!version?.indexDir || !existsSync(version.indexDir)) fail(noIndex);
    return version.indexDir;
  } finally {
    await database.close();
  }
}

/** Every gold verse must exist in the KJV of the corpus, or the figures would silently undercount. */
async function checkGoldRefs(questions: readonly GoldQuestion[]): Promise<void> {
  const kjv = path.join(config.corpus.dir, 'bibles', 'kjv.jsonl');
  if (!existsSync(kjv)) return console.error(`(gold verses not checked: ${kjv} not found)`);
  const known = new Set<string>();
  for (const line of (await readFile(kjv, 'utf8')).split('\n')) {
    if (!line.trim()) continue;
    const v = JSON.parse(line) as { book: string; chapter: number; verse: number; text: string };
    if (v.text.trim()) known.add(`${v.book}.${v.chapter}.${v.verse}`);
  }
  const missing = questions.flatMap((q) => q.gold.filter((ref) => !known.has(ref)).map((ref) => `${q.id} ${ref}`));
  if (missing.length > 0) fail(`Gold verses not in the corpus KJV:\n  ${missing.join('\n  ')}`);
}

function printDetails(outcomes: readonly QuestionOutcome[], questions: readonly GoldQuestion[]): void {
  const byId = new Map(questions.map((q) => [q.id, q]));
  for (const o of outcomes) {
    const top = o.retrieved.slice(0, EVAL_K);
    const found = o.gold.filter((ref) => top.includes(ref));
    const shown = [...new Set(top.map((ref) => ref ?? '-'))].join(' ');
    console.log(
      `  ${o.id.padEnd(11)} recall ${recallAt(o.gold, o.retrieved, EVAL_K).toFixed(2)}  ` +
        `${byId.get(o.id)?.question}\n      gold found: ${found.join(' ') || '—'}\n      top ${EVAL_K}: ${shown}`,
    );
  }
}

const questions = await loadGoldSet();
await checkGoldRefs(questions);
const indexDir = await currentIndexDir();
// Opened as the app opens it: with the configured embedder, vectors take part when the index holds them.
const { embedder } = embeddingFromConfig(config);
let index: PassageIndex;
try {
  index = await openIndex(indexDir, embedder ? { embedder } : {});
} catch (error) {
  fail(`Cannot open the index in ${indexDir}: ${(error as Error).message}\nRebuild it: npm run ingest`);
}
try {
  const { version, docCount, vectorDimensions } = index.info;
  const hybrid = vectorDimensions !== undefined && embedder?.dimensions === vectorDimensions;
  console.log(`Retrieval evaluation: ${questions.length} gold questions, index ${version} (${docCount} passages)`);
  console.log(
    hybrid
      ? `Search: BM25 fused with vector search (${config.embedding?.model}, ${vectorDimensions} dimensions).`
      : `Search: BM25 only (${vectorDimensions ? 'EMBEDDING_* not set or of another size' : 'the index holds no vectors'}).`,
  );
  console.log('Latency: one search at a time, after one untimed warm-up search per configuration.');
  for (const configuration of CONFIGURATIONS) {
    const outcomes = await runConfiguration(index, questions, configuration);
    console.log(`\n== ${configuration.name}: ${configuration.description}`);
    console.log(formatTable(summariseBy(outcomes, EVAL_K, 'lang', EVAL_LANGS), EVAL_K));
    console.log('\nby question type:');
    console.log(formatTable(summariseBy(outcomes, EVAL_K, 'type', QUESTION_TYPES), EVAL_K));
    if (details) printDetails(outcomes, questions);
  }
} finally {
  index.close();
}
