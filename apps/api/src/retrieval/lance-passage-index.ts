// Embedded LanceDB adapter of the passage index: BM25 over our own tokens (whitespace tokenizer, no positions),
// filters as SQL predicates, optional vector search fused with reciprocal rank fusion.
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Index, MatchQuery, MultiMatchQuery, Operator, connect, type Connection, type Table } from '@lancedb/lancedb';
import type { Table as ArrowTable } from 'apache-arrow';
import {
  ensureDir,
  newVersionName,
  publishVersion,
  readCurrent,
  readManifest,
  removeStaleVersions,
  writeManifest,
} from './index-versions.ts';
import {
  FILTER_COLUMNS,
  RESULT_COLUMNS,
  TABLE_NAME,
  TITLE_TOKEN_COLUMN,
  TOKEN_COLUMN,
  VECTOR_COLUMN,
  passageSchema,
  rowId,
  searchableText,
  toHit,
  toRows,
} from './lance-schema.ts';
import {
  clampLimit,
  type BuildOptions,
  type BuildProgress,
  type Embedder,
  type OpenOptions,
  type PassageDoc,
  type PassageHit,
  type PassageIndex,
  type PassageIndexInfo,
  type PassageQuery,
} from './passage-index.ts';
import { reciprocalRankFusion } from './rank-fusion.ts';
import { buildWhere } from './search-filter.ts';
import { hanCharactersOf } from '../language/chinese-text.ts';
import { ANALYZER_VERSION, analyzeQuery, sanitizeText, termWeights } from '../language/text-analysis.ts';

const DEFAULT_BATCH_SIZE = 20_000;
const EMBED_CHUNK = 128;
const MAX_EMBED_QUERY = 2000;
const MAX_TITLE_BOOST = 100;

async function embedAll(embedder: Embedder, texts: readonly string[]): Promise<number[][]> {
  const vectors: number[][] = [];
  for (let i = 0; i < texts.length; i += EMBED_CHUNK) {
    const chunk = texts.slice(i, i + EMBED_CHUNK);
    const out = await embedder.embed(chunk);
    if (out.length !== chunk.length || out.some((v) => v.length !== embedder.dimensions)) {
      throw new Error(`embedder returned ${out.length} vectors for ${chunk.length} texts or a wrong dimension`);
    }
    vectors.push(...out);
  }
  return vectors;
}

/**
 * Builds a new index version from `docs` (streamed in batches, never held whole) and publishes it atomically.
 * Refuses an empty corpus rather than publishing an empty index over a good one.
 */
export async function buildIndex(
  dir: string,
  docs: AsyncIterable<PassageDoc> | Iterable<PassageDoc>,
  onProgress?: (progress: BuildProgress) => void,
  options: BuildOptions = {},
): Promise<PassageIndexInfo> {
  const started = Date.now();
  const report = (phase: BuildProgress['phase'], count: number) =>
    onProgress?.({ phase, docs: count, elapsedMs: Date.now() - started });
  const { embedder } = options;
  const batchSize = Math.max(1, options.batchSize ?? DEFAULT_BATCH_SIZE);
  await ensureDir(dir);
  const version = newVersionName();
  const versionDir = join(dir, version);
  let db: Connection | undefined;
  // One write in flight while the next batch is analysed: Lance writes on its own threads, analysis runs here.
  let writing: Promise<unknown> = Promise.resolve();
  try {
    db = await connect(versionDir);
    const schema = passageSchema(embedder?.dimensions);
    const table = await db.createEmptyTable(TABLE_NAME, schema);
    let count = 0;
    let batch: PassageDoc[] = [];
    const flush = async () => {
      if (batch.length === 0) return;
      const vectors = embedder ? await embedAll(embedder, batch.map(searchableText)) : undefined;
      const rows = toRows(batch, schema, vectors);
      await writing;
      const written = count + batch.length;
      writing = table.add(rows).then(() => report('load', (count = written)));
      writing.catch(() => undefined); // awaited at the next flush; this only prevents an unhandled rejection
      batch = [];
    };
    for await (const doc of docs) {
      batch.push(doc);
      if (batch.length >= batchSize) await flush();
    }
    await flush();
    await writing;
    if (count === 0) throw new Error('refusing to build a passage index from an empty corpus');
    report('index', count);
    await createIndexes(table);
    table.close();
    const info: PassageIndexInfo = {
      version,
      docCount: count,
      builtAt: new Date().toISOString(),
      analyzerVersion: ANALYZER_VERSION,
      ...(embedder ? { vectorDimensions: embedder.dimensions } : {}),
    };
    await writeManifest(versionDir, info);
    db.close();
    db = undefined;
    report('publish', count);
    const previous = await publishVersion(dir, version);
    // Published: from here on a failure must not remove the directory CURRENT points to.
    await removeStaleVersions(dir, previous ? [version, previous] : [version]);
    report('done', count);
    return info;
  } catch (error) {
    // Best-effort cleanup of an unpublished version; a leftover is never used and the next build removes it.
    await writing.catch(() => undefined);
    db?.close();
    if ((await readCurrent(dir).catch(() => undefined)) !== version) {
      await rm(versionDir, { recursive: true, force: true }).catch(() => undefined);
    }
    throw error;
  }
}

async function createIndexes(table: Table): Promise<void> {
  for (const column of [TOKEN_COLUMN, TITLE_TOKEN_COLUMN]) {
    await table.createIndex(column, {
      config: Index.fts({
        baseTokenizer: 'whitespace',
        withPosition: false,
        lowercase: false,
        stem: false,
        removeStopWords: false,
        asciiFolding: false,
        maxTokenLength: 255,
      }),
    });
  }
  for (const column of FILTER_COLUMNS) await table.createIndex(column, { config: Index.bitmap() });
}

/** Opens the published version under `dir`; a build that is running or crashed is never seen. */
export async function openIndex(dir: string, options: OpenOptions = {}): Promise<PassageIndex> {
  const version = await readCurrent(dir);
  if (!version) throw new Error(`no passage index has been published in ${dir}`);
  const versionDir = join(dir, version);
  const info = await readManifest(versionDir);
  if (info.analyzerVersion !== ANALYZER_VERSION) {
    throw new Error(`index ${version} was built by analyzer v${info.analyzerVersion}, this is v${ANALYZER_VERSION}`);
  }
  const db = await connect(versionDir);
  const table = await db.openTable(TABLE_NAME);
  const embedder = info.vectorDimensions && options.embedder?.dimensions === info.vectorDimensions;
  return new LancePassageIndex(info, db, table, embedder ? options.embedder : undefined);
}

type Row = Record<string, unknown>;

/**
 * A search's rows as plain objects, read a column at a time. Arrow's own rows (`toArray()`) are proxies that find
 * and decode a field at each read: an answer's five searches read a few hundred rows ten fields each, and the proxies
 * cost about as much as making the hits.
 */
function rowsOf(table: ArrowTable): Row[] {
  const rows = Array.from({ length: table.numRows }, (): Row => ({}));
  for (const field of table.schema.fields) {
    const values = table.getChild(field.name)?.toArray() as ArrayLike<unknown> | undefined;
    if (!values) continue;
    for (let i = 0; i < rows.length; i++) rows[i]![field.name] = values[i];
  }
  return rows;
}

class LancePassageIndex implements PassageIndex {
  constructor(
    readonly info: PassageIndexInfo,
    private readonly db: Connection,
    private readonly table: Table,
    private readonly embedder: Embedder | undefined,
  ) {}

  async search(query: PassageQuery): Promise<PassageHit[]> {
    const lang = typeof query.lang === 'string' ? query.lang : undefined;
    const terms = analyzeQuery(query.query, { lang, stems: true });
    const limit = clampLimit(query.limit);
    const where = buildWhere(query);
    const vectorText =
      typeof query.query === 'string' ? sanitizeText(query.query.slice(0, MAX_EMBED_QUERY)).trim() : '';
    if (!this.embedder || !vectorText) {
      const rows = await this.textSearch(terms, lang, where, limit, query.titleBoost, query.hanCharacters);
      return rows.map((row) => toHit(row, terms, Number(row._score ?? 0), ['text']));
    }
    const depth = Math.max(limit * 3, 30);
    const [textRows, vectorRows] = await Promise.all([
      this.textSearch(terms, lang, where, depth, query.titleBoost, query.hanCharacters),
      this.vectorSearch(this.embedder, vectorText, where, depth),
    ]);
    const byId = new Map<string, Row>();
    for (const row of [...textRows, ...vectorRows]) if (!byId.has(rowId(row))) byId.set(rowId(row), row);
    const fused = reciprocalRankFusion([textRows.map(rowId), vectorRows.map(rowId)]).slice(0, limit);
    return fused.map((item) => {
      const matchedBy = item.lists.map((list): 'text' | 'vector' => (list === 0 ? 'text' : 'vector'));
      return toHit(byId.get(item.id) ?? {}, terms, item.score, matchedBy);
    });
  }

  private async textSearch(
    terms: readonly string[],
    lang: string | undefined,
    where: string | undefined,
    limit: number,
    titleBoost: number | undefined,
    hanCharacters = false,
  ): Promise<Row[]> {
    if (terms.length === 0) return [];
    const boost = Number(titleBoost);
    // Repeating a term weighs it again (see termWeights).
    // The characters of Han bigrams are asked once beside their bigrams asked twice (PassageQuery.hanCharacters).
    const characters = hanCharacters ? hanCharactersOf(terms) : [];
    const weights = termWeights(terms, lang).map((w) => (characters.length > 0 ? w * 2 : w));
    const asked = [...terms.flatMap((term, i) => Array<string>(weights[i] ?? 1).fill(term)), ...characters].join(' ');
    const match =
      boost > 0 && Number.isFinite(boost)
        ? new MultiMatchQuery(asked, [TOKEN_COLUMN, TITLE_TOKEN_COLUMN], {
            boosts: [1, Math.min(boost, MAX_TITLE_BOOST)],
            operator: Operator.Or,
          })
        : new MatchQuery(asked, TOKEN_COLUMN, { operator: Operator.Or });
    let q = this.table
      .query()
      .fullTextSearch(match)
      .select([...RESULT_COLUMNS, '_score'])
      .limit(limit);
    if (where) q = q.where(where);
    return rowsOf(await q.toArrow());
  }

  private async vectorSearch(embedder: Embedder, text: string, where: string | undefined, limit: number) {
    const [vector] = await embedder.embed([text]);
    if (!vector || vector.length !== embedder.dimensions) throw new Error('embedder returned no query vector');
    let q = this.table
      .vectorSearch(vector)
      .column(VECTOR_COLUMN)
      .distanceType('cosine')
      .select([...RESULT_COLUMNS, '_distance'])
      .limit(limit);
    if (where) q = q.where(where);
    return rowsOf(await q.toArrow());
  }

  close(): void {
    this.table.close();
    this.db.close();
  }
}
