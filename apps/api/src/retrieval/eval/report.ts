// The printed report of one path of the retrieval evaluation: per language and per type, the part of the gold set
// tuning may see apart from the held-out part; question details only for the former.
import { EVAL_LANGS, QUESTION_TYPES, type GoldQuestion } from './gold-set.ts';
import { goldSplit, type GoldSplit } from './holdout.ts';
import { distinctRefs, formatTable, recallAt, reciprocalRank, summariseBy, type QuestionOutcome } from './recall.ts';

export interface PathReport {
  title: string;
  outcomes: readonly QuestionOutcome[];
}

/** One question's line: what it found among the first k references, and those references. */
export function describeOutcome(outcome: QuestionOutcome, question: string, k: number): string {
  const top = distinctRefs(outcome.retrieved).slice(0, k);
  const head = `  ${outcome.id.padEnd(12)} ${outcome.type.padEnd(15)} ${question}`;
  if (outcome.gold.length === 0) {
    return `${head}\n      unanswerable: ${top.length === 0 ? 'nothing retrieved' : `top ${k}: ${top.join(' ')}`}`;
  }
  const found = outcome.gold.filter((ref) => recallAt([ref], top, k) > 0);
  return (
    `${head}\n      R@${k} ${recallAt(outcome.gold, top, k).toFixed(2)}  RR ` +
    `${reciprocalRank(outcome.gold, top, k).toFixed(2)}  gold ${outcome.gold.join(' ')}\n` +
    `      found: ${found.join(' ') || '—'}\n      top ${k}: ${top.join(' ') || '—'}`
  );
}

/** The outcome filed under its set instead of its type: trivia or natural. */
const bySet = (o: QuestionOutcome): QuestionOutcome => ({
  ...o,
  type: o.id.includes('-trivia-') ? 'trivia' : 'natural',
});

/** The tables of one path for the chosen split (both parts, one after the other, for `all`). */
export function formatPathReport(
  report: PathReport,
  questions: readonly GoldQuestion[],
  options: { split: GoldSplit; k: number; details: boolean },
): string {
  const { k } = options;
  const lines = [`\n== ${report.title}`];
  const parts = options.split === 'all' ? (['train', 'holdout'] as const) : [options.split];
  for (const part of parts) {
    const outcomes = goldSplit(report.outcomes, part);
    const label = part === 'train' ? 'train (may be used for tuning)' : 'held out (never used for tuning)';
    lines.push(`\n-- ${label}: ${outcomes.length} questions\nby language:`);
    lines.push(formatTable(summariseBy(outcomes, k, 'lang', EVAL_LANGS), k));
    lines.push('by question type:');
    lines.push(formatTable(summariseBy(outcomes, k, 'type', QUESTION_TYPES), k));
    lines.push('by set (trivia: the trivia questions of fact, ids *-trivia-*; natural: the others):');
    lines.push(formatTable(summariseBy(outcomes.map(bySet), k, 'type', ['natural', 'trivia']), k));
    if (options.details && part === 'train') {
      const byId = new Map(questions.map((q) => [q.id, q.question]));
      lines.push('details:', ...outcomes.map((o) => describeOutcome(o, byId.get(o.id) ?? '', k)));
    }
  }
  return lines.join('\n');
}
