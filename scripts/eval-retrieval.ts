// npm run eval:retrieval [-- --details] [-- --split=train|holdout|all]: recall@10 and hit@10 of the gold questions
// against the current corpus in DATA_DIR. The main configuration is the verse retriever, the path the answer engine
// uses (cited references, BM25 over the reader's language, verses of the reference entries found); the raw index
// asked the way the search API asks it (with and without the lang filter) is kept as the baseline.
// The held-out questions (eval/holdout.ts) are never used for tuning: read their figures, not their details.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { loadConfig } from '../apps/api/src/config.ts';
import { embeddingFromConfig } from '../apps/api/src/container.ts';
import { createCorpusRepository, type CorpusRepository } from '../apps/api/src/corpus/corpus.repository.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { loadReferenceParser } from '../apps/api/src/corpus/reference-parser.ts';
import { openIndex } from '../apps/api/src/retrieval/lance-passage-index.ts';
import type { PassageIndex } from '../apps/api/src/retrieval/passage-index.ts';
import {
  corpusEntryRefs,
  createVerseRetriever,
  type VerseRetriever,
} from '../apps/api/src/retrieval/verse-retriever.ts';
import { EVAL_LANGS, QUESTION_TYPES, loadGoldSet, type GoldQuestion } from '../apps/api/src/retrieval/eval/gold-set.ts';
import { HOLDOUT_IDS, goldSplit, type GoldSplit } from '../apps/api/src/retrieval/eval/holdout.ts';
import {
  formatTable,
  recallAt,
  summariseBy,
  type QuestionOutcome,
  type Summary,
} from '../apps/api/src/retrieval/eval/recall.ts';
import { CONFIGURATIONS, EVAL_K, runConfiguration, runRetriever } from '../apps/api/src/retrieval/eval/run-eval.ts';

const details = process.argv.includes('--details');
const splitArg = process.argv.find((a) => a.startsWith('--split='))?.slice('--split='.length) ?? 'all';
if (!['train', 'holdout', 'all'].includes(splitArg)) fail(`--split must be train, holdout or all, not ${splitArg}`);
const split = splitArg as GoldSplit;
const config = loadConfig();

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

type Database = Awaited<ReturnType<typeof openDatabase>>;

/** The database of DATA_DIR (or DATABASE_URL), or a message telling how to get a corpus into it. */
async function openCorpusDatabase(): Promise<{ database: Database; corpus: CorpusRepository }> {
  const pgliteDir = path.join(config.dataDir, 'pglite');
  if (!config.database.url && !existsSync(pgliteDir)) fail(noIndex());
  const database = config.database.url
    ? await openDatabase({ kind: 'postgres', url: config.database.url })
    : await openDatabase({ kind: 'pglite', dataDir: pgliteDir });
  return { database, corpus: createCorpusRepository(database.db) };
}

function noIndex(): string {
  return `No corpus index in DATA_DIR (${config.dataDir}). Build one first: npm run ingest (about a minute).`;
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

/** The retriever as the app builds it for a corpus version: books and verse counts from the database. */
async function buildRetriever(corpus: CorpusRepository, versionId: number, index: PassageIndex) {
  const { parser } = await loadReferenceParser(corpus, versionId);
  return createVerseRetriever({ index, parser, entryRefs: corpusEntryRefs(corpus, versionId) });
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

function printTables(outcomes: readonly QuestionOutcome[]): void {
  console.log(formatTable(summariseBy(outcomes, EVAL_K, 'lang', EVAL_LANGS), EVAL_K));
  console.log('\nby question type:');
  console.log(formatTable(summariseBy(outcomes, EVAL_K, 'type', QUESTION_TYPES), EVAL_K));
}

/** One line per part of the gold set, so the held-out figures sit beside the ones tuning could have seen. */
function printSplits(outcomes: readonly QuestionOutcome[]): void {
  if (split !== 'all') return;
  const rows: { group: string; summary: Summary }[] = [];
  for (const part of ['train', 'holdout'] as const) {
    const partOutcomes = outcomes.filter((o) => HOLDOUT_IDS.has(o.id) === (part === 'holdout'));
    const all = summariseBy(partOutcomes, EVAL_K, 'lang').at(-1);
    if (all) rows.push({ group: part, summary: all.summary });
  }
  console.log('\nby part of the gold set:');
  console.log(formatTable(rows, EVAL_K));
}

const allQuestions = await loadGoldSet();
await checkGoldRefs(allQuestions);
const questions = goldSplit(allQuestions, split);
const { database, corpus } = await openCorpusDatabase();
let index: PassageIndex | undefined;
try {
  const version = await corpus.currentVersion();
  if (!version?.indexDir || !existsSync(version.indexDir)) fail(noIndex());
  // Opened as the app opens it: with the configured embedder, vectors take part when the index holds them.
  const { embedder } = embeddingFromConfig(config);
  try {
    index = await openIndex(version.indexDir, embedder ? { embedder } : {});
  } catch (error) {
    fail(`Cannot open the index in ${version.indexDir}: ${(error as Error).message}\nRebuild it: npm run ingest`);
  }
  const { version: indexVersion, docCount, vectorDimensions } = index.info;
  const hybrid = vectorDimensions !== undefined && embedder?.dimensions === vectorDimensions;
  const held = questions.filter((q) => HOLDOUT_IDS.has(q.id)).length;
  console.log(
    `Retrieval evaluation: ${questions.length} gold questions (split ${split}: ${questions.length - held} train, ` +
      `${held} held out), index ${indexVersion} (${docCount} passages)`,
  );
  console.log(
    hybrid
      ? `Search: BM25 fused with vector search (${config.embedding?.model}, ${vectorDimensions} dimensions).`
      : `Search: BM25 only (${vectorDimensions ? 'EMBEDDING_* not set or of another size' : 'the index holds no vectors'}).`,
  );
  console.log('Latency: one question at a time, after untimed warm-up questions.');

  const retriever: VerseRetriever = await buildRetriever(corpus, version.id, index);
  const outcomes = await runRetriever(retriever, questions);
  console.log(
    '\n== retriever: createVerseRetriever().retrieve(question, { language, tradition: protestant, limit: 10 }) ' +
      '(the app path; latency includes the entry lookups in the database)',
  );
  printTables(outcomes);
  printSplits(outcomes);
  if (details) printDetails(outcomes, questions);

  for (const configuration of CONFIGURATIONS) {
    const baseline = await runConfiguration(index, questions, configuration);
    console.log(`\n== baseline ${configuration.name}: raw index, ${configuration.description}`);
    console.log(formatTable(summariseBy(baseline, EVAL_K, 'lang', EVAL_LANGS), EVAL_K));
    printSplits(baseline);
    if (details) printDetails(baseline, questions);
  }
} finally {
  index?.close();
  await database.close();
}
