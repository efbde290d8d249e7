// The retrieval port: what the rest of the API may ask of a full-text (and optionally vector) passage index.
// The embedded adapter is lance-passage-index.ts; another engine only has to satisfy these types.

/** A verse of a translation, a passage of a reference entry, or a fact note (corpus/fact-notes.ts). */
export type PassageKind = 'verse' | 'entry' | 'note';
export type Canon = 'protestant' | 'catholic' | 'orthodox';
export type Testament = 'OT' | 'NT' | 'DC';

/** One retrievable unit: a verse of a translation, or a passage of a reference entry (long entries are cut). */
export interface PassageDoc {
  /** Stable and unique, e.g. `kjv:JHN.3.16` or `eastons-dictionary:aaron#2`. */
  id: string;
  kind: PassageKind;
  /** BCP 47: zh-Hans, zh-Hant, en, es, fr. */
  lang: string;
  /** Bible translation id (verses). */
  translation?: string;
  /** Reference-work collection id (entries). */
  collection?: string;
  /** USFM reference of the verse, or the main reference an entry comments on. */
  ref?: string;
  /** The references a fact note cites (verses, ranges, chapters). */
  refs?: readonly string[];
  title?: string;
  testament?: Testament;
  /** Canons this verse belongs to; omitted means every canon (entries, and verses of the shared books). */
  canons?: readonly Canon[];
  /** Display text; it is analysed for the index and returned as is in hits. */
  text: string;
}

export interface PassageQuery {
  /** Untrusted user text; it is sanitised and analysed, full-text syntax in it has no effect. */
  query: string;
  /** Keep only these languages; a single language also picks the query's stop words. */
  lang?: string | readonly string[];
  translations?: readonly string[];
  collections?: readonly string[];
  kinds?: readonly PassageKind[];
  /** Keep only passages whose reference is in one of these books (USFM codes; verses and commentary). */
  books?: readonly string[];
  /** Keep only these verses (`BOOK.C.V`, as the translation numbers them; at most 64). */
  refs?: readonly string[];
  /** Keep only verses of this canon (entries always pass). */
  canon?: Canon;
  /** Also match the query against titles alone, this many times as strongly as against the text (entries). */
  /**
   * Also ask for the characters of the query's Han bigrams, once each beside the bigrams asked twice: a
   * one-character word inside a run (饼 in 饼象征什么, 妻 beside 为妻) then finds its verses, while verses holding the
   * whole words still lead. For ranking, not for listing (a search for 世人 would list every verse with 人).
   */
  hanCharacters?: boolean;
  titleBoost?: number;
  /** 1…100, default 10. */
  limit?: number;
}

export interface PassageHit {
  id: string;
  kind: PassageKind;
  lang: string;
  translation?: string;
  collection?: string;
  ref?: string;
  refs?: readonly string[];
  title?: string;
  testament?: Testament;
  /** Raw passage text: escape it before display, or use `highlight`. */
  text: string;
  /** HTML-escaped text with the matched terms wrapped in <mark>…</mark>. */
  highlight: string;
  /** BM25 score for text-only search, reciprocal-rank-fusion score when vectors took part. Higher is better. */
  score: number;
  /** Which retrievers returned this passage. */
  matchedBy: readonly ('text' | 'vector')[];
}

export interface PassageIndexInfo {
  version: string;
  docCount: number;
  builtAt: string;
  analyzerVersion: number;
  /** Present when the index holds embeddings. */
  vectorDimensions?: number;
}

export interface PassageIndex {
  readonly info: PassageIndexInfo;
  /** Never throws for odd query text; an empty or all-noise query answers []. */
  search(query: PassageQuery): Promise<PassageHit[]>;
  close(): void;
}

/** Embedding model port. Vectors must all have `dimensions` entries; the same model at build and query time. */
export interface Embedder {
  readonly dimensions: number;
  embed(texts: readonly string[]): Promise<number[][]>;
}

export interface BuildProgress {
  phase: 'load' | 'index' | 'publish' | 'done';
  docs: number;
  elapsedMs: number;
}

export interface BuildOptions {
  embedder?: Embedder;
  /** Rows written per batch (default 20 000). */
  batchSize?: number;
}

export interface OpenOptions {
  /** Needed for vector search; without it an index with vectors answers from full text only. */
  embedder?: Embedder;
}

export const DEFAULT_LIMIT = 10;
export const MAX_LIMIT = 100;

export function clampLimit(limit: number | undefined): number {
  const n = Math.floor(Number(limit ?? DEFAULT_LIMIT));
  return Number.isFinite(n) ? Math.min(MAX_LIMIT, Math.max(1, n)) : DEFAULT_LIMIT;
}
