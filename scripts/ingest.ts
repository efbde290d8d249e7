// npm run ingest: load the corpus from CORPUS_DIR into the database and build its search index (idempotent).
import path from 'node:path';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { createCorpusRepository } from '../apps/api/src/corpus/corpus.repository.ts';
import { ingestCorpus } from '../apps/api/src/corpus/ingest.ts';
import { embeddingFromConfig } from '../apps/api/src/container.ts';
import { createProgressBar } from '../apps/api/src/corpus/progress.ts';

const config = loadConfig();
const database = config.database.url
  ? await openDatabase({ kind: 'postgres', url: config.database.url })
  : await openDatabase({ kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') });
const bar = createProgressBar();
let interrupted = false;
process.once('SIGINT', () => {
  interrupted = true;
  console.error('\nInterrupted: the corpus in use is unchanged; the next run starts this build again.');
  process.exit(130);
});
try {
  console.error(`Ingesting ${config.corpus.dir}`);
  const result = await ingestCorpus({
    corpus: createCorpusRepository(database.db),
    corpusDir: config.corpus.dir,
    indexRoot: path.join(config.dataDir, 'index'),
    ...embeddingFromConfig(config),
    onProgress: (p) => bar.update(p),
  });
  const seconds = (result.elapsedMs / 1000).toFixed(1);
  if (result.status === 'unchanged')
    console.error(`Corpus unchanged (version ${result.versionId}); nothing to do in ${seconds} s.`);
  else console.error(`Built corpus version ${result.versionId} in ${seconds} s:`, result.counts);
  for (const bad of result.badLines.slice(0, 50)) console.error(`  skipped ${bad.file}:${bad.line}: ${bad.reason}`);
  if (result.badLines.length > 50) console.error(`  … and ${result.badLines.length - 50} more bad lines`);
  console.error(`Summary: ${result.badLines.length} bad line(s) skipped.`);
} finally {
  if (!interrupted) await database.close();
}
