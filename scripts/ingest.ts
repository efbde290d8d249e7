// npm run ingest (node apps/api/dist/ingest.js in the image): the corpus ingest job. Under the corpus lock it loads
// CORPUS_DIR into the database and publishes its search index in CORPUS_INDEX_DIR, the directory every instance
// reads (idempotent: an unchanged corpus does nothing), and with CORPUS_INDEX_STORE=s3 uploads it to the object store
// hosts without that directory fetch it from; running instances switch to the new version by themselves.
// Then it removes the retired versions once no live instance holds them, waiting for the instances to move.
//   --no-wait   remove only what no instance holds now; a later run removes the rest
import path from 'node:path';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { createCorpusRepository } from '../apps/api/src/corpus/corpus.repository.ts';
import { ingestCorpus } from '../apps/api/src/corpus/ingest.ts';
import { createS3IndexStore } from '../apps/api/src/corpus/index-store.ts';
import { sweepRetired } from '../apps/api/src/corpus/version-sweep.ts';
import { corpusLockOf, embeddingFromConfig } from '../apps/api/src/container.ts';
import { createProgressBar } from '../apps/api/src/corpus/progress.ts';

const config = loadConfig();
const database = config.database.url
  ? await openDatabase({ kind: 'postgres', url: config.database.url })
  : await openDatabase({ kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') });
const corpus = createCorpusRepository(database.db);
const lock = corpusLockOf(database);
const { indexDir: indexRoot, holdTtlMs, pollMs, oldVersionGraceMs } = config.corpus;
// Hosts that share no volume fetch the index from the object store it is published to (CORPUS_INDEX_STORE=s3).
const store = config.corpus.store ? createS3IndexStore(config.corpus.store) : undefined;
const bar = createProgressBar();
let interrupted = false;
process.once('SIGINT', () => {
  interrupted = true;
  console.error('\nInterrupted: the corpus in use is unchanged; the next run starts this build again.');
  process.exit(130);
});
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/**
 * How long an instance may take to open and warm a new version before it switches: a second or two on an idle
 * machine, most of a minute on a loaded one (two test suites side by side on two cores). The wait ends as soon as no
 * instance holds a retired version, so a quick fleet does not wait it out.
 */
const WARM_UP_MS = 60_000;

/**
 * Removes what no live instance holds; while some do, looks again until they have had the time to switch and let
 * go (the warm-up, a poll, the old version's grace) or, for one that died, until its hold has expired.
 */
async function sweep(waitMs: number): Promise<void> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const result = await lock(() => sweepRetired({ corpus, indexRoot, holdTtlMs, ...(store ? { store } : {}) }));
    if (!result.acquired) throw new Error('the corpus lock was not acquired');
    const { removed, held } = result.value;
    if (removed.length) console.error(`Removed retired corpus version(s) ${removed.join(', ')}: rows and index.`);
    if (held.length === 0) return;
    if (Date.now() >= deadline) {
      const holds = (await corpus.liveHolds(holdTtlMs)).filter((h) => held.includes(h.versionId));
      const who = holds.map((h) => `version ${h.versionId} on ${h.host} (pid ${h.pid})`).join(', ');
      console.error(`Kept retired version(s) ${held.join(', ')}, still open: ${who}. The next run removes them.`);
      return;
    }
    await sleep(Math.min(pollMs, 1_000));
  }
}

try {
  console.error(`Ingesting ${config.corpus.dir} into ${indexRoot}${store ? `, published to ${store.where}` : ''}`);
  const result = await ingestCorpus({
    corpus,
    corpusDir: config.corpus.dir,
    indexRoot,
    ...(store ? { store } : {}),
    lock,
    holdTtlMs,
    ...embeddingFromConfig(config),
    onProgress: (p) => bar.update(p),
  });
  const seconds = (result.elapsedMs / 1000).toFixed(1);
  if (result.status === 'unchanged')
    console.error(
      `Corpus unchanged (version ${result.versionId}, index ${result.indexName}); nothing to do in ${seconds} s.`,
    );
  else
    console.error(
      `Built corpus version ${result.versionId} (index ${result.indexName}) in ${seconds} s:`,
      result.counts,
    );
  for (const bad of result.badLines.slice(0, 50)) console.error(`  skipped ${bad.file}:${bad.line}: ${bad.reason}`);
  if (result.badLines.length > 50) console.error(`  … and ${result.badLines.length - 50} more bad lines`);
  console.error(`Summary: ${result.badLines.length} bad line(s) skipped.`);
  await sweep(process.argv.includes('--no-wait') ? 0 : WARM_UP_MS + oldVersionGraceMs + 2 * pollMs + holdTtlMs);
} finally {
  if (!interrupted) await database.close();
}
