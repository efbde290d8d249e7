import path from 'node:path';
import { z } from 'zod';
import { readS3Config, type S3Config, type StorageEnv } from './config-storage.ts';

/**
 * Where the corpus index is published and how instances follow it (decision 0023). Parsed with the rest in
 * config.ts (the only reader of process.env); every variable is in .env.example with its default.
 */
const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const int = (fallback: number, min: number, max: number) =>
  z.preprocess(emptyToUndefined, z.coerce.number().int().min(min).max(max).default(fallback));

export const corpusEnv = {
  CORPUS_INDEX_DIR: z.preprocess(emptyToUndefined, z.string().optional()),
  CORPUS_POLL_MS: int(5_000, 100, 600_000),
  CORPUS_OLD_VERSION_GRACE_MS: int(180_000, 0, 3_600_000),
  CORPUS_HOLD_TTL_MS: int(60_000, 1_000, 3_600_000),
  /** `s3`: the published index is also kept in the S3-compatible store of the S3_* settings, for hosts that share no volume. */
  CORPUS_INDEX_STORE: z.preprocess(emptyToUndefined, z.enum(['dir', 's3']).default('dir')),
  CORPUS_INDEX_PREFIX: z.preprocess(emptyToUndefined, z.string().default('corpus-index')),
};

type CorpusEnv = z.infer<z.ZodObject<typeof corpusEnv>>;

export interface CorpusIndexConfig {
  /** The index directory every instance reads and the ingest job writes (default DATA_DIR/index). */
  indexDir: string;
  /** How often an instance looks for a new current version and refreshes its holds. */
  pollMs: number;
  /** How long a version switched away from stays open for the requests and answers that began on it. */
  oldVersionGraceMs: number;
  /** A hold whose instance has not refreshed it for this long no longer keeps a retired version from removal. */
  holdTtlMs: number;
  /** The object store the index is published to and fetched from when instances share no volume. */
  store?: S3Config & { prefix: string };
}

/** The corpus index settings, or the reason they do not fit together. */
export function readCorpusConfig(
  e: CorpusEnv & StorageEnv,
  dataDir: string,
  root: string,
): CorpusIndexConfig | { problem: string } {
  if (e.CORPUS_HOLD_TTL_MS < 3 * e.CORPUS_POLL_MS) {
    return { problem: 'CORPUS_HOLD_TTL_MS: must be at least three times CORPUS_POLL_MS (three missed heartbeats)' };
  }
  const s3 = e.CORPUS_INDEX_STORE === 's3' ? readS3Config(e) : undefined;
  if (s3 && 'missing' in s3) {
    return { problem: `${s3.missing.join(', ')}: required when CORPUS_INDEX_STORE is s3` };
  }
  return {
    indexDir: e.CORPUS_INDEX_DIR ? path.resolve(root, e.CORPUS_INDEX_DIR) : path.join(dataDir, 'index'),
    pollMs: e.CORPUS_POLL_MS,
    oldVersionGraceMs: e.CORPUS_OLD_VERSION_GRACE_MS,
    holdTtlMs: e.CORPUS_HOLD_TTL_MS,
    ...(s3 ? { store: { ...s3, prefix: e.CORPUS_INDEX_PREFIX } } : {}),
  };
}
