// npm run translate:devotionals: translates each devotional reading of the current corpus version once into each UI
// language with the configured model (LLM_BASE_URL, LLM_API_KEY, LLM_MODEL), storing every translation as it is made,
// so the devotionals are served in the reader's language, marked as translated by AI (decision 0043). Resumable: a
// reading already translated from its present text is skipped, so a run stopped for any reason starts where it was.
//   --lang zh-cn,zh-tw   only these languages (default: zh-cn, zh-tw, es-es, fr-fr: every UI language but English)
//   --limit N            at most N new translations per language in this run
//   --concurrency N      readings translated at once (default 2)
import path from 'node:path';
import { parseArgs } from 'node:util';
import { LOCALES, type Locale } from '@bible-qa/contract';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { createCorpusRepository } from '../apps/api/src/corpus/corpus.repository.ts';
import { createOpenAiTranslator } from '../apps/api/src/answer/openai-translator.ts';
import { systemClock } from '../apps/api/src/features/auth/auth-session.service.ts';
import { createDevotionalTranslationsRepository } from '../apps/api/src/features/devotional/devotional-translations.repository.ts';
import { translateDevotionals } from '../apps/api/src/features/devotional/devotional-translation-job.ts';

const { values } = parseArgs({
  options: {
    lang: { type: 'string' },
    limit: { type: 'string' },
    concurrency: { type: 'string', default: '2' },
  },
});
const config = loadConfig();
if (!config.llm) {
  console.error('No model is configured: set LLM_BASE_URL (and LLM_API_KEY, LLM_MODEL) to translate the devotionals.');
  console.error('Without translations, readers of other languages get the day’s readings in their Bible first and the');
  console.error('English reflection after them.');
  process.exit(2);
}
const languages = (
  values.lang ? values.lang.split(',').map((l) => l.trim()) : LOCALES.filter((l) => l !== 'en')
) as Locale[];
const unknown = languages.filter((l) => !(LOCALES as readonly string[]).includes(l));
if (unknown.length) {
  console.error(`Unknown language(s): ${unknown.join(', ')} (one of ${LOCALES.join(', ')})`);
  process.exit(2);
}

const database = config.database.url
  ? await openDatabase({ kind: 'postgres', url: config.database.url })
  : await openDatabase({ kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') });
const controller = new AbortController();
process.once('SIGINT', () => {
  console.error('\nStopping: what is translated is kept; the next run goes on from there.');
  controller.abort();
});
try {
  const corpus = createCorpusRepository(database.db);
  const version = await corpus.currentVersion();
  if (!version) {
    console.error('No corpus version is ready: run `npm run ingest` first.');
    process.exitCode = 2;
  } else {
    const readings = await corpus.listDevotionals(version.id);
    console.error(
      `Translating ${readings.length} readings of corpus version ${version.id} into ${languages.join(', ')} with ${config.llm.model}`,
    );
    const results = await translateDevotionals({
      readings,
      translations: createDevotionalTranslationsRepository(database.db),
      translator: createOpenAiTranslator({ ...config.llm, timeoutMs: 120_000 }),
      model: config.llm.model,
      languages,
      clock: systemClock,
      concurrency: Math.max(1, Number(values.concurrency) || 2),
      ...(values.limit ? { limit: Number(values.limit) } : {}),
      signal: controller.signal,
      onProgress: (p) => {
        const percent = p.total ? ((p.done * 100) / p.total).toFixed(1) : '100.0';
        const note = p.error ? ` FAILED ${p.id}: ${p.error}` : ` ${p.id}`;
        console.error(`${p.language} ${p.done}/${p.total} (${percent}%)${note}`);
      },
    });
    let failed = 0;
    for (const r of results) {
      failed += r.failed.length;
      console.error(
        `${r.language}: ${r.alreadyDone + r.translated}/${r.total} translated (${r.translated} now, ${r.alreadyDone} before, ${r.failed.length} failed)`,
      );
    }
    if (failed) {
      console.error(`${failed} reading(s) failed: run the job again to retry them.`);
      process.exitCode = 1;
    }
  }
} finally {
  await database.close();
}
