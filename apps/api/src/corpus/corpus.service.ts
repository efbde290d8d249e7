import fs from 'node:fs';
import type { Logger } from 'pino';
import { AppError } from '../http/app-error.ts';
import { openIndex } from '../retrieval/lance-passage-index.ts';
import type { Embedder, PassageIndex } from '../retrieval/passage-index.ts';
import type { CorpusRepository } from './corpus.repository.ts';
import { ingestCorpus, type IngestResult } from './ingest.ts';
import type { IngestProgress } from './progress.ts';

export type CorpusStatus =
  | { status: 'preparing'; progress: IngestProgress | null }
  | { status: 'ready'; versionId: number; updating: boolean }
  | { status: 'unavailable'; reason: string };

export interface ReadyCorpus {
  versionId: number;
  index: PassageIndex;
}

/**
 * Keeps the corpus in use: opens the current version at start and, when the corpus is new or changed, ingests it
 * in the background while the server answers. Until a first version is ready, `ready()` says the library is being
 * prepared, with its progress. When a newer version is built, readers move to it; the old index is closed.
 */
export function createCorpusService(deps: {
  corpus: CorpusRepository;
  corpusDir: string;
  indexRoot: string;
  log: Pick<Logger, 'info' | 'warn' | 'error'>;
  embedder?: Embedder;
  embeddingId?: string;
}) {
  let current: ReadyCorpus | undefined;
  let progress: IngestProgress | null = null;
  let ingesting: Promise<IngestResult | undefined> | undefined;
  let failure: string | undefined;
  let onProgress: ((p: IngestProgress) => void) | undefined;
  const versionListeners = new Set<(ready: ReadyCorpus) => void>();

  async function openCurrent(): Promise<boolean> {
    const version = await deps.corpus.currentVersion();
    if (!version?.indexDir || !fs.existsSync(version.indexDir)) return false;
    if (current?.versionId === version.id) return true;
    const index = await openIndex(version.indexDir, deps.embedder ? { embedder: deps.embedder } : {});
    const previous = current;
    current = { versionId: version.id, index };
    previous?.index.close();
    for (const listener of versionListeners) listener(current);
    return true;
  }

  async function runIngest(): Promise<IngestResult | undefined> {
    try {
      const result = await ingestCorpus({
        corpus: deps.corpus,
        corpusDir: deps.corpusDir,
        indexRoot: deps.indexRoot,
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
      await openCurrent();
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
    /** Opens what is there; with `ingest`, brings the corpus up to date in the background. */
    async start({ ingest, progress: report }: { ingest: boolean; progress?: (p: IngestProgress) => void }) {
      onProgress = report;
      await openCurrent().catch((error: unknown) => deps.log.error({ err: error }, 'could not open the corpus index'));
      if (ingest) void this.ingest();
    },
    /** Runs (or joins) an ingest; resolves when it is over. */
    ingest(): Promise<IngestResult | undefined> {
      ingesting ??= runIngest();
      return ingesting;
    },
    status(): CorpusStatus {
      if (current) return { status: 'ready', versionId: current.versionId, updating: Boolean(ingesting) };
      if (ingesting) return { status: 'preparing', progress };
      return { status: 'unavailable', reason: failure ?? 'the corpus has not been ingested' };
    },
    /** Called each time a corpus version becomes the one in use (the first at start, then each new one). */
    onVersion(listener: (ready: ReadyCorpus) => void): () => void {
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
      await ingesting?.catch(() => undefined);
      current?.index.close();
      current = undefined;
    },
  };
}
export type CorpusService = ReturnType<typeof createCorpusService>;
