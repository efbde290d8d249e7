import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import type { Logger } from 'pino';
import { AppError } from '../http/app-error.ts';
import { WARM_QUERIES } from '../language/warm-up-questions.ts';
import { openIndex } from '../retrieval/lance-passage-index.ts';
import type { Embedder, PassageIndex } from '../retrieval/passage-index.ts';
import type { Reader } from './corpus-versions.repository.ts';
import type { CorpusRepository } from './corpus.repository.ts';
import type { IndexStore } from './index-store.ts';
import { ingestCorpus, type IngestResult } from './ingest.ts';
import type { IngestProgress } from './progress.ts';
import { DEFAULT_HOLD_TTL_MS, indexPathOf, sweepRetired, type CorpusLock } from './version-sweep.ts';

export type CorpusStatus =
  | { status: 'preparing'; progress: IngestProgress | null }
  | { status: 'ready'; versionId: number; updating: boolean }
  | { status: 'unavailable'; reason: string };

export interface ReadyCorpus {
  versionId: number;
  index: PassageIndex;
}

/** Prepares a version before requests are sent to it (the Bible service builds its books and parser). */
export type VersionWarmer = (candidate: ReadyCorpus) => Promise<void>;

export interface CorpusWatch {
  /** How often the current version is read and this instance's holds are refreshed (CORPUS_POLL_MS). */
  pollMs: number;
  /** How long a version switched away from stays open for what started on it (CORPUS_OLD_VERSION_GRACE_MS). */
  oldVersionGraceMs: number;
  /** A hold not refreshed for this long no longer keeps a version (CORPUS_HOLD_TTL_MS). */
  holdTtlMs: number;
}

const DEFAULT_WATCH: CorpusWatch = { pollMs: 5_000, oldVersionGraceMs: 180_000, holdTtlMs: DEFAULT_HOLD_TTL_MS };

/**
 * Keeps the corpus in use. An instance opens the current version from the index directory every instance shares,
 * records that it holds it (with a heartbeat), and watches the database: when the ingest job publishes a new
 * version, it opens that one, warms it, then switches; the old one stays open for `oldVersionGraceMs` (requests and
 * answers that began on it finish on it), then is closed and let go, and the sweep removes it once no instance holds
 * it. With `ingest` (the single-machine default, CORPUS_AUTO_INGEST) this process is also the ingest job: it brings
 * the corpus up to date in the background and sweeps. Until a first version is open, `ready()` says the library is
 * being prepared, with its progress.
 */
export function createCorpusService(deps: {
  corpus: CorpusRepository;
  corpusDir: string;
  indexRoot: string;
  /** The object store the index is published to when instances share no volume: a missing version is fetched. */
  store?: IndexStore;
  lock: CorpusLock;
  log: Pick<Logger, 'info' | 'warn' | 'error'>;
  embedder?: Embedder;
  embeddingId?: string;
  watch?: Partial<CorpusWatch>;
}) {
  const watch = { ...DEFAULT_WATCH, ...deps.watch };
  const reader: Reader = { instanceId: randomUUID(), host: os.hostname(), pid: process.pid };
  const warmers: VersionWarmer[] = [];
  const held = new Set<number>();
  const retiring = new Map<number, { old: ReadyCorpus; timer: NodeJS.Timeout }>();
  let current: ReadyCorpus | undefined;
  let progress: IngestProgress | null = null;
  let ingesting: Promise<IngestResult | undefined> | undefined;
  let refreshing: Promise<void> | undefined;
  let sweeping: Promise<void> | undefined;
  let failure: string | undefined;
  let problem: string | undefined;
  let onProgress: ((p: IngestProgress) => void) | undefined;
  const versionListeners = new Set<(ready: ReadyCorpus) => void>();
  let builder = false;
  let poll: NodeJS.Timeout | undefined;
  let polling = false;
  let closed = false;

  const note = (text: string, fields: Record<string, unknown>) => {
    if (problem !== text) deps.log.error(fields, text);
    problem = text;
  };

  /** Read before a version takes requests, so the index's files are in memory (language/lexicon/warm-up-queries.tsv). */
  async function warm(candidate: ReadyCorpus): Promise<void> {
    for (const query of WARM_QUERIES) await candidate.index.search({ query, limit: 5 });
    for (const warmer of warmers) await warmer(candidate);
  }

  /** Copies a version's index from the object store into the index directory (a failure is noted; the next look tries again). */
  async function fetchIndex(name: string, dir: string): Promise<void> {
    const started = Date.now();
    try {
      if (await deps.store!.download(name, dir))
        deps.log.info({ index: name, from: deps.store!.where, ms: Date.now() - started }, 'corpus index fetched');
    } catch (error) {
      deps.log.warn({ err: error, index: name, from: deps.store!.where }, 'could not fetch the corpus index');
    }
  }

  /** Opens, holds and warms a version, then makes it the one requests get; false when it cannot be opened here. */
  async function open(version: { id: number; indexDir: string | null }): Promise<boolean> {
    const dir = indexPathOf(deps.indexRoot, version.indexDir);
    if (dir && !fs.existsSync(dir) && deps.store) await fetchIndex(version.indexDir!, dir);
    if (!dir || !fs.existsSync(dir)) {
      const where = deps.store ? `${deps.indexRoot} nor in ${deps.store.where}` : deps.indexRoot;
      note(`the index of corpus version ${version.id} (${version.indexDir}) is not in ${where}`, {
        versionId: version.id,
        hint: deps.store
          ? 'the ingest job publishes to the store of CORPUS_INDEX_STORE: run it with the same S3_* settings'
          : 'CORPUS_INDEX_DIR must be the directory the ingest job publishes to',
      });
      return false;
    }
    // A version being removed cannot be held: the next look finds the one that replaced it.
    if (!(await deps.corpus.hold(reader, version.id))) return false;
    held.add(version.id);
    const started = Date.now();
    let index: PassageIndex | undefined;
    try {
      index = await openIndex(dir, deps.embedder ? { embedder: deps.embedder } : {});
      await warm({ versionId: version.id, index });
    } catch (error) {
      index?.close();
      held.delete(version.id);
      await deps.corpus.release(reader.instanceId, version.id).catch(() => undefined);
      note(`could not open corpus version ${version.id}: ${error instanceof Error ? error.message : String(error)}`, {
        versionId: version.id,
      });
      return false;
    }
    const previous = current;
    current = { versionId: version.id, index };
    problem = undefined;
    deps.log.info(
      {
        versionId: version.id,
        previousVersionId: previous?.versionId,
        index: version.indexDir,
        warmMs: Date.now() - started,
      },
      'corpus version open',
    );
    if (previous) retire(previous);
    for (const listener of versionListeners) listener(current);
    return true;
  }

  function retire(old: ReadyCorpus): void {
    const timer = setTimeout(() => void letGo(old), watch.oldVersionGraceMs);
    timer.unref();
    retiring.set(old.versionId, { old, timer });
  }

  async function letGo(old: ReadyCorpus): Promise<void> {
    retiring.delete(old.versionId);
    old.index.close();
    held.delete(old.versionId);
    await deps.corpus.release(reader.instanceId, old.versionId).catch(() => undefined);
    if (builder && !closed) await sweep(false);
  }

  /** Removes the retired versions no live instance holds (when this process is the ingest job). */
  function sweep(wait: boolean): Promise<void> {
    const run = () =>
      sweepRetired({ corpus: deps.corpus, indexRoot: deps.indexRoot, holdTtlMs: watch.holdTtlMs, store: deps.store });
    sweeping ??= deps
      .lock(run, { wait })
      .then((result) => {
        if (result.acquired && result.value.removed.length)
          deps.log.info(result.value, 'retired corpus versions removed');
      })
      .catch((error: unknown) => deps.log.warn({ err: error }, 'could not remove retired corpus versions'))
      .finally(() => (sweeping = undefined));
    return sweeping;
  }

  /** Opens the current version if it is not the one open (one look at a time). */
  function refresh(): Promise<void> {
    refreshing ??= (async () => {
      try {
        const version = await deps.corpus.currentVersion();
        if (version && version.id !== current?.versionId && !closed) await open(version);
      } finally {
        refreshing = undefined;
      }
    })();
    return refreshing;
  }

  /** One poll: the heartbeat of this instance's holds (taken again if a long silence lost them), then a look. */
  async function tick(): Promise<void> {
    if (polling || closed) return;
    polling = true;
    try {
      if (held.size) {
        const kept = new Set(await deps.corpus.heartbeat(reader.instanceId));
        for (const versionId of held) {
          if (kept.has(versionId) || (await deps.corpus.hold(reader, versionId))) continue;
          deps.log.error({ versionId }, 'a corpus version open here was removed while this instance was silent');
        }
      }
      await refresh();
    } catch (error) {
      deps.log.warn({ err: error }, 'corpus watch: the database did not answer');
    } finally {
      polling = false;
    }
  }

  async function runIngest(): Promise<IngestResult | undefined> {
    try {
      const result = await ingestCorpus({
        corpus: deps.corpus,
        corpusDir: deps.corpusDir,
        indexRoot: deps.indexRoot,
        ...(deps.store ? { store: deps.store } : {}),
        lock: deps.lock,
        holdTtlMs: watch.holdTtlMs,
        ...(deps.embedder ? { embedder: deps.embedder, embeddingId: deps.embeddingId } : {}),
        onProgress: (p) => {
          progress = p;
          onProgress?.(p);
        },
      });
      failure = undefined;
      for (const bad of result.badLines) deps.log.warn({ ...bad }, 'corpus line skipped');
      deps.log.info(
        { status: result.status, versionId: result.versionId, elapsedMs: result.elapsedMs, counts: result.counts },
        'corpus ingest finished',
      );
      // A look that began before the switch may have read the old current version: look again after it.
      await refreshing?.catch(() => undefined);
      await refresh();
      void sweep(false);
      return result;
    } catch (error) {
      failure = error instanceof Error ? error.message : String(error);
      deps.log.error({ err: error }, 'corpus ingest failed');
      return undefined;
    } finally {
      progress = null;
      ingesting = undefined;
    }
  }

  return {
    /**
     * Opens the current version and watches for new ones; with `ingest`, also brings the corpus up to date in the
     * background (this process is then the single machine's ingest job).
     */
    async start({ ingest, progress: report }: { ingest: boolean; progress?: (p: IngestProgress) => void }) {
      onProgress = report;
      await refresh().catch((error: unknown) => deps.log.error({ err: error }, 'could not open the corpus index'));
      poll = setInterval(() => void tick(), watch.pollMs);
      poll.unref();
      if (ingest) void this.ingest();
    },
    /** Registers what prepares a version before it takes requests. */
    onVersion(warmer: VersionWarmer): void {
      warmers.push(warmer);
    },
    /** Runs (or joins) an ingest; resolves when it is over. */
    ingest(): Promise<IngestResult | undefined> {
      builder = true;
      ingesting ??= runIngest();
      return ingesting;
    },
    /** One poll now (tests; the timer does it every `pollMs`). */
    poll: tick,
    status(): CorpusStatus {
      if (current) return { status: 'ready', versionId: current.versionId, updating: Boolean(ingesting) };
      if (ingesting) return { status: 'preparing', progress };
      return { status: 'unavailable', reason: failure ?? problem ?? 'the corpus has not been ingested' };
    },
    /** Called each time a corpus version becomes the one in use (the first at start, then each new one). */
    onSwitch(listener: (ready: ReadyCorpus) => void): () => void {
      versionListeners.add(listener);
      return () => versionListeners.delete(listener);
    },
    /** The corpus for a request, or a clear business error while it is being prepared. */
    ready(): ReadyCorpus {
      if (current) return current;
      if (ingesting) throw new AppError('corpus_preparing', [String(Math.floor(progress?.percent ?? 0))]);
      throw new AppError('corpus_unavailable');
    },
    async close(): Promise<void> {
      closed = true;
      clearInterval(poll);
      await ingesting?.catch(() => undefined);
      await refreshing?.catch(() => undefined);
      await sweeping;
      for (const { old, timer } of retiring.values()) {
        clearTimeout(timer);
        old.index.close();
      }
      retiring.clear();
      current?.index.close();
      current = undefined;
      held.clear();
      await deps.corpus.release(reader.instanceId).catch(() => undefined);
    },
  };
}
export type CorpusService = ReturnType<typeof createCorpusService>;
