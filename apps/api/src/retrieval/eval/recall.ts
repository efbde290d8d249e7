// Metrics of the retrieval evaluation: pure functions over what each question got back, no index involved.
// A ranking is a list of references; ranks count distinct references (several translations of one verse are one
// rank), and a reference finds a gold verse when it is that verse or a range holding it.
import { usfmOverlap as overlaps } from '../../scripture/usfm.ts';

/** What one question of the gold set got back from one path (search route, answer, retriever). */
export interface QuestionOutcome {
  id: string;
  lang: string;
  type: string;
  /** Empty for a question the corpus cannot answer. */
  gold: readonly string[];
  /** References in rank order (verses, or ranges a citation spans; hits without a reference as undefined). */
  retrieved: readonly (string | undefined)[];
  latencyMs: number;
}

/** Distinct references in order of first appearance. */
export function distinctRefs(retrieved: readonly (string | undefined)[]): string[] {
  return [...new Set(retrieved.filter((ref): ref is string => ref !== undefined))];
}

const finds = (ref: string, gold: string) => ref === gold || overlaps(ref, gold);

/** Share of the gold verses found among the first k distinct references: |gold ∩ top k| / |gold|. */
export function recallAt(gold: readonly string[], retrieved: readonly (string | undefined)[], k: number): number {
  if (gold.length === 0) return 0;
  const top = distinctRefs(retrieved).slice(0, k);
  return gold.filter((g) => top.some((ref) => finds(ref, g))).length / gold.length;
}

/** 1 when at least one gold verse is among the first k distinct references, else 0. */
export function hitAt(gold: readonly string[], retrieved: readonly (string | undefined)[], k: number): number {
  return reciprocalRank(gold, retrieved, k) > 0 ? 1 : 0;
}

/** 1 / the rank of the first distinct reference that finds a gold verse, 0 when none of the first k does. */
export function reciprocalRank(gold: readonly string[], retrieved: readonly (string | undefined)[], k: number): number {
  const rank = distinctRefs(retrieved)
    .slice(0, k)
    .findIndex((ref) => gold.some((g) => finds(ref, g)));
  return rank === -1 ? 0 : 1 / (rank + 1);
}

/** Distinct verse references among the first k hits (several translations of one verse count once). */
export function distinctRefsAt(retrieved: readonly (string | undefined)[], k: number): number {
  return new Set(retrieved.slice(0, k).filter((ref) => ref !== undefined)).size;
}

/** Nearest-rank percentile (p in 0…100) of a non-empty list; NaN for an empty one. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] as number;
}

export interface Summary {
  /** Questions with gold verses; the recall figures are means over these. */
  questions: number;
  recall1: number;
  recall5: number;
  /** Mean over questions of recall@k. */
  recall: number;
  /** Mean reciprocal rank of the first gold verse within the first k. */
  mrr: number;
  /** Share of questions with at least one gold verse in the top k. */
  hit: number;
  /** Mean number of distinct verses in the top k hits. */
  distinct: number;
  /** Questions the corpus cannot answer (no gold verse). */
  unanswerable: number;
  /** Share of those that got no verse at all (NaN without any). */
  empty: number;
  p50Ms: number;
  p95Ms: number;
}

const mean = (values: readonly number[]) =>
  values.length === 0 ? Number.NaN : values.reduce((sum, v) => sum + v, 0) / values.length;

export function summarise(outcomes: readonly QuestionOutcome[], k: number): Summary {
  const answerable = outcomes.filter((o) => o.gold.length > 0);
  const unanswerable = outcomes.filter((o) => o.gold.length === 0);
  const latencies = outcomes.map((o) => o.latencyMs);
  return {
    questions: answerable.length,
    recall1: mean(answerable.map((o) => recallAt(o.gold, o.retrieved, 1))),
    recall5: mean(answerable.map((o) => recallAt(o.gold, o.retrieved, 5))),
    recall: mean(answerable.map((o) => recallAt(o.gold, o.retrieved, k))),
    mrr: mean(answerable.map((o) => reciprocalRank(o.gold, o.retrieved, k))),
    hit: mean(answerable.map((o) => hitAt(o.gold, o.retrieved, k))),
    distinct: mean(answerable.map((o) => distinctRefsAt(o.retrieved, k))),
    unanswerable: unanswerable.length,
    empty: mean(unanswerable.map((o) => (distinctRefs(o.retrieved).length === 0 ? 1 : 0))),
    p50Ms: percentile(latencies, 50),
    p95Ms: percentile(latencies, 95),
  };
}

/** Summaries per value of `key` in the order of `order` (values not in it follow, sorted), then `all`. */
export function summariseBy(
  outcomes: readonly QuestionOutcome[],
  k: number,
  key: 'lang' | 'type',
  order: readonly string[] = [],
): { group: string; summary: Summary }[] {
  const groups = [...new Set(outcomes.map((o) => o[key]))].sort((a, b) => {
    const ia = order.indexOf(a);
    const ib = order.indexOf(b);
    if (ia !== ib) return (ia === -1 ? Infinity : ia) - (ib === -1 ? Infinity : ib);
    return a.localeCompare(b);
  });
  return [
    ...groups.map((group) => ({
      group,
      summary: summarise(
        outcomes.filter((o) => o[key] === group),
        k,
      ),
    })),
    { group: 'all', summary: summarise(outcomes, k) },
  ];
}

const figure = (value: number, digits: number) => (Number.isNaN(value) ? '—' : value.toFixed(digits));

/**
 * A fixed-width table of summaries, one row per group: n and the recall figures over the questions with gold
 * verses; unans and empty (the share that got no verse) over the questions the corpus cannot answer.
 */
export function formatTable(rows: readonly { group: string; summary: Summary }[], k: number): string {
  const header = ['', 'n', 'R@1', 'R@5', `R@${k}`, 'MRR', `hit@${k}`, 'unans', 'empty', 'p50 ms', 'p95 ms'];
  const body = rows.map(({ group, summary: s }) => [
    group,
    String(s.questions),
    figure(s.recall1, 3),
    figure(s.recall5, 3),
    figure(s.recall, 3),
    figure(s.mrr, 3),
    figure(s.hit, 3),
    String(s.unanswerable),
    figure(s.empty, 2),
    figure(s.p50Ms, 1),
    figure(s.p95Ms, 1),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => (row[i] as string).length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i] as number) : cell.padStart(widths[i] as number)))
      .join('  ');
  return [line(header), ...body.map(line)].join('\n');
}
