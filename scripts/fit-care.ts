// npm run fit:care: fits the care model (question/care-model.ts) on the train part of the care evaluation and writes
// language/lexicon/care-model.json. Messages at risk are the positives; people in distress, questions about deaths
// in the Bible or about suicide as a subject, and the gold Bible questions of the retrieval evaluation are the
// negatives (a conversation's last message, which is read with its history, is left out). The threshold is chosen by
// five-fold cross-validation on the train part: the lowest probability at which no more than 1 % of Bible questions
// (about deaths or not) would be read as at risk, so that the model adds reach without alarming students of the
// Bible; the concern line, lower, at 5 % of them (read only where the writer speaks of themselves). `-- --curve` prints recall and alarms along the
// line. The held-out part is never read here; `npm run eval:care` measures it.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadCareSet } from '../apps/api/src/eval/care/care-set.ts';
import { CARE_MODEL_FILE, probability, type CareModelFile } from '../apps/api/src/question/care-model.ts';
import { messageFeatures, preparedText } from '../apps/api/src/question/care-risk.ts';
import { loadGoldSet } from '../apps/api/src/retrieval/eval/gold-set.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const EPOCHS = 30;
const RATE = 0.1;
/** The regularisation strengths tried; the fit keeps the one with the best cross-validated recall whose distress alarms stay within DISTRESS_ALARMS. */
const L2S = [1e-3, 3e-3, 1e-2, 3e-2, 1e-1];
const MIN_COUNT = 2;
const FOLDS = 5;
/** The share of Bible questions the model may read as at risk on the train part's cross-validation. */
const BIBLE_ALARMS = 0.01;
/**
 * The share of Bible questions at the concern line, below the threshold: a message there is a concern (the help line,
 * then comfort) only when the writer speaks of themselves.
 */
const BIBLE_CONCERN = 0.05;
/** The share of people in distress (not at risk) the model may read as at risk: erring toward care, within reason. */
const DISTRESS_ALARMS = 0.2;

/** `writer`: the id's prefix, one per file of messages (t-, u-, …; 'gold' for the Bible questions), for `--by-writer`. */
type Example = { features: string[]; y: 0 | 1; kind: 'risk' | 'distress' | 'bible'; writer: string };

function examples(): Example[] {
  const out: Example[] = [];
  for (const m of loadCareSet('train')) {
    if (m.history?.length) continue;
    const prepared = preparedText(m.text);
    const features = messageFeatures(prepared);
    const writer = m.id.split('-')[0]!;
    if (m.label === 'at-risk') out.push({ features, y: 1, kind: 'risk', writer });
    // Suicide as a subject is a question like a Bible question: not the writer at risk.
    else out.push({ features, y: 0, kind: m.label === 'distress' ? 'distress' : 'bible', writer });
  }
  return out;
}

/** A fixed shuffle (a linear congruential generator): the same fit every run. */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  const out = [...items];
  let x = seed;
  for (let i = out.length - 1; i > 0; i--) {
    x = (x * 1103515245 + 12345) % 2147483648;
    const j = x % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** Logistic regression by stochastic gradient descent with L2, the classes weighted to count alike. */
function fit(train: readonly Example[], l2: number): Pick<CareModelFile, 'weights' | 'bias'> {
  const counts = new Map<string, number>();
  for (const e of train) for (const f of e.features) counts.set(f, (counts.get(f) ?? 0) + 1);
  const vocabulary = new Set([...counts].filter(([, n]) => n >= MIN_COUNT).map(([f]) => f));
  const rows = train.map((e) => ({ ...e, features: e.features.filter((f) => vocabulary.has(f)) }));
  const positives = rows.filter((e) => e.y === 1).length;
  const classWeight = [rows.length / (2 * (rows.length - positives)), rows.length / (2 * positives)];
  const w = new Map<string, number>();
  let bias = 0;
  for (let epoch = 0; epoch < EPOCHS; epoch++) {
    const rate = RATE / (1 + epoch / 10);
    for (const e of shuffled(rows, epoch + 1)) {
      let z = bias;
      for (const f of e.features) z += w.get(f) ?? 0;
      const err = (1 / (1 + Math.exp(-z)) - e.y) * classWeight[e.y]!;
      bias -= rate * err;
      for (const f of e.features) {
        const v = w.get(f) ?? 0;
        w.set(f, v - rate * (err + l2 * v));
      }
    }
  }
  const weights: Record<string, number> = {};
  for (const [f, v] of [...w].sort(([a], [b]) => (a < b ? -1 : 1)))
    if (Math.abs(v) >= 1e-3) weights[f] = Number(v.toFixed(4));
  return { weights, bias: Number(bias.toFixed(4)) };
}

const all = examples();
const gold = (await loadGoldSet()).map((q) => {
  const prepared = preparedText(q.question);
  return { features: messageFeatures(prepared), y: 0 as const, kind: 'bible' as const, writer: 'gold' };
});
const data = [...all, ...gold];

/** Five folds, each example scored by a model that never saw it; the threshold and the shares at it. */
function crossValidate(l2: number) {
  const scored: { e: Example; p: number }[] = [];
  for (let k = 0; k < FOLDS; k++) {
    const model = fit(
      data.filter((_, i) => i % FOLDS !== k),
      l2,
    );
    data.forEach((e, i) => {
      if (i % FOLDS === k) scored.push({ e, p: probability(model, e.features) });
    });
  }
  const bible = scored
    .filter((s) => s.e.kind === 'bible')
    .map((s) => s.p)
    .sort((a, b) => b - a);
  const at = (alarms: number) => Number((bible[Math.floor(bible.length * alarms)]! + 1e-6).toFixed(6));
  const threshold = at(BIBLE_ALARMS);
  const share = (kind: Example['kind'], cut = threshold) => {
    const of = scored.filter((s) => s.e.kind === kind);
    return Number((of.filter((s) => s.p >= cut).length / of.length).toFixed(3));
  };
  if (process.argv.includes('--curve'))
    for (const alarms of [0.005, 0.01, 0.02, 0.03, 0.05, 0.08])
      console.log(
        `  l2 ${l2} bible ${alarms}: p ≥ ${at(alarms).toFixed(3)} recall ${share('risk', at(alarms))} distress ${share('distress', at(alarms))}`,
      );
  const concern = at(BIBLE_CONCERN);
  return {
    l2,
    threshold,
    concern,
    recall: share('risk'),
    distressAlarms: share('distress'),
    bibleAlarms: share('bible'),
    recallAtConcern: share('risk', concern),
    distressAtConcern: share('distress', concern),
  };
}

const trials = L2S.map(crossValidate);
for (const t of trials) console.log(t);
const chosen = trials
  .filter((t) => t.distressAlarms <= DISTRESS_ALARMS)
  .sort((a, b) => b.recall - a.recall || a.distressAlarms - b.distressAlarms)[0]!;
const { threshold, concern } = chosen;
const fitted = {
  examples: data.length,
  atRisk: all.filter((e) => e.y === 1).length,
  l2: chosen.l2,
  threshold,
  recallCrossValidated: chosen.recall,
  distressAlarmsCrossValidated: chosen.distressAlarms,
  bibleAlarmsCrossValidated: chosen.bibleAlarms,
  concern,
  recallAtConcernCrossValidated: chosen.recallAtConcern,
  distressAtConcernCrossValidated: chosen.distressAtConcern,
};
// `--by-writer`: the model alone on each writer's messages when fitted without them, at the lines chosen above: how it
// reads a writer it never saw (the lists were written from every train file, so they are left out of this figure).
if (process.argv.includes('--by-writer')) {
  for (const writer of [...new Set(all.map((e) => e.writer))]) {
    const apart = fit(
      data.filter((e) => e.writer !== writer),
      chosen.l2,
    );
    const theirs = all.filter((e) => e.writer === writer);
    const rate = (kind: Example['kind'], cut: number) => {
      const of = theirs.filter((e) => e.kind === kind);
      return of.length ? (of.filter((e) => probability(apart, e.features) >= cut).length / of.length).toFixed(3) : '-';
    };
    console.log(
      `  writer ${writer}: at risk ${rate('risk', threshold)} (${rate('risk', concern)} at the concern line), ` +
        `distress ${rate('distress', threshold)} (${rate('distress', concern)})`,
    );
  }
}
const model = fit(data, chosen.l2);
const file: CareModelFile = {
  source:
    'npm run fit:care (scripts/fit-care.ts): logistic regression on the care train part and the gold Bible questions',
  ...model,
  threshold,
  concern,
  fitted,
};
writeFileSync(CARE_MODEL_FILE, `${JSON.stringify(file, null, 0)}\n`);
console.log(`care model: ${Object.keys(model.weights).length} features → ${path.relative(ROOT, CARE_MODEL_FILE)}`);
console.log(fitted);
