import fs from 'node:fs';
import path from 'node:path';
import type { Locked } from '../db/client.ts';
import type { CorpusRepository } from './corpus.repository.ts';
import type { IndexStore } from './index-store.ts';

/**
 * The lock an ingest and a sweep run under (a PostgreSQL advisory lock shared by every process on the database;
 * DatabaseHandle.withLock with CORPUS_LOCK_KEY). Without `wait` it gives up when someone else holds it.
 */
export type CorpusLock = <T>(fn: () => Promise<T>, options?: { wait?: boolean }) => Promise<Locked<T>>;

/** A hold whose instance has been silent this long no longer counts (by default; CORPUS_HOLD_TTL_MS). */
export const DEFAULT_HOLD_TTL_MS = 60_000;

/** What corpus_versions.index_dir may hold: `v<id>-<8 hex>` (and `v<id>` from before names were made unique). */
const INDEX_NAME = /^v\d+(-[0-9a-f]{8})?$/;

/**
 * Where a version's index is on this machine: its recorded name under the index directory every instance shares.
 * Anything else (an absolute path, `..`) is refused, so no instance ever reads or deletes outside that directory.
 */
export function indexPathOf(indexRoot: string, name: string | null | undefined): string | undefined {
  return name && INDEX_NAME.test(name) ? path.join(indexRoot, name) : undefined;
}

/** Builds that never finished: only under the corpus lock, where no other build can be running. */
export async function removeAbandonedBuilds(
  corpus: CorpusRepository,
  indexRoot: string,
  store?: IndexStore,
): Promise<number[]> {
  const removed: number[] = [];
  for (const version of await corpus.abandonedBuilds()) {
    const dir = indexPathOf(indexRoot, version.indexDir);
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
    if (dir && store) await store.remove(version.indexDir!);
    await corpus.deleteVersion(version.id);
    removed.push(version.id);
  }
  return removed;
}

export interface SweepResult {
  /** Retired versions whose rows and index were deleted. */
  removed: number[];
  /** Retired versions kept because a live instance still holds them open. */
  held: number[];
}

/**
 * Removes the retired versions no live instance holds (a heartbeat within `holdTtlMs`): each is first marked
 * `removing` in a transaction that checks the holds, so no instance can open it afterwards, then its index directory
 * and rows are deleted. Versions still held are kept for a later sweep. Run under the corpus lock.
 */
export async function sweepRetired(options: {
  corpus: CorpusRepository;
  indexRoot: string;
  holdTtlMs: number;
  /** The object store the index is also published to: a removed version is deleted there too. */
  store?: IndexStore;
}): Promise<SweepResult> {
  const { corpus, indexRoot, holdTtlMs, store } = options;
  await corpus.forgetSilentReaders(holdTtlMs);
  const result: SweepResult = { removed: [], held: [] };
  for (const version of await corpus.retiredVersions()) {
    if (!(await corpus.claimForRemoval(version.id, holdTtlMs))) {
      result.held.push(version.id);
      continue;
    }
    const dir = indexPathOf(indexRoot, version.indexDir);
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
    if (dir && store) await store.remove(version.indexDir!);
    await corpus.deleteVersion(version.id);
    result.removed.push(version.id);
  }
  return result;
}
