import fs from 'node:fs';
import path from 'node:path';
import { buildIndex } from '../retrieval/lance-passage-index.ts';
import { createReferenceParser } from '../scripture/references.parser.ts';
import type { Embedder } from '../retrieval/passage-index.ts';
import { ANALYZER_VERSION } from '../language/text-analysis.ts';
import {
  bookRecord,
  crossRefRow,
  devotionalRecord,
  planRecord,
  referenceRecord,
  splitRef,
  translationMeta,
  verseRecord,
  type BookRecord,
} from './corpus-records.ts';
import {
  hashCorpus,
  listCorpusFiles,
  readJson,
  readJsonl,
  readTsv,
  type BadLine,
  type CorpusFile,
} from './corpus-reader.ts';
import type { CorpusRepository } from './corpus.repository.ts';
import { findRenumbering, findTrailingIntroductions } from './corpus-quirks.ts';
import { entryExcerpt, EXCERPTED_COLLECTIONS } from './entry-excerpt.ts';
import { passageDocs } from './passage-docs.ts';
import { loadReferenceParser } from './reference-parser.ts';
import type { IngestProgress } from './progress.ts';
import { DEFAULT_HOLD_TTL_MS, indexPathOf, removeAbandonedBuilds, type CorpusLock } from './version-sweep.ts';
import type { IndexStore } from './index-store.ts';

/** Bump when what ingestion writes changes, so an unchanged corpus is still rebuilt once. */
// ingest-3: verses carry the canon columns of scripture/canon.ts (3 Maccabees and 2 Esdras are no longer Catholic).
// ingest-5: reference entries carry the excerpt an answer shows (corpus/entry-excerpt.ts).
// ingest-6: rv1909's verses moved by its source's verse division load on their KJV verse (corpus-quirks.ts).
// ingest-7: the commentary's citations of the passages it comments on are fact notes too (corpus/fact-notes.ts).
const INGEST_FORMAT = `ingest-7/analyzer-${ANALYZER_VERSION}`;
const BATCH = 5000;

export interface IngestOptions {
  corpus: CorpusRepository;
  corpusDir: string;
  /**
   * The index directory every instance reads (CORPUS_INDEX_DIR): each version's index is built in a directory of its
   * own there, recorded in the database by its name only (`v<id>-<8 hex>`).
   */
  indexRoot: string;
  /**
   * Where the index is also published for hosts that share no volume (CORPUS_INDEX_STORE): a version is uploaded
   * before it is switched to, and a version that is there counts as present.
   */
  store?: IndexStore;
  /** The corpus lock: one ingest at a time across every process on the database. */
  lock: CorpusLock;
  /** How recent a heartbeat must be for an instance's hold on a version to count (CORPUS_HOLD_TTL_MS). */
  holdTtlMs?: number;
  onProgress?: (progress: IngestProgress) => void;
  /** With an embedder the index also holds vectors; `embeddingId` (model and size) is part of the content hash. */
  embedder?: Embedder;
  embeddingId?: string;
}

export interface IngestResult {
  status: 'unchanged' | 'built';
  versionId: number;
  /** The index's name as the database records it, and where it is on this machine. */
  indexName: string;
  indexDir: string;
  badLines: BadLine[];
  counts?: Record<string, number>;
  elapsedMs: number;
}

/**
 * Loads the corpus into the database and builds its search index, as a new version beside the current one, then
 * switches to it in one transaction; all of it under the corpus lock, so two processes never build at once (the
 * second waits, then finds the corpus unchanged). An unchanged corpus (same content hash, index present) does
 * nothing. A run that dies midway leaves a 'building' version that the next run deletes before it starts again;
 * readers never see it. Retired versions are left to the sweep (version-sweep.ts), which waits for their readers.
 */
export async function ingestCorpus(options: IngestOptions): Promise<IngestResult> {
  const { corpus, corpusDir, indexRoot, onProgress, store } = options;
  const started = Date.now();
  const files = listCorpusFiles(corpusDir);
  const fileBytes = files.reduce((sum, f) => sum + f.bytes, 0);
  const totalBytes = fileBytes * 2;
  let bytes = 0;
  let records = 0;
  const report = (phase: IngestProgress['phase'], percent?: number) =>
    onProgress?.({
      phase,
      percent: Math.min(100, percent ?? (bytes / totalBytes) * 90),
      records,
      bytes,
      totalBytes,
      elapsedMs: Date.now() - started,
    });
  const onBytes = (n: number) => {
    bytes += n;
  };

  report('hashing', 0);
  const contentHash = await hashCorpus(files, `${INGEST_FORMAT}/${options.embeddingId ?? 'no-vectors'}`);
  const locked = await options.lock(async (): Promise<IngestResult> => {
    const current = await corpus.currentVersion();
    if (current && current.contentHash === contentHash) {
      const dir = indexPathOf(indexRoot, current.indexDir);
      if (dir && (fs.existsSync(dir) || (store && (await store.has(current.indexDir!))))) {
        report('done', 100);
        const indexName = current.indexDir!;
        return { status: 'unchanged', versionId: current.id, indexName, indexDir: dir, badLines: [], elapsedMs: 0 };
      }
      await refuseToCopyAnOpenIndex(corpus, current, indexRoot, options.holdTtlMs ?? DEFAULT_HOLD_TTL_MS);
    }
    await removeAbandonedBuilds(corpus, indexRoot, store);
    return build(contentHash);
  });
  if (!locked.acquired) throw new Error('the corpus lock was not acquired');
  return { ...locked.value, elapsedMs: Date.now() - started };

  async function build(contentHash: string): Promise<IngestResult> {
    const { id: versionId, indexName } = await corpus.createVersion(contentHash);
    const badLines: BadLine[] = [];
    const byPrefix = (prefix: string) => files.filter((f) => f.relPath.startsWith(prefix));
    const one = (rel: string) => files.find((f) => f.relPath === rel);

    // Pass 1: the database.
    const notScripture = await findTrailingIntroductions(files);
    const renumbering = await findRenumbering(files);
    badLines.push(...renumbering.problems);
    const bookList = loadBooks(one('books.json'), badLines);
    const testamentOf = new Map(bookList.map((b) => [b.code, b.testament]));
    await corpus.insertBooks(
      bookList.map((b) => ({ versionId, ...b, zhCatholic: b.zhCatholic ?? null, abbr: b.abbr ?? null })),
    );
    bytes += one('books.json')?.bytes ?? 0;
    report('loading');

    const bibles = byPrefix('bibles/').filter((f) => f.relPath.endsWith('.jsonl'));
    const languages = new Map<string, string>();
    for (const file of bibles) {
      const id = path.basename(file.relPath, '.jsonl');
      const metaFile = one(`bibles/${id}.meta.json`);
      const meta = metaFile ? readJson(metaFile, translationMeta, badLines) : undefined;
      if (!meta) {
        badLines.push({ file: file.relPath, line: 0, reason: 'no valid .meta.json beside it; translation skipped' });
        bytes += file.bytes;
        continue;
      }
      languages.set(id, meta.language);
      let batch: {
        versionId: number;
        translation: string;
        book: string;
        chapter: number;
        verse: number;
        text: string;
      }[] = [];
      let count = 0;
      for await (const { line, ...v } of readJsonl(file, verseRecord, badLines, onBytes)) {
        if (!testamentOf.has(v.book)) {
          badLines.push({ file: file.relPath, line, reason: `unknown book ${v.book}` });
          continue;
        }
        if (notScripture.has(`${id}:${v.book}.${v.chapter}.${v.verse}`)) {
          badLines.push({
            file: file.relPath,
            line,
            reason: `${v.book} ${v.chapter}:${v.verse} is the next book's introduction, not a verse`,
          });
          continue;
        }
        // A verse its source numbered differently loads on its KJV verse: moved, cut in two or joined (corpus-quirks.ts).
        const rows = renumbering.rowsOf(id, v) ?? [v];
        for (const row of rows) batch.push({ versionId, translation: id, ...row });
        count += rows.length;
        if (batch.length >= BATCH) {
          await corpus.insertVerses(batch);
          records += batch.length;
          batch = [];
          report('loading');
        }
      }
      await corpus.insertVerses(batch);
      records += batch.length;
      await corpus.insertTranslations([
        { versionId, ...meta, year: meta.year ?? null, notes: meta.notes ?? null, verseCount: count },
      ]);
    }

    // An excerpt's references are found by the books' names alone: this version's books are all the parser needs.
    const excerptParser = createReferenceParser(bookList);
    for (const file of byPrefix('reference/')) {
      let batch: Parameters<CorpusRepository['insertReferenceEntries']>[0] = [];
      for await (const { line: _line, ...entry } of readJsonl(file, referenceRecord, badLines, onBytes)) {
        const excerpt = EXCERPTED_COLLECTIONS.has(entry.collection) ? entryExcerpt(entry.text, excerptParser) : null;
        batch.push({ versionId, ...entry, excerpt });
        if (batch.length >= 500) {
          await corpus.insertReferenceEntries(batch);
          records += batch.length;
          batch = [];
          report('loading');
        }
      }
      await corpus.insertReferenceEntries(batch);
      records += batch.length;
    }

    for (const file of byPrefix('devotionals/')) {
      const rows: Parameters<CorpusRepository['insertDevotionals']>[0] = [];
      for await (const { line: _line, ...d } of readJsonl(file, devotionalRecord, badLines, onBytes)) {
        rows.push({ versionId, ...d });
      }
      await corpus.insertDevotionals(rows);
      records += rows.length;
    }

    for (const file of byPrefix('plans/')) {
      const plan = readJson(file, planRecord, badLines);
      bytes += file.bytes;
      if (!plan) continue;
      await corpus.insertPlanDays(plan.days.map((d) => ({ versionId, planId: plan.id, ...d })));
      records += plan.days.length;
    }

    const crossrefs = one('crossrefs.tsv');
    if (crossrefs) {
      let batch: Parameters<CorpusRepository['insertCrossReferences']>[0] = [];
      const toRow = ([from, to, votes]: string[]) => ({ from, to, votes: Number(votes) });
      for await (const row of readTsv(crossrefs, toRow, crossRefRow, badLines, onBytes)) {
        const from = splitRef(row.from);
        batch.push({
          versionId,
          fromBook: from.book,
          fromChapter: from.chapter,
          fromVerse: from.verse,
          toRef: row.to,
          votes: row.votes,
        });
        if (batch.length >= 20_000) {
          await corpus.insertCrossReferences(batch);
          records += batch.length;
          batch = [];
          report('loading');
        }
      }
      await corpus.insertCrossReferences(batch);
      records += batch.length;
    }

    // Pass 2: the search index, from the same validated records.
    report('indexing');
    const indexDir = path.join(indexRoot, indexName);
    // The fact notes' citations are read with the parser of this version's books and verse counts.
    const { parser } = await loadReferenceParser(corpus, versionId);
    const docs = passageDocs(files, languages, testamentOf, { notScripture, renumbering }, parser, onBytes);
    let indexed = 0;
    await buildIndex(
      indexDir,
      docs,
      (p) => {
        if (p.phase === 'load') {
          indexed = p.docs;
          report('indexing');
        } else if (p.phase === 'index') report('building-index', 92);
      },
      options.embedder ? { embedder: options.embedder } : {},
    );
    records += indexed;
    if (store) {
      report('publishing', 98);
      await store.upload(indexDir, indexName);
    }

    report('switching', 99);
    const counts = await corpus.counts(versionId);
    await corpus.activate(versionId, { ...counts, indexedPassages: indexed, badLines: badLines.length });
    report('done', 100);
    return { status: 'built', versionId, indexName, indexDir, badLines, counts, elapsedMs: 0 };
  }
}

/**
 * The current version's corpus is unchanged but its index is not in this index directory. On a single machine (its
 * index deleted) a rebuild is right; but when live instances hold it open, they read it from a directory this
 * process does not see, and another copy built here would be a version they cannot open: refuse, and say why.
 */
async function refuseToCopyAnOpenIndex(
  corpus: CorpusRepository,
  current: { id: number; indexDir: string | null },
  indexRoot: string,
  holdTtlMs: number,
): Promise<void> {
  const holders = (await corpus.liveHolds(holdTtlMs)).filter((h) => h.versionId === current.id);
  if (holders.length === 0) return;
  const where = [...new Set(holders.map((h) => h.host))].join(', ');
  throw new Error(
    `corpus version ${current.id} is unchanged and open on ${holders.length} instance(s) (${where}), but its index ` +
      `${current.indexDir} is not in ${indexRoot}: set CORPUS_INDEX_DIR to the index directory those instances share`,
  );
}

function loadBooks(file: CorpusFile | undefined, badLines: BadLine[]): BookRecord[] {
  if (!file) throw new Error('books.json is missing from the corpus');
  const list = readJson(file, bookRecord.array(), badLines);
  if (!list) throw new Error('books.json is not valid: the corpus cannot be loaded without its books');
  return list;
}
