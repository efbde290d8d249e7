import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { DevotionalDetail, DevotionalToday } from '@bible-qa/contract';
import { createOpenAiTranslator } from '../../answer/openai-translator.ts';
import { createCorpusRepository } from '../../corpus/corpus.repository.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { devotionalTranslations } from '../../db/schema.ts';
import { get, type TestApp } from '../../test/auth-helpers.ts';
import { openTestPglite } from '../../test/databases.ts';
import { startFakeLlm, type FakeLlm } from '../../test/fake-llm.ts';
import { buildTestApp } from '../../test/test-app.ts';
import { translateDevotionals, type TranslationJobProgress } from './devotional-translation-job.ts';
import { createDevotionalTranslationsRepository } from './devotional-translations.repository.ts';

const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../test/fixtures/corpus');

/**
 * translate:devotionals with a scripted OpenAI-protocol model: each reading translated once per language, stored,
 * resumable; the server (with no model of its own) serves the stored translation in the reader's language.
 */
describe('the devotional translation job', () => {
  let database: DatabaseHandle;
  let llm: FakeLlm;
  let t: TestApp;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bibleqa-translate-'));
  const run = async (options: { languages: ('zh-cn' | 'es-es')[]; limit?: number }) => {
    const corpus = createCorpusRepository(database.db);
    const version = (await corpus.currentVersion())!;
    const progress: TranslationJobProgress[] = [];
    const results = await translateDevotionals({
      readings: await corpus.listDevotionals(version.id),
      translations: createDevotionalTranslationsRepository(database.db),
      translator: createOpenAiTranslator({ baseURL: llm.baseURL, apiKey: undefined, model: 'fake', timeoutMs: 10_000 }),
      model: 'fake',
      clock: { now: () => new Date('2026-11-29T08:00:00Z') },
      concurrency: 2,
      onProgress: (p) => progress.push(p),
      ...options,
    });
    return { results, progress };
  };

  beforeAll(async () => {
    // The scripted model answers each reading with its title and a line of text naming the reading it was given.
    llm = await startFakeLlm();
    llm.setMode((n) => ({ kind: 'normal', chunks: [`译文标题 ${n}\n###\n`, `第 ${n} 篇译文：神的话。`] }));
    database = await openTestPglite();
    // The server itself has no model: what it serves in Chinese comes from the job.
    t = await buildTestApp({ database, env: { CORPUS_DIR: FIXTURE, DATA_DIR: dataDir } });
    await t.container.services.corpus.ingest();
  });
  afterAll(async () => {
    await t.app.close();
    await t.container.close();
    await llm.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('fills a language a few readings at a time, resuming where it stopped, and never translates one twice', async () => {
    const first = await run({ languages: ['zh-cn'], limit: 3 });
    expect(first.results).toEqual([{ language: 'zh-cn', total: 4, alreadyDone: 0, translated: 3, failed: [] }]);
    expect(first.progress.map((p) => `${p.done}/${p.total}`)).toEqual(['1/4', '2/4', '3/4']);
    expect(llm.requests).toHaveLength(3);
    expect(JSON.stringify(llm.requests[0]!.body)).toContain('Simplified Chinese');

    const second = await run({ languages: ['zh-cn'] });
    expect(second.results[0]).toMatchObject({ alreadyDone: 3, translated: 1, failed: [] });
    const third = await run({ languages: ['zh-cn'] });
    expect(third.results[0]).toMatchObject({ alreadyDone: 4, translated: 0 });
    expect(llm.requests).toHaveLength(4);
  });

  it('serves the stored translation in the reader’s language, marked as translated by AI, and the English to others', async () => {
    const today = (await get(t, '/portal/devotional/today?date=2026-01-01', { locale: 'zh-cn' }))
      .data as DevotionalToday;
    expect(today.devotionals.map((d) => d.presentation)).toEqual(['machine_translated', 'machine_translated']);
    const detail = (await get(t, '/portal/devotional/info?id=spurgeon-me:01-01-morning', { locale: 'zh-cn' }))
      .data as DevotionalDetail;
    expect(detail.presentation).toBe('machine_translated');
    expect(detail.translated).toMatchObject({ language: 'zh-cn', presentation: 'machine_translated' });
    expect(detail.translated!.text).toMatch(/^第 \d 篇译文：神的话。$/);
    expect(detail.text).toContain('Israel');
    // No Spanish translation yet, and no model on this server: the English reading, with the plan in Spanish's lead.
    const spanish = (await get(t, '/portal/devotional/info?id=spurgeon-me:01-01-morning', { locale: 'es-es' }))
      .data as DevotionalDetail;
    expect(spanish).toMatchObject({ presentation: 'related_literature', translated: null, machineTranslation: false });
    // The on-demand route serves the stored one too, with no model.
    const stored = await get(t, '/portal/devotional/translation?id=spurgeon-me:01-01-morning', { locale: 'zh-cn' });
    expect(stored).toMatchObject({ code: 0, data: { text: detail.translated!.text } });
  });

  it('does not serve a translation made from another text of the reading, and the next run makes it again', async () => {
    await database.db
      .update(devotionalTranslations)
      .set({ sourceHash: 'an-older-text' })
      .where(eq(devotionalTranslations.devotionalId, 'spurgeon-me:01-02-morning'));
    const detail = (await get(t, '/portal/devotional/info?id=spurgeon-me:01-02-morning', { locale: 'zh-cn' }))
      .data as DevotionalDetail;
    expect(detail).toMatchObject({ presentation: 'related_literature', translated: null });
    const again = await run({ languages: ['zh-cn'] });
    expect(again.results[0]).toMatchObject({ alreadyDone: 3, translated: 1 });
  });

  it('keeps going past a reading the model fails on, and says which', async () => {
    llm.setMode((n) =>
      n % 2 === 0 ? { kind: 'status', status: 500 } : { kind: 'normal', chunks: ['T\n###\nTexto.'] },
    );
    const spanish = await run({ languages: ['es-es'] });
    expect(spanish.results[0]!.translated + spanish.results[0]!.failed.length).toBe(4);
    expect(spanish.results[0]!.failed.length).toBeGreaterThan(0);
    expect(spanish.progress.some((p) => p.error)).toBe(true);
    llm.setMode({ kind: 'normal', chunks: ['T\n###\nTexto.'] });
    const retried = await run({ languages: ['es-es'] });
    expect(retried.results[0]).toMatchObject({ failed: [] });
    expect(retried.results[0]!.alreadyDone + retried.results[0]!.translated).toBe(4);
  });
});
