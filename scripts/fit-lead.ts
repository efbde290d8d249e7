// npm run fit:lead [-- --write]: fits the answer's lead model (answer/lead-weights.json, answer/lead-choice.ts) on the
// train part of the gold set, and prints first citation gold (the key passage holds a gold verse) of the rules it
// replaces and of the fitted model, train and held-out, natural and trivia questions apart. Each question is gathered
// once in its own language and tradition, advanced mode, as eval:answers asks it (AnswerContextGatherer.leadCandidates:
// the passages in the retriever's order, before the key passage is chosen); every model tried then reorders them.
//
// The model is linear per question shape (fact, topic): a passage's score is the weighted sum of its features, and the
// best scored of the first `depth` passages leads. It is fitted by listwise softmax regression (the probability that
// the chosen passage holds a gold verse, maximised by gradient descent with an L2 penalty) over the train questions
// whose first `depth` passages hold one. The depth and the penalty are chosen by five-fold cross-validation on the
// train part; a shape is given weights only when the fitted model leads with gold more often than the rules on the
// whole train part by at least MIN_GAIN_QUESTIONS. The held-out part is scored, never fitted or chosen on.
// The model's confidence in its key passage (the softmax probability of the chosen one) also decides whether the
// composer states the answer in a sentence of its own: `stateAt` is the least confidence of STATE_GRID that scores
// best on the train questions with a short answer, a right statement counting 1 and a wrong one -WRONG_COST.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createContextGatherer, leadFirst, type GatherInput } from '../apps/api/src/answer/answer-context.ts';
import { createIntentGatherer } from '../apps/api/src/answer/intent-context.ts';
import { LOCALE_OF_LANG } from '../apps/api/src/answer/eval/answer-metrics.ts';
import { statesAnswer } from '../apps/api/src/answer/eval/answer-facts.ts';
import { statedAnswer } from '../apps/api/src/answer/answer-first.ts';
import {
  LEAD_FEATURES,
  leadFeatures,
  leadScore,
  type LeadCandidate,
  type LeadTable,
  type LeadWeights,
} from '../apps/api/src/answer/lead-choice.ts';
import { createCorpusRepository } from '../apps/api/src/corpus/corpus.repository.ts';
import { loadGoldSet, type GoldQuestion } from '../apps/api/src/retrieval/eval/gold-set.ts';
import { isHeldOut } from '../apps/api/src/retrieval/eval/holdout.ts';
import { usfmOverlap } from '../apps/api/src/scripture/usfm.ts';
import type { QuestionAnalysis } from '../apps/api/src/question/analyse.ts';
import { openEvalCorpus } from './eval-corpus.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TABLE_FILE = path.join(ROOT, 'apps/api/src/answer/lead-weights.json');
const DEPTHS = [3, 5, 8];
const PENALTIES = [0.003, 0.03, 0.3];
const FOLDS = 5;
const STEPS = 1500;
const RATE = 0.5;
/** The least gain over the rules, in train questions, for a shape to be given weights. */
const MIN_GAIN_QUESTIONS = 2;
const SHAPES = ['fact', 'topic'] as const;
/** Confidences tried as the least at which an answer is stated, and what a wrong statement costs against a right one. */
const STATE_GRID = [0, 0.3, 0.4, 0.45, 0.5, 0.55, 0.6, 0.7, 0.8];
const WRONG_COST = 2;
type Shape = (typeof SHAPES)[number];
const write = process.argv.includes('--write');

/** One gathered question: its candidates, their features (all of them) and which hold a gold verse. */
interface Case {
  question: GoldQuestion;
  heldOut: boolean;
  trivia: boolean;
  shape: Shape | undefined;
  candidates: LeadCandidate[];
  analysis: QuestionAnalysis;
  named: string[] | undefined;
  features: number[][];
  gold: boolean[];
  /** Whether the rules' key passage holds a gold verse. */
  rules: boolean;
  /** The answer's gatherer hands these passages to the composer as they are (not a care, off-topic or shaped path). */
  plain: boolean;
}

/** Whether the model's key passage (the best scored of the first `depth`) holds a gold verse. */
function leadsWithGold(c: Case, weights: LeadWeights, depth: number): boolean {
  const n = Math.min(depth, c.features.length);
  if (n === 0) return false;
  let at = 0;
  let best = -Infinity;
  for (let i = 0; i < n; i++) {
    const s = leadScore(c.features[i]!, weights);
    if (s > best) [at, best] = [i, s];
  }
  return c.gold[at]!;
}

/** Listwise softmax regression over the cases whose first `depth` candidates hold gold. */
function fit(cases: readonly Case[], depth: number, penalty: number): LeadWeights {
  const usable = cases.filter((c) => c.gold.slice(0, depth).some(Boolean) && c.features.length > 1);
  const dims = LEAD_FEATURES.length;
  const w = new Array<number>(dims).fill(0);
  // Adam: the features differ in scale (one-hot places, shares, reciprocal ranks).
  const m = new Array<number>(dims).fill(0);
  const v = new Array<number>(dims).fill(0);
  for (let step = 1; step <= STEPS; step++) {
    const grad = w.map((x) => penalty * x);
    for (const c of usable) {
      const xs = c.features.slice(0, depth);
      const scores = xs.map((x) => x.reduce((s, f, k) => s + f * w[k]!, 0));
      const top = Math.max(...scores);
      const e = scores.map((s) => Math.exp(s - top));
      const z = e.reduce((a, b) => a + b, 0);
      const p = e.map((x) => x / z);
      const pGold = p.reduce((s, x, i) => s + (c.gold[i] ? x : 0), 0);
      xs.forEach((x, i) => {
        const r = c.gold[i] ? p[i]! / pGold : 0;
        const d = (p[i]! - r) / usable.length;
        for (let k = 0; k < dims; k++) grad[k]! += d * x[k]!;
      });
    }
    for (let k = 0; k < dims; k++) {
      m[k] = 0.9 * m[k]! + 0.1 * grad[k]!;
      v[k] = 0.999 * v[k]! + 0.001 * grad[k]! ** 2;
      const mh = m[k]! / (1 - 0.9 ** step);
      const vh = v[k]! / (1 - 0.999 ** step);
      w[k]! -= (RATE / Math.sqrt(step)) * (mh / (Math.sqrt(vh) + 1e-8));
    }
  }
  return Object.fromEntries(LEAD_FEATURES.map((name, k) => [name, Number(w[k]!.toFixed(3))])) as LeadWeights;
}

const share = (cases: readonly Case[], right: (c: Case) => boolean) =>
  cases.length ? cases.filter(right).length / cases.length : NaN;

const { container } = await openEvalCorpus();
const { corpus, bible } = container.services;
try {
  const corpusData = createCorpusRepository(container.database.db);
  const RULES: LeadTable = {};
  const gatherer = createContextGatherer({ bible, corpus, corpusData, leadTable: RULES });
  /** The answer's own gatherer (intent first) with a lead table: what eval:answers measures. */
  const answerGatherer = (leadTable: LeadTable) =>
    createIntentGatherer({ gatherer: createContextGatherer({ bible, corpus, corpusData, leadTable }), bible });
  const inputOf = (question: GoldQuestion): GatherInput => ({
    question: question.question,
    kind: 'answer',
    mode: 'advanced',
    language: LOCALE_OF_LANG[question.lang],
    tradition: question.tradition,
    history: [],
  });
  /** Whether the key passage of each question's answer, gathered with a lead table, holds a gold verse. */
  async function keyPassageGold(leadTable: LeadTable): Promise<Map<string, boolean>> {
    const answers = answerGatherer(leadTable);
    const out = new Map<string, boolean>();
    for (const c of cases) {
      const { context } = await answers.gather(inputOf(c.question));
      const key = context.verses[0];
      out.set(c.question.id, Boolean(key && c.question.gold.some((g) => usfmOverlap(key.ref, g))));
      if (context.verses.slice(0, 3).some((v) => c.question.gold.some((g) => usfmOverlap(v.ref, g))))
        top3.add(`${leadTable === RULES ? 'r' : 'm'}:${c.question.id}`);
      const said = statedAnswer(context, 0);
      if (said && c.question.answer)
        stated.push({ c, right: statesAnswer(said, c.question.answer), confidence: context.leadConfidence ?? 1 });
    }
    return out;
  }
  const stated: { c: Case; right: boolean; confidence: number }[] = [];
  const top3 = new Set<string>();
  const questions = (await loadGoldSet()).filter((q) => q.gold.length > 0);
  const cases: Case[] = [];
  const started = Date.now();
  for (const question of questions) {
    const { analysis, named, focus, candidates } = await gatherer.leadCandidates(inputOf(question));
    const holdsGold = (ref: string) => question.gold.some((g) => usfmOverlap(ref, g));
    const rulesLead = leadFirst(candidates, analysis, named, focus, {}).verses[0];
    cases.push({
      question,
      heldOut: isHeldOut(question.id),
      trivia: question.id.includes('-trivia-'),
      shape: focus === 'fact' || focus === 'topic' ? focus : undefined,
      candidates,
      analysis,
      named,
      features: leadFeatures(candidates, analysis, named),
      gold: candidates.map((c) => holdsGold(c.verse.ref)),
      rules: Boolean(rulesLead && holdsGold(rulesLead.ref)),
      plain: false,
    });
  }
  // Only questions whose answer shows the gathered passages as they are teach the model (a reader in distress is met
  // with care's passages, a request with its kind's); every question is scored through the answer's own gatherer.
  const rulesAnswers = answerGatherer(RULES);
  for (const c of cases) {
    const shown = (await rulesAnswers.gather(inputOf(c.question))).context.verses.map((v) => v.ref);
    const ruled = leadFirst(c.candidates, c.analysis, c.named, c.shape, RULES).verses.map((v) => v.ref);
    c.plain = shown.length === ruled.length && shown.every((ref, i) => ref === ruled[i]);
  }
  console.log(`${cases.filter((c) => !c.plain).length} questions answered otherwise (care, kinds): not fitted on`);
  console.log(`${cases.length} questions gathered once in ${((Date.now() - started) / 1000).toFixed(0)} s`);

  const train = cases.filter((c) => !c.heldOut);
  const heldOut = cases.filter((c) => c.heldOut);
  const fitted = train.filter((c) => c.plain);
  const table: LeadTable = {};
  const chosen: Partial<Record<Shape, { depth: number; penalty: number; weights: LeadWeights }>> = {};
  for (const shape of SHAPES) {
    const own = fitted.filter((c) => c.shape === shape);
    // Five folds by position in the gold set's order (languages and kinds interleave there).
    const folds = Array.from({ length: FOLDS }, (_, k) => own.filter((_, i) => i % FOLDS === k));
    let best: { depth: number; penalty: number; cv: number } | undefined;
    for (const depth of DEPTHS)
      for (const penalty of PENALTIES) {
        let right = 0;
        folds.forEach((test, k) => {
          const weights = fit(folds.filter((_, j) => j !== k).flat(), depth, penalty);
          right += test.filter((c) => leadsWithGold(c, weights, depth)).length;
        });
        const cv = right / Math.max(1, own.length);
        console.log(`  ${shape} depth ${depth} penalty ${penalty}: cross-validated first gold ${cv.toFixed(3)}`);
        if (!best || cv > best.cv + 1e-9) best = { depth, penalty, cv };
      }
    if (!best) continue;
    const weights = fit(own, best.depth, best.penalty);
    const gain = own.filter((c) => leadsWithGold(c, weights, best.depth)).length - own.filter((c) => c.rules).length;
    const rulesCv = share(own, (c) => c.rules);
    console.log(
      `${shape}: ${own.length} train questions; rules ${rulesCv.toFixed(3)}, cross-validated model ${best.cv.toFixed(3)} ` +
        `(depth ${best.depth}, penalty ${best.penalty}); fitted on all train: ${gain >= 0 ? '+' : ''}${gain} questions`,
    );
    if (best.cv * own.length >= rulesCv * own.length + MIN_GAIN_QUESTIONS) chosen[shape] = { ...best, weights };
  }
  for (const shape of SHAPES) {
    const model = chosen[shape];
    if (model) table[shape] = { depth: model.depth, weights: model.weights };
  }

  const byRules = await keyPassageGold(RULES);
  stated.length = 0;
  const byModel = await keyPassageGold(table);
  // The confidence from which an answer is stated: the one of STATE_GRID that scores best on train, a right statement
  // counting 1 and a wrong one -WRONG_COST.
  const statedAt = (part: boolean, at: number) => {
    const some = stated.filter((s) => s.c.heldOut === part && s.confidence >= at);
    const right = some.filter((s) => s.right).length;
    return { n: some.length, right, value: right - WRONG_COST * (some.length - right) };
  };
  let stateAt = 0;
  console.log('\nstated answers (questions with a short answer), by the least confidence stated at:');
  for (const at of STATE_GRID) {
    const [t, h] = [statedAt(false, at), statedAt(true, at)];
    console.log(`  ${at.toFixed(2)}  train ${t.n} stated, ${t.right} right; held-out ${h.n} stated, ${h.right} right`);
    if (t.value > statedAt(false, stateAt).value) stateAt = at;
  }
  console.log(`stated from confidence ${stateAt}`);
  const rows: [string, (c: Case) => boolean][] = [
    ['all', () => true],
    ['natural', (c) => !c.trivia],
    ['trivia', (c) => c.trivia],
    ['fact', (c) => c.shape === 'fact'],
    ['topic', (c) => c.shape === 'topic'],
  ];
  const figures: Record<string, Record<string, { rules: number; model: number }>> = {};
  console.log('\nfirst citation gold      rules   model   (n)');
  for (const [partName, part] of [
    ['train', train],
    ['held-out', heldOut],
  ] as const) {
    figures[partName] = {};
    for (const [name, keep] of rows) {
      const some = part.filter(keep);
      const f = {
        rules: share(some, (c) => byRules.get(c.question.id)!),
        model: share(some, (c) => byModel.get(c.question.id)!),
      };
      figures[partName][name] = { rules: Number(f.rules.toFixed(3)), model: Number(f.model.toFixed(3)) };
      console.log(
        `  ${`${partName} ${name}`.padEnd(22)} ${f.rules.toFixed(3)}   ${f.model.toFixed(3)}   (${some.length})`,
      );
    }
  }
  // --show ID[,ID…]: each candidate of those questions, gold or not, its score and the features that weigh most.
  const show = process.argv.includes('--show') ? process.argv[process.argv.indexOf('--show') + 1]!.split(',') : [];
  for (const c of cases.filter((c) => show.includes(c.question.id))) {
    const model = c.shape && table[c.shape];
    console.log(
      `\n${c.question.id} ${c.shape} ${c.question.question}  named: ${c.named?.slice(0, 3).join(', ') ?? '—'}`,
    );
    c.features.slice(0, model ? model.depth : 5).forEach((f, i) => {
      const parts = LEAD_FEATURES.map((name, k) => [name, (model?.weights[name] ?? 0) * f[k]!] as const)
        .filter(([, x]) => Math.abs(x) >= 0.05)
        .sort((a, b) => Math.abs(b[1]) - Math.abs(a[1]))
        .map(([name, x]) => `${name} ${x.toFixed(2)}`);
      const score = model ? leadScore(f, model.weights).toFixed(2) : '—';
      console.log(`  ${c.gold[i] ? '*' : ' '} ${c.candidates[i]!.verse.ref.padEnd(16)} ${score}  ${parts.join(', ')}`);
      console.log(`      ${c.candidates[i]!.verse.text.slice(0, 110)}`);
    });
  }
  // --misses: the train questions whose model passed over a gold passage among those it chose from.
  if (process.argv.includes('--misses'))
    for (const c of train) {
      const model = c.shape && table[c.shape];
      if (model && !byModel.get(c.question.id) && c.gold.slice(0, model.depth).some(Boolean))
        console.log(`  missed ${c.shape} ${c.question.id} ${c.question.question}`);
    }
  if (process.argv.includes('--changes'))
    for (const c of cases) {
      const [was, now] = [byRules.get(c.question.id), byModel.get(c.question.id)];
      if (was !== now)
        console.log(
          `  ${now ? 'gained' : 'lost  '} ${c.heldOut ? 'held-out' : 'train   '} ${c.shape} ${c.question.id} ${c.question.question}`,
        );
    }
  for (const part of [false, true]) {
    const some = cases.filter((c) => c.heldOut === part);
    const at3 = (p: string) => some.filter((c) => top3.has(`${p}:${c.question.id}`)).length / some.length;
    console.log(
      `gold among the first three, ${part ? 'held-out' : 'train'}: rules ${at3('r').toFixed(3)}, model ${at3('m').toFixed(3)}`,
    );
  }
  console.log(JSON.stringify(table));
  if (write) {
    const file = {
      source:
        'npm run fit:lead (scripts/fit-lead.ts): listwise softmax regression on the gold set’s train part, ' +
        'depth and penalty by five-fold cross-validation',
      shapes: table,
      stateAt,
      fitted: figures,
    };
    writeFileSync(TABLE_FILE, `${JSON.stringify(file, null, 2)}\n`);
    console.log(`wrote ${path.relative(ROOT, TABLE_FILE)}`);
  }
} finally {
  await container.close();
}
