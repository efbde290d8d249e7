// npm run eval:answers [-- --details]: the grounded composer (the default model, offline) answers the gold
// questions of the retrieval evaluation that the corpus can answer through the app's own chat service (retrieval → compose → verify) on the
// corpus in DATA_DIR, and the answers are measured: language correctness, the share that cite at least one gold
// verse (goal ≥ 70 %), and fabricated references (citations marked invalid or misquoted; must be 0). Each question
// is asked twice: by a reader whose interface is in the question's language, and by one whose interface is in
// another language (the answer's language must then come from the question). The diagnostics columns say where
// gold verses are lost: among the verses searched, or between those and the ones handed to the composer.
import type { Answer, ChatEvent, Locale } from '@bible-qa/contract';
import { createContextGatherer } from '../apps/api/src/answer/answer-context.ts';
import {
  LOCALE_OF_LANG,
  citesGold,
  fabricatedCount,
  formatTable,
  goldCovered,
  languageCorrect,
  summariseByLang,
  type AnswerLang,
  type AnswerOutcome,
} from '../apps/api/src/answer/eval/answer-metrics.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { createContainer } from '../apps/api/src/container.ts';
import { createCorpusRepository } from '../apps/api/src/corpus/corpus.repository.ts';
import { bibleLanguageOf } from '../apps/api/src/scripture/translation-policy.ts';
import { loadGoldSet, type GoldQuestion } from '../apps/api/src/retrieval/eval/gold-set.ts';
import { kjvRef } from '../apps/api/src/retrieval/eval/run-eval.ts';

const details = process.argv.includes('--details');
/** The interface language of the second pass: one the question is not in. */
const OTHER_LOCALE: Record<AnswerLang, Locale> = { 'zh-Hans': 'en', 'zh-Hant': 'en', en: 'zh-cn', es: 'en', fr: 'en' };
const MODE = 'advanced';
const SEARCH_LIMIT = 40;

const config = loadConfig();
const problems: string[] = [];
const log = {
  info: () => undefined,
  warn: () => undefined,
  error: (obj: unknown, message?: string) => {
    const err = (obj as { err?: unknown }).err;
    problems.push(`${message ?? ''}${err instanceof Error ? `: ${err.message}` : ''}`);
  },
};

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

// The offline grounded composer, whatever LLM_* says: this measures the default model.
const container = await createContainer({ ...config, llm: undefined }, log);
const { corpus, bible, chat } = container.services;
try {
  await corpus.start({ ingest: false });
  const status = corpus.status();
  if (status.status !== 'ready') {
    fail(
      `No usable corpus index in DATA_DIR (${config.dataDir}): ${problems.join('; ') || status.status}\n` +
        `Build one first: DATA_DIR=${config.dataDir} CORPUS_DIR=${config.corpus.dir} npm run ingest (about a minute).`,
    );
  }
  const { index, versionId } = corpus.ready();
  const gatherer = createContextGatherer({ bible, corpus, corpusData: createCorpusRepository(container.database.db) });
  // Questions without gold verses (the corpus cannot answer them) have no verse to cite; eval:retrieval scores them.
  const questions = (await loadGoldSet()).filter((q) => q.gold.length > 0);
  console.log(
    `Answer evaluation: ${questions.length} gold questions, grounded composer (offline), mode ${MODE}, ` +
      `guest reader of the question's tradition; corpus version ${versionId}, index ${index.info.version} (${index.info.docCount} passages)`,
  );

  /** One ask through the chat service, as the chat route makes it; resolves with the finished answer. */
  async function ask(question: GoldQuestion, locale: Locale, pass: string): Promise<Answer> {
    const hub = await chat.ask(
      { userId: undefined, locale },
      {
        question: question.question,
        mode: MODE,
        kind: 'answer',
        expression: question.tradition,
        requestId: `eval-${pass}-${question.id}`,
      },
    );
    let answer: Answer | null | undefined;
    await hub.follow((event: ChatEvent) => {
      if (event.type === 'done' || event.type === 'error') answer = event.answer;
    }, new AbortController().signal);
    if (!answer) throw new Error(`no answer to ${question.id}`);
    return answer;
  }

  /**
   * Diagnostics: the verses the context's search ranks (the gatherer's query, deeper than the gatherer reads it:
   * BM25 over the reader's translation), and the verses the gatherer hands to the composer.
   */
  async function diagnose(question: GoldQuestion, answer: Answer) {
    const reader = { language: bibleLanguageOf(answer.language), tradition: question.tradition };
    const translation = await bible.translationFor(reader);
    const hits = await index.search({
      query: question.question,
      translations: [translation.id],
      kinds: ['verse'],
      limit: SEARCH_LIMIT,
    });
    const searched = hits.flatMap((h) => kjvRef(h) ?? []);
    const { context } = await gatherer.gather({
      question: question.question,
      kind: 'answer',
      mode: MODE,
      language: answer.language,
      tradition: question.tradition,
      history: [],
    });
    return { searched, context: [...context.verses, ...context.crossReferences].map((v) => v.ref) };
  }

  async function run(pass: string, localeOf: (q: GoldQuestion) => Locale): Promise<AnswerOutcome[]> {
    const outcomes: AnswerOutcome[] = [];
    const started = Date.now();
    for (const question of questions) {
      const answer = await ask(question, localeOf(question), pass);
      outcomes.push({
        id: question.id,
        lang: question.lang,
        gold: question.gold,
        status: answer.status,
        language: answer.language,
        content: answer.content,
        citations: answer.citations,
        ...(await diagnose(question, answer)),
      });
    }
    console.log(`(${((Date.now() - started) / 1000).toFixed(1)} s for ${questions.length} answers with diagnostics)`);
    return outcomes;
  }

  function printDetails(outcomes: readonly AnswerOutcome[]): void {
    const byId = new Map(questions.map((q) => [q.id, q]));
    for (const o of outcomes) {
      const cited = o.citations.flatMap((c) => (c.status === 'linked' && c.reference ? [c.reference] : []));
      const marked = o.citations.filter((c) => c.status !== 'linked');
      console.log(
        `  ${o.id.padEnd(11)} ${o.language.padEnd(5)} language ${languageCorrect(o) ? 'ok' : 'WRONG'}  ` +
          `gold cited ${citesGold(o) ? 'yes' : 'no'}  fabricated ${fabricatedCount(o)}  ${byId.get(o.id)?.question}\n` +
          `      gold: ${o.gold.join(' ')}\n` +
          `      gold searched (top ${SEARCH_LIMIT}): ${goldCovered(o.gold, o.searched ?? []).join(' ') || '—'}\n` +
          `      context: ${(o.context ?? []).join(' ') || '—'}\n` +
          `      cited: ${[...new Set(cited)].join(' ') || '—'}` +
          (marked.length ? `\n      marked: ${marked.map((c) => `${c.status} ${c.reference ?? ''}`).join(', ')}` : ''),
      );
    }
  }

  const own = await run('own', (q) => LOCALE_OF_LANG[q.lang]);
  console.log("\n== interface in the question's language");
  console.log(formatTable(summariseByLang(own)));
  if (details) printDetails(own);

  const other = await run('other', (q) => OTHER_LOCALE[q.lang]);
  console.log('\n== interface in another language (zh-Hans, zh-Hant, es, fr asked from en; en asked from zh-cn)');
  console.log(formatTable(summariseByLang(other)));
  if (details) printDetails(other);

  console.log(
    '\nGoal: cites a gold verse ≥ 70 %; fabricated references (citations marked invalid or misquoted) must be 0.\n' +
      `gold searched: a gold verse among the first ${SEARCH_LIMIT} hits of the context's verse search (BM25 over the ` +
      "reader's translation); gold in context: among the verses handed to the composer; gold verses in context → " +
      'cited: how many of those the answer quotes.',
  );
} finally {
  await container.close();
}
