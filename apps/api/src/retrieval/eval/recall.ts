// Metrics of the retrieval evaluation: pure functions over what each question retrieved, no index involved.

/** What one question of the gold set got back from one configuration. */
export interface QuestionOutcome {
  id: string;
  lang: string;
  type: string;
  gold: readonly string[];
  /** The verse reference of each hit, in rank order (hits without a reference as undefined). */
  retrieved: readonly (string | undefined)[];
  latencyMs: number;
}

/** Share of the gold verses found among the first k hits: |gold ∩ refs(top k)| / |gold|. */
export function recallAt(gold: readonly string[], retrieved: readonly (string | undefined)[], k: number): number {
  if (gold.length === 0) return 0;
  const top = new Set(retrieved.slice(0, k));
  return gold.filter((ref) => top.has(ref)).length / gold.length;
}

/** 1 when at least one gold verse is among the first k hits, else 0. */
export function hitAt(gold: readonly string[], retrieved: readonly (string | undefined)[], k: number): number {
  const top = new Set(retrieved.slice(0, k));
  return gold.some((ref) => top.has(ref)) ? 1 : 0;
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
  questions: number;
  /** Mean over questions of recall@k. */
  recall: number;
  /** Share of questions with at least one gold verse in the top k. */
  hit: number;
  /** Mean number of distinct verses in the top k. */
  distinct: number;
  p50Ms: number;
  p95Ms: number;
}

const mean = (values: readonly number[]) =>
  values.length === 0 ? Number.NaN : values.reduce((sum, v) => sum + v, 0) / values.length;

export function summarise(outcomes: readonly QuestionOutcome[], k: number): Summary {
  const latencies = outcomes.map((o) => o.latencyMs);
  return {
    questions: outcomes.length,
    recall: mean(outcomes.map((o) => recallAt(o.gold, o.retrieved, k))),
    hit: mean(outcomes.map((o) => hitAt(o.gold, o.retrieved, k))),
    distinct: mean(outcomes.map((o) => distinctRefsAt(o.retrieved, k))),
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

/** A fixed-width table of summaries, one row per group. */
export function formatTable(rows: readonly { group: string; summary: Summary }[], k: number): string {
  const header = ['', 'n', `recall@${k}`, `hit@${k}`, `distinct/${k}`, 'p50 ms', 'p95 ms'];
  const body = rows.map(({ group, summary: s }) => [
    group,
    String(s.questions),
    s.recall.toFixed(3),
    s.hit.toFixed(3),
    s.distinct.toFixed(1),
    s.p50Ms.toFixed(1),
    s.p95Ms.toFixed(1),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => (row[i] as string).length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i] as number) : cell.padStart(widths[i] as number)))
      .join('  ');
  return [line(header), ...body.map(line)].join('\n');
}
