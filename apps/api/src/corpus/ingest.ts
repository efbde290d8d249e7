import fs from 'node:fs';
import path from 'node:path';
import { buildIndex } from '../retrieval/lance-passage-index.ts';
import type { Embedder, PassageDoc } from '../retrieval/passage-index.ts';
import type { ReferenceParser } from '../scripture/references.parser.ts';
import { factNotes } from './fact-notes.ts';
import { loadReferenceParser } from './reference-parser.ts';
import { ANALYZER_VERSION } from '../retrieval/text-analysis.ts';
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
import { findTrailingIntroductions } from './corpus-quirks.ts';
import { splitIntoPassages } from '../retrieval/passage-splitter.ts';
import type { IngestProgress } from './progress.ts';
import { canonsOf } from '../scripture/canon.ts';

/** Bump when what ingestion writes changes, so an unchanged corpus is still rebuilt once. */
// ingest-3: verses carry the canon columns of scripture/canon.ts (3 Maccabees and 2 Esdras are no longer Catholic).
const INGEST_FORMAT = `ingest-4/analyzer-${ANALYZER_VERSION}`;
const BATCH = 5000;

export interface IngestOptions {
  corpus: CorpusRepository;
  corpusDir: string;
  /** Each corpus version's search index is built under indexRoot/v<id>. */
  indexRoot: string;
  onProgress?: (progress: IngestProgress) => void;
  /** With an embedder the index also holds vectors; `embeddingId` (model and size) is part of the content hash. */
  embedder?: Embedder;
  embeddingId?: string;
}

export interface IngestResult {
  status: 'unchanged' | 'built';
  versionId: number;
  indexDir: string;
  badLines: BadLine[];
  counts?: Record<string, number>;
  elapsedMs: number;
}

/**
 * Loads the corpus into the database and builds its search index, as a new version beside the current one, then
 * switches to it in one transaction. An unchanged corpus (same content hash) does nothing. A run that dies midway
 * leaves a 'building' version that the next run deletes before it starts again; readers never see it.
 */
export async function ingestCorpus(options: IngestOptions): Promise<IngestResult> {
  const { corpus, corpusDir, indexRoot, onProgress } = options;
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
  const current = await corpus.currentVersion();
  if (current && current.contentHash === contentHash && current.indexDir && fs.existsSync(current.indexDir)) {
    await removeStale(corpus, indexRoot);
    report('done', 100);
    return {
      status: 'unchanged',
      versionId: current.id,
      indexDir: current.indexDir,
      badLines: [],
      elapsedMs: Date.now() - started,
    };
  }

  await removeStale(corpus, indexRoot);
  const versionId = await corpus.createVersion(contentHash);
  const badLines: BadLine[] = [];
  const byPrefix = (prefix: string) => files.filter((f) => f.relPath.startsWith(prefix));
  const one = (rel: string) => files.find((f) => f.relPath === rel);

  // Pass 1: the database.
  const notScripture = await findTrailingIntroductions(files);
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
      batch.push({ versionId, translation: id, ...v });
      count += 1;
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

  for (const file of byPrefix('reference/')) {
    let batch: Parameters<CorpusRepository['insertReferenceEntries']>[0] = [];
    for await (const { line: _line, ...entry } of readJsonl(file, referenceRecord, badLines, onBytes)) {
      batch.push({ versionId, ...entry });
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
  const indexDir = path.join(indexRoot, `v${versionId}`);
  // The fact notes' citations are read with the parser of this version's books and verse counts.
  const { parser } = await loadReferenceParser(corpus, versionId);
  const docs = passageDocs(files, languages, testamentOf, notScripture, parser, onBytes);
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

  report('switching', 99);
  const counts = await corpus.counts(versionId);
  await corpus.activate(versionId, indexDir, { ...counts, indexedPassages: indexed, badLines: badLines.length });
  await removeStale(corpus, indexRoot);
  report('done', 100);
  return { status: 'built', versionId, indexDir, badLines, counts, elapsedMs: Date.now() - started };
}

function loadBooks(file: CorpusFile | undefined, badLines: BadLine[]): BookRecord[] {
  if (!file) throw new Error('books.json is missing from the corpus');
  const list = readJson(file, bookRecord.array(), badLines);
  if (!list) throw new Error('books.json is not valid: the corpus cannot be loaded without its books');
  return list;
}

/**
 * Deletes interrupted and retired versions: their rows and their index directories, including the directory a
 * killed run left before it could record it.
 */
async function removeStale(corpus: CorpusRepository, indexRoot: string): Promise<void> {
  for (const version of await corpus.staleVersions()) {
    await corpus.deleteVersion(version.id);
    if (version.indexDir) fs.rmSync(version.indexDir, { recursive: true, force: true });
  }
  const keep = (await corpus.currentVersion())?.indexDir;
  if (!fs.existsSync(indexRoot)) return;
  for (const name of fs.readdirSync(indexRoot)) {
    const dir = path.join(indexRoot, name);
    if (/^v\d+$/.test(name) && dir !== keep) fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function* passageDocs(
  files: CorpusFile[],
  languages: Map<string, string>,
  testamentOf: Map<string, 'OT' | 'NT' | 'DC'>,
  notScripture: Set<string>,
  parser: ReferenceParser,
  onBytes: (n: number) => void,
): AsyncGenerator<PassageDoc> {
  const ignored: BadLine[] = [];
  for (const file of files) {
    if (file.relPath.startsWith('bibles/') && file.relPath.endsWith('.jsonl')) {
      const translation = path.basename(file.relPath, '.jsonl');
      const lang = languages.get(translation);
      if (!lang) continue;
      for await (const v of readJsonl(file, verseRecord, ignored, onBytes)) {
        const testament = testamentOf.get(v.book);
        const ref = `${v.book}.${v.chapter}.${v.verse}`;
        if (!testament || v.text.trim() === '' || notScripture.has(`${translation}:${ref}`)) continue;
        yield {
          id: `${translation}:${ref}`,
          kind: 'verse',
          lang,
          translation,
          ref,
          testament,
          ...(canonsOf(v.book).length < 3 ? { canons: canonsOf(v.book) } : {}),
          text: v.text,
        };
      }
    } else if (file.relPath.startsWith('reference/') || file.relPath.startsWith('devotionals/')) {
      const isReference = file.relPath.startsWith('reference/');
      const entries = isReference
        ? readJsonl(file, referenceRecord, ignored, onBytes)
        : readJsonl(file, devotionalRecord, ignored, onBytes);
      for await (const entry of entries) {
        const collection = 'collection' in entry ? entry.collection : path.basename(file.relPath, '.jsonl');
        const pieces = splitIntoPassages(entry.text);
        for (const [i, text] of pieces.entries()) {
          yield {
            id: pieces.length === 1 ? entry.id : `${entry.id}#${i + 1}`,
            kind: 'entry',
            lang: entry.lang,
            collection,
            title: entry.title,
            ...(entry.refs[0] ? { ref: entry.refs[0] } : {}),
            text,
          };
        }
        if (!('collection' in entry)) continue;
        for (const [i, note] of factNotes(entry, parser).entries()) {
          yield {
            id: `${entry.id}#n${i + 1}`,
            kind: 'note',
            lang: entry.lang,
            collection,
            title: entry.title,
            refs: note.refs,
            text: note.text,
          };
        }
      }
    } else {
      onBytes(file.bytes);
    }
  }
}
