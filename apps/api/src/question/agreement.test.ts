import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locale } from '@bible-qa/contract';
import { createContextGatherer, type ContextGatherer } from '../answer/answer-context.ts';
import { composeAnswerFirst } from '../answer/answer-first.ts';
import { answerPhrase } from '../answer/answer-first-phrases.ts';
import { createCorpusRepository } from '../corpus/corpus.repository.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { corpusEntryRefs, createVerseRetriever, type VerseRetriever } from '../retrieval/verse-retriever.ts';
import { bibleLanguageOf } from '../scripture/translation-policy.ts';
import { openTestPglite } from '../test/databases.ts';
import { buildTestApp } from '../test/test-app.ts';

/**
 * One reading of a question, and every consumer agreeing with it (as features/bible/canon-agreement.test.ts asks the
 * canon's consumers): the retriever's fusion weights, the gatherer's focus and the composer's opening come from the
 * same fields of the analysis, and the books the retriever narrows to are the books the one finder reads.
 */
const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), '../test/fixtures/corpus');

let database: DatabaseHandle;
let t: Awaited<ReturnType<typeof buildTestApp>>;
let gatherer: ContextGatherer;
let retriever: VerseRetriever;

beforeAll(async () => {
  database = await openTestPglite();
  t = await buildTestApp({ database, env: { CORPUS_DIR: FIXTURE } });
  await t.container.services.corpus.ingest();
  const { bible, corpus } = t.container.services;
  const corpusData = createCorpusRepository(database.db);
  gatherer = createContextGatherer({ bible, corpus, corpusData });
  const { index, versionId } = corpus.ready();
  const { parser } = await bible.tools();
  retriever = createVerseRetriever({ index, parser, entryRefs: corpusEntryRefs(corpusData, versionId) });
});
afterAll(async () => {
  await t.app.close();
  await t.container.close();
});

async function read(question: string, locale: Locale) {
  const reader = { language: bibleLanguageOf(locale), tradition: 'protestant' as const };
  const analysis = await gatherer.analyse(question, reader);
  const retrieval = await retriever.retrieveAnalysed(analysis, { ...reader, limit: 24 });
  const { context } = await gatherer.gather({
    question,
    kind: 'answer',
    mode: 'advanced',
    language: locale,
    tradition: 'protestant',
    history: [],
    analysis,
  });
  return { analysis, retrieval, context };
}

describe('every consumer reads the question as the analysis does', () => {
  it.each([
    ['神为什么允许苦难？', 'zh-cn', 'topic'],
    ['Why does God allow suffering?', 'en', 'topic'],
    ['谁造了方舟？', 'zh-cn', 'fact'],
    ['How old was Moses when he died?', 'en', 'fact'],
    ['What does the Bible say about love?', 'en', 'topic'],
    ['¿Quién traicionó a Jesús?', 'es-es', 'fact'],
  ] as const)('%s (%s): ranked, labelled and opened as a %s', async (question, locale, shape) => {
    const { analysis, retrieval, context } = await read(question, locale);
    expect(analysis.asks.fact ? 'fact' : 'topic').toBe(shape);
    expect(retrieval.ranked).toBe(shape);
    if (!context.verses.length) return;
    expect(context.focus).toBe(retrieval.focus ?? shape);
    expect(context.asks).toEqual(analysis.asks);
    // The composer opens a topic with the passage that speaks to it, and keeps its cross-references.
    if (shape === 'topic') {
      const opening = answerPhrase('leadTopic', locale, { ref: context.verses[0]!.label });
      expect(composeAnswerFirst(context).startsWith(opening)).toBe(true);
    }
  });
});
