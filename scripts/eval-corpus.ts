import { UNLIMITED_ASKS } from '../apps/api/src/config-abuse.ts';
import { loadConfig, type Config } from '../apps/api/src/config.ts';
import { createContainer } from '../apps/api/src/container.ts';

/**
 * The app's container on the corpus index already in DATA_DIR, as the evaluations measure it: the offline grounded
 * composer whatever LLM_* says (they measure the default model), and no ask quotas (one guest asks the whole gold
 * set). What the app logs as an error is kept in `problems` for the report. Without a usable index the script ends
 * here, saying how to build one.
 */
export async function openEvalCorpus(config: Config = loadConfig()) {
  const problems: string[] = [];
  const log = {
    info: () => undefined,
    warn: () => undefined,
    error: (obj: unknown, message?: string) => {
      const err = (obj as { err?: unknown }).err;
      problems.push(`${message ?? ''}${err instanceof Error ? `: ${err.message}` : ''}`);
    },
  };
  const container = await createContainer(
    { ...config, llm: undefined, abuse: { ...config.abuse, asks: UNLIMITED_ASKS } },
    log,
  );
  const { corpus } = container.services;
  try {
    await corpus.start({ ingest: false });
  } catch (err) {
    await container.close();
    throw err;
  }
  const status = corpus.status();
  if (status.status !== 'ready') {
    console.error(
      `No usable corpus index in DATA_DIR (${config.dataDir}): ${problems.join('; ') || status.status}\n` +
        `Build one first: DATA_DIR=${config.dataDir} CORPUS_DIR=${config.corpus.dir} npm run ingest (about four minutes).`,
    );
    process.exit(1);
  }
  return { container, problems };
}
