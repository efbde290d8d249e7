// npm run eval:answers [-- --details] [-- --stated] [-- --misses] [-- --mode simple]: the grounded composer (the default model, offline) answers the gold
// questions of the retrieval evaluation that the corpus can answer through the app's own chat service (retrieval → compose → verify) on the
// corpus in DATA_DIR, and the answers are measured: language correctness, the share that cite at least one gold
// verse (goal ≥ 70 %), and fabricated references (citations marked invalid or misquoted; must be 0). Each question
// is asked twice: by a reader whose interface is in the question's language, and by one whose interface is in
// another language (the answer's language must then come from the question). The diagnostics columns say where
// gold verses are lost: among the verses searched, or between those and the ones handed to the composer.
import { writeFileSync } from 'node:fs';
import type { Answer, AnswerKind, Locale } from '@bible-qa/contract';
import { terminalOf } from '../apps/api/src/answer/generation-state.ts';
import { answersTheQuestion, goldAmongFirst, type RubricCase } from '../apps/api/src/answer/eval/answer-rubric.ts';
import {
  firstCitationGold,
  linkedReferences,
  openingHasAnswer,
  openingText,
  showsVerseTwice,
  statedLine,
  statesAnswer,
} from '../apps/api/src/answer/eval/answer-facts.ts';
import { isHeldOut } from '../apps/api/src/retrieval/eval/holdout.ts';
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
import { createCorpusRepository } from '../apps/api/src/corpus/corpus.repository.ts';
import { bibleLanguageOf } from '../apps/api/src/scripture/translation-policy.ts';
import { loadGoldSet, type GoldQuestion } from '../apps/api/src/retrieval/eval/gold-set.ts';
import { kjvRef } from '../apps/api/src/retrieval/eval/run-eval.ts';
import { openEvalCorpus } from './eval-corpus.ts';

const details = process.argv.includes('--details');
/** `--stated`: the train part's answers stated in a sentence of the composer's own, wrong ones first. */
const statedList = process.argv.includes('--stated');
/** `--misses`: the train part's questions with a short answer whose opening misses it: what it opened with, to read. */
const missList = process.argv.includes('--misses');
/** `--json FILE`: the rubric's figures written for `npm run eval:check`. */
const jsonFile = process.argv.includes('--json') ? process.argv[process.argv.indexOf('--json') + 1] : undefined;
/** The interface language of the second pass: one the question is not in. */
const OTHER_LOCALE: Record<AnswerLang, Locale> = { 'zh-Hans': 'en', 'zh-Hant': 'en', en: 'zh-cn', es: 'en', fr: 'en' };
/** `--mode simple|advanced|professional`: the answer mode asked in (advanced unless given; eval:check reads advanced). */
const MODE = (() => {
  const i = process.argv.indexOf('--mode');
  const mode = i >= 0 ? process.argv[i + 1] : 'advanced';
  if (mode !== 'simple' && mode !== 'advanced' && mode !== 'professional')
    throw new Error(`--mode ${mode}: simple, advanced or professional`);
  return mode;
})();
/** Requests for a prayer, sermon outline or poem, in the reader's words, sent as plain answers. */
const KIND_PROBES: { lang: AnswerLang; kind: AnswerKind; question: string }[] = [
  { lang: 'zh-Hans', kind: 'prayer', question: '请为我生病住院的母亲写一段祷告文' },
  { lang: 'zh-Hans', kind: 'sermon', question: '帮我准备一篇关于饶恕的讲道大纲' },
  { lang: 'zh-Hans', kind: 'poem', question: '写一首关于神的信实的诗' },
  { lang: 'zh-Hant', kind: 'prayer', question: '請為我的考試寫一段禱告' },
  { lang: 'en', kind: 'prayer', question: 'Write a prayer for my friend who lost her job' },
  { lang: 'en', kind: 'sermon', question: 'Give me a sermon outline on the good shepherd' },
  { lang: 'en', kind: 'poem', question: 'Write a short poem about hope' },
  { lang: 'es', kind: 'prayer', question: 'Escribe una oración por mi familia' },
  { lang: 'fr', kind: 'poem', question: 'Écris un poème sur la paix de Dieu' },
  { lang: 'fr', kind: 'sermon', question: 'Prépare un plan de sermon sur la grâce' },
];
const SEARCH_LIMIT = 40;

const { container } = await openEvalCorpus();
const { corpus, bible, chat } = container.services;
try {
  const { index, versionId } = corpus.ready();
  const gatherer = createContextGatherer({ bible, corpus, corpusData: createCorpusRepository(container.database.db) });
  // Questions without gold verses (the corpus cannot answer them) are asked too: the rubric wants no citation.
  const all = await loadGoldSet();
  const questions = all.filter((q) => q.gold.length > 0);
  console.log(
    `Answer evaluation: ${questions.length} gold questions, grounded composer (offline), mode ${MODE}, ` +
      `guest reader of the question's tradition; corpus version ${versionId}, index ${index.info.version} (${index.info.docCount} passages)`,
  );

  /** One ask through the chat service, as the chat route makes it; resolves with the finished answer. */
  async function ask(
    question: GoldQuestion,
    locale: Locale,
    pass: string,
    kind: AnswerKind = 'answer',
  ): Promise<Answer> {
    const stream = await chat.ask(
      { userId: undefined, locale, ip: '127.0.0.1' },
      {
        question: question.question,
        mode: MODE,
        kind,
        expression: question.tradition,
        requestId: `eval-${pass}-${question.id}`,
      },
    );
    const answer = (await terminalOf(stream)).answer;
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
      const cited = linkedReferences(o.citations);
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

  // The rubric of decision 0020, train and held-out apart: every gold question (unanswerable ones included) asked in
  // its own language, and kind probes (a prayer, sermon outline or poem asked for in the question's words).
  const rubric: (RubricCase & {
    id: string;
    lang: keyof typeof LOCALE_OF_LANG;
    heldOut: boolean;
    fabricated: number;
    /** The short answer's forms (gold set), the answer's text and what it cites, for the figures of issue 27. */
    answer?: readonly string[];
    content: string;
  })[] = [];
  for (const question of all) {
    const answer = question.gold.length ? undefined : await ask(question, LOCALE_OF_LANG[question.lang], 'rubric');
    const outcome = own.find((o) => o.id === question.id);
    const citations = answer?.citations ?? outcome?.citations ?? [];
    rubric.push({
      id: question.id,
      lang: question.lang,
      heldOut: isHeldOut(question.id),
      type: question.type,
      gold: question.gold,
      answerKind: answer?.kind ?? 'answer',
      citations,
      fabricated: citations.filter((c) => c.status === 'invalid' || c.status === 'misquoted').length,
      ...(question.answer ? { answer: question.answer } : {}),
      content: answer?.content ?? outcome?.content ?? '',
    });
  }
  for (const [i, probe] of KIND_PROBES.entries()) {
    const question = {
      id: `kind-${i}`,
      lang: probe.lang,
      type: 'kind',
      question: probe.question,
      gold: [],
      tradition: 'protestant' as const,
    };
    const answer = await ask(question as GoldQuestion, LOCALE_OF_LANG[probe.lang], 'kind');
    rubric.push({
      id: question.id,
      lang: probe.lang,
      heldOut: false,
      type: 'kind',
      gold: [],
      wantKind: probe.kind,
      answerKind: answer.kind,
      citations: answer.citations,
      fabricated: answer.citations.filter((c) => c.status === 'invalid' || c.status === 'misquoted').length,
      content: answer.content,
    });
  }
  type RubricRow = (typeof rubric)[number];
  const trivia = (r: RubricRow) => r.id.includes('-trivia-');
  /** The figures of one group of gold questions (kind probes apart); shares over the questions each one reads. */
  function figures(rows: readonly RubricRow[]) {
    const questions = rows.filter((r) => !r.wantKind);
    const answerable = questions.filter((r) => r.gold.length > 0);
    const short = questions.filter((r) => r.answer);
    const share = (n: number, d: number) => n / Math.max(1, d);
    const stated = short.flatMap((r) => {
      const line = statedLine(r.content, LOCALE_OF_LANG[r.lang]);
      return line === undefined ? [] : [{ r, line }];
    });
    return {
      n: questions.length,
      answerable: answerable.length,
      short: short.length,
      gold3: share(answerable.filter((r) => goldAmongFirst(r, 3)).length, answerable.length),
      answers: share(questions.filter(answersTheQuestion).length, questions.length),
      /** The first passage cited is a gold verse (over the questions the corpus can answer). */
      firstGold: share(answerable.filter(firstCitationGold).length, answerable.length),
      /** A form of the short answer in the first 280 characters (over the questions with one). */
      opening: share(short.filter((r) => openingHasAnswer(r.content, r.citations, r.answer!)).length, short.length),
      /** Answers that open with a sentence of the composer's own stating the answer, and how many of those are right. */
      stated: stated.length,
      statedRight: stated.filter(({ r, line }) => statesAnswer(openingText(line, r.citations, line.length), r.answer!))
        .length,
      /** Answers that show a verse twice (lower is better). */
      twice: share(questions.filter((r) => showsVerseTwice(r.citations)).length, questions.length),
      fabricated: questions.reduce((sum, r) => sum + r.fabricated, 0),
    };
  }
  console.log(
    '\n== rubric (decision 0020, issue 27): answers the question; gold among the first three passages cited; the ' +
      'first passage cited is gold; the short answer in the first 280 characters; a verse shown twice; answers ' +
      "stated in a sentence of the composer's own (right when stated)",
  );
  console.log(
    'part      group         n  answers  gold@3  first gold  opening (of n)  twice  fabricated  stated (right)',
  );
  // natural: without the trivia questions of fact (decision 0019), the set the earlier figures had; trivia: those.
  const GROUPS: [string, (r: RubricRow) => boolean][] = [
    ...['zh-Hans', 'zh-Hant', 'en', 'es', 'fr'].map((lang): [string, (r: RubricRow) => boolean] => [
      lang,
      (r) => r.lang === lang,
    ]),
    ['all', () => true],
    ['natural', (r) => !trivia(r)],
    ['trivia', trivia],
  ];
  const fixed = (x: number, d: number) => (d ? x.toFixed(3) : '—');
  for (const heldOut of [false, true]) {
    for (const [group, test] of GROUPS) {
      const f = figures(rubric.filter((r) => r.heldOut === heldOut && test(r)));
      console.log(
        `${(heldOut ? 'held-out' : 'train').padEnd(9)} ${group.padEnd(10)} ${String(f.n).padStart(4)}  ` +
          `${fixed(f.answers, f.n).padStart(7)}  ${fixed(f.gold3, f.answerable).padStart(6)}  ` +
          `${fixed(f.firstGold, f.answerable).padStart(10)}  ` +
          `${`${fixed(f.opening, f.short)} (${f.short})`.padStart(14)}  ${fixed(f.twice, f.n).padStart(5)}  ` +
          `${String(f.fabricated).padStart(10)}  ${`${f.stated} (${fixed(f.statedRight / Math.max(1, f.stated), f.stated)})`.padStart(14)}`,
      );
    }
  }
  if (statedList) {
    // The train part's stated answers, wrong ones first: what the stated sentence got wrong, to read (never held-out).
    const rows = rubric.filter((r) => !r.heldOut && r.answer && !r.wantKind);
    const lines = rows.flatMap((r) => {
      const line = statedLine(r.content, LOCALE_OF_LANG[r.lang]);
      if (line === undefined) return [];
      const right = statesAnswer(openingText(line, r.citations, line.length), r.answer!);
      return [{ right, text: `  ${right ? 'right' : 'WRONG'}  ${r.id}  ${line}  (answer: ${r.answer!.join(' / ')})` }];
    });
    console.log('\n== stated answers, train part');
    for (const l of [...lines.filter((l) => !l.right), ...lines.filter((l) => l.right)]) console.log(l.text);
  }
  if (missList) {
    // Never held-out: the answers that show a verse twice, and what the train part's openings said when they missed
    // the short answer, first gold or not.
    console.log('\n== answers that show a verse twice, train part');
    for (const r of rubric.filter((r) => !r.heldOut && !r.wantKind && showsVerseTwice(r.citations)))
      console.log(`  ${r.id}  cited: ${linkedReferences(r.citations).join(' ')}`);
    console.log('\n== openings that miss the short answer, train part');
    for (const r of rubric.filter((r) => !r.heldOut && r.answer && !r.wantKind)) {
      if (openingHasAnswer(r.content, r.citations, r.answer!)) continue;
      const cited = [...new Set(linkedReferences(r.citations))];
      console.log(
        `  ${firstCitationGold(r) ? 'gold ' : goldAmongFirst(r, 3) ? 'gold3' : 'miss '}  ${r.id}  (answer: ${r.answer!.join(' / ')}; gold ${r.gold.join(' ')})\n` +
          `      cited: ${cited.slice(0, 4).join(' ')}\n      ${r.content.slice(0, 280).replace(/\s+/g, ' ')}`,
      );
    }
  }
  if (jsonFile) {
    const part = (heldOut: boolean) => {
      const rows = rubric.filter((r) => r.heldOut === heldOut);
      const pick = ({ gold3, answers, fabricated, firstGold, opening, twice }: ReturnType<typeof figures>) => ({
        gold3,
        answers,
        fabricated,
        firstGold,
        opening,
        twice,
      });
      return {
        ...pick(figures(rows)),
        natural: pick(figures(rows.filter((r) => !trivia(r)))),
        trivia: pick(figures(rows.filter(trivia))),
      };
    };
    writeFileSync(jsonFile, JSON.stringify({ answers: { train: part(false), heldOut: part(true) } }, null, 2));
  }
  const probes = rubric.filter((r) => r.wantKind);
  console.log(
    `kind probes: ${probes.filter(answersTheQuestion).length}/${probes.length} came back as the kind asked for`,
  );

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
