// Timing helpers for the retrieval benchmark: query passes (sequential or N concurrent clients), percentiles, disk use.
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { PassageIndex, PassageQuery } from '../apps/api/src/retrieval/passage-index.ts';
import type { BenchQuery } from './bench-retrieval-corpus.ts';

export interface PassResult {
  name: string;
  latencies: number[];
  kinds: string[];
  wallMs: number;
  hits: number;
  empty: number;
  rssAfterMb: number;
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

/** Runs every query once, spread over `clients` concurrent loops; latency is measured per query. */
export async function runPass(
  name: string,
  index: PassageIndex,
  queries: readonly BenchQuery[],
  options: { clients?: number; limit?: number; filter?: (q: BenchQuery) => Partial<PassageQuery> } = {},
): Promise<PassResult> {
  const { clients = 1, limit = 10, filter } = options;
  const result: PassResult = { name, latencies: [], kinds: [], wallMs: 0, hits: 0, empty: 0, rssAfterMb: 0 };
  let next = 0;
  const client = async () => {
    for (let i = next++; i < queries.length; i = next++) {
      const q = queries[i];
      if (!q) continue;
      const started = performance.now();
      const hits = await index.search({ query: q.text, limit, ...filter?.(q) });
      result.latencies.push(performance.now() - started);
      result.kinds.push(q.kind);
      result.hits += hits.length;
      if (hits.length === 0) result.empty++;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: clients }, client));
  result.wallMs = performance.now() - started;
  result.rssAfterMb = Math.round(process.memoryUsage().rss / 2 ** 20);
  return result;
}

const fmt = (ms: number) => (Number.isFinite(ms) ? ms.toFixed(1) : '-');

export function summarize(result: PassResult): Record<string, string | number> {
  const sorted = [...result.latencies].sort((a, b) => a - b);
  const kinds = [...new Set(result.kinds)].sort();
  const p95Of = (kind: string) =>
    percentile(
      result.latencies.filter((_, i) => result.kinds[i] === kind).sort((a, b) => a - b),
      95,
    );
  return {
    pass: result.name,
    n: sorted.length,
    'p50 ms': fmt(percentile(sorted, 50)),
    'p95 ms': fmt(percentile(sorted, 95)),
    'p99 ms': fmt(percentile(sorted, 99)),
    'max ms': fmt(sorted.at(-1) ?? Number.NaN),
    QPS: ((sorted.length / result.wallMs) * 1000).toFixed(0),
    [`p95 ${kinds.join('/')}`]: kinds.map((k) => fmt(p95Of(k))).join(' / '),
    'empty results': result.empty,
    'RSS MB': result.rssAfterMb,
  };
}

export async function diskUsage(path: string): Promise<number> {
  const info = await stat(path);
  if (!info.isDirectory()) return info.size;
  let total = 0;
  for (const entry of await readdir(path)) total += await diskUsage(join(path, entry));
  return total;
}

export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) [value, unit] = [value / 1024, unit + 1];
  return `${value.toFixed(unit ? 2 : 0)} ${units[unit]}`;
}
