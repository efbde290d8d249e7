// npm run eval:retrieval [-- --details] [-- --split=train|holdout|all] [-- --baselines]: the gold questions
// (apps/api/src/retrieval/eval/gold-questions.json) against the corpus in DATA_DIR, each asked as its reader (the
// question's language and tradition), through three paths of the app:
//   search    what GET /webapi/bible/search answers (BibleService.search, verses only, the route's largest page),
//             ranked as distinct verses: the passage of an explicit reference first, then the hits;
//   answer    the verses the answer cites: the chat service with the offline grounded composer (retrieval → context
//             → compose → verify), its linked citations in order of appearance;
//   retriever the verse retriever the answer context calls (what retrieval tuning works on).
// recall@1/5/10 and MRR per language and per question type, for the train part and the held-out part apart; for the
// questions the corpus cannot answer, the share that got no verse at all. The held-out questions (eval/holdout.ts)
// are never used for tuning: read their figures, not their details (--details prints the train part only).
import { writeFileSync } from 'node:fs';
import { terminalOf } from '../apps/api/src/answer/generation-state.ts';
import { hitAt } from '../apps/api/src/retrieval/eval/recall.ts';
import { LOCALE_OF_LANG } from '../apps/api/src/answer/eval/answer-metrics.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { createCorpusRepository } from '../apps/api/src/corpus/corpus.repository.ts';
import { corpusEntryRefs, createVerseRetriever } from '../apps/api/src/retrieval/verse-retriever.ts';
import { missingGoldRefs } from '../apps/api/src/retrieval/eval/gold-refs.ts';
import { loadGoldSet, type GoldQuestion } from '../apps/api/src/retrieval/eval/gold-set.ts';
import { goldSplit, isHeldOut, type GoldSplit } from '../apps/api/src/retrieval/eval/holdout.ts';
import { formatPathReport, type PathReport } from '../apps/api/src/retrieval/eval/report.ts';
import {
  CONFIGURATIONS,
  EVAL_K,
  citedRanking,
  runConfiguration,
  runPath,
  runRetriever,
  searchRanking,
} from '../apps/api/src/retrieval/eval/run-eval.ts';
import { openEvalCorpus } from './eval-corpus.ts';

const details = process.argv.includes('--details');
const baselines = process.argv.includes('--baselines');
/** `--json FILE`: hit@10 per path and part, and the share of unanswerable questions left empty, for `npm run eval:check`. */
const jsonFile = process.argv.includes('--json') ? process.argv[process.argv.indexOf('--json') + 1] : undefined;
const splitArg = process.argv.find((a) => a.startsWith('--split='))?.slice('--split='.length) ?? 'all';
if (!['train', 'holdout', 'all'].includes(splitArg)) fail(`--split must be train, holdout or all, not ${splitArg}`);
const split = splitArg as GoldSplit;
/** The search route's largest page: verses of several translations of a language share it. */
const SEARCH_LIMIT = 50;
const ANSWER_MODE = 'advanced';
const config = loadConfig();

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** The ask of one path, reporting on stderr every 50 questions (the answer path takes minutes). */
function withProgress<A extends unknown[], R>(name: string, ask: (...args: A) => Promise<R>) {
  let asked = 0;
  return async (...args: A): Promise<R> => {
    asked += 1;
    if (asked % 50 === 0) console.error(`  ${name}: ${asked} asked`);
    return ask(...args);
  };
}

const allQuestions = await loadGoldSet();
const missing = await missingGoldRefs(allQuestions, config.corpus.dir);
if (!missing) console.error(`(gold verses not checked: no books.json, KJV and CPDV in ${config.corpus.dir})`);
else if (missing.length > 0)
  fail(`Gold verses not in the corpus (KJV, CPDV for the deuterocanon):\n  ${missing.join('\n  ')}`);
const questions = goldSplit(allQuestions, split);

const { container, problems } = await openEvalCorpus(config);
const { corpus, bible, chat } = container.services;
try {
  const { index, versionId } = corpus.ready();
  const { version, docCount, vectorDimensions } = index.info;
  const held = questions.filter((q) => isHeldOut(q.id)).length;
  const unanswerable = questions.filter((q) => q.gold.length === 0).length;
  console.log(
    `Retrieval evaluation: ${questions.length} gold questions (split ${split}: ${questions.length - held} train, ` +
      `${held} held out; ${unanswerable} the corpus cannot answer), index ${version} (${docCount} passages, ` +
      `${vectorDimensions ? `vectors of ${vectorDimensions} dimensions` : 'BM25 only'})`,
  );
  console.log(
    `Columns: n and R@k / MRR / hit@${EVAL_K} over the questions with gold verses (ranks are distinct verses, MRR ` +
      `within the first ${EVAL_K}); unans: questions the corpus cannot answer, empty: the share of those that got ` +
      'no verse at all. Latency: one question at a time, after one untimed question per language.',
  );

  const search = await runPath(
    questions,
    withProgress('search', async (q: GoldQuestion) =>
      searchRanking(
        await bible.search(
          { q: q.question, lang: q.lang, kind: 'verse', canon: q.tradition, limit: SEARCH_LIMIT },
          { language: q.lang, tradition: q.tradition },
        ),
      ),
    ),
  );

  const run = Date.now().toString(36);
  const answer = await runPath(
    questions,
    withProgress('answer', async (q: GoldQuestion) => {
      const stream = await chat.ask(
        { userId: undefined, locale: LOCALE_OF_LANG[q.lang], ip: '127.0.0.1' },
        {
          question: q.question,
          mode: ANSWER_MODE,
          kind: 'answer',
          expression: q.tradition,
          requestId: `e${run}-${q.id}`,
        },
      );
      const done = (await terminalOf(stream)).answer;
      return done ? citedRanking(done.citations) : [];
    }),
  );

  const { parser } = await bible.tools();
  const corpusData = createCorpusRepository(container.database.db);
  const retriever = createVerseRetriever({ index, parser, entryRefs: corpusEntryRefs(corpusData, versionId) });
  const retrieved = await runRetriever(retriever, questions);

  const reports: PathReport[] = [
    {
      title:
        `search route: BibleService.search({ q, lang, kind: verse, canon: tradition, limit: ${SEARCH_LIMIT} }) ` +
        'as GET /webapi/bible/search, distinct verses',
      outcomes: search,
    },
    {
      title: `answer: verses cited by the chat service's answer (grounded composer, mode ${ANSWER_MODE})`,
      outcomes: answer,
    },
    {
      title: `retriever: createVerseRetriever().retrieve(question, { language, tradition, limit: ${EVAL_K} })`,
      outcomes: retrieved,
    },
  ];
  if (baselines) {
    for (const configuration of CONFIGURATIONS) {
      const outcomes = await runConfiguration(index, questions, configuration);
      reports.push({ title: `baseline ${configuration.name}: raw index, ${configuration.description}`, outcomes });
    }
  }
  for (const report of reports) console.log(formatPathReport(report, questions, { split, k: EVAL_K, details }));
  if (jsonFile) {
    const figures = (outcomes: PathReport['outcomes'], heldOut: boolean) => {
      const part = outcomes.filter((o) => isHeldOut(o.id) === heldOut);
      const answerable = part.filter((o) => o.gold.length > 0);
      const unanswerable = part.filter((o) => o.gold.length === 0);
      return {
        hit10: answerable.filter((o) => hitAt(o.gold, o.retrieved, EVAL_K) > 0).length / Math.max(1, answerable.length),
        unanswerableEmpty:
          unanswerable.filter((o) => o.retrieved.length === 0).length / Math.max(1, unanswerable.length),
      };
    };
    const [searchReport, answerReport, retrieverReport] = reports;
    const paths = { search: searchReport!, answer: answerReport!, retriever: retrieverReport! };
    writeFileSync(
      jsonFile,
      JSON.stringify(
        Object.fromEntries(
          Object.entries(paths).map(([name, report]) => [
            name,
            { train: figures(report.outcomes, false), heldOut: figures(report.outcomes, true) },
          ]),
        ),
        null,
        2,
      ),
    );
  }
  if (problems.length > 0) console.log(`\nErrors logged during the run:\n  ${problems.join('\n  ')}`);
} finally {
  await container.close();
}
