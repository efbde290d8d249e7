// The Lance table layout of the passage index and the mapping between PassageDoc / rows / PassageHit.
import { makeArrowTable } from '@lancedb/lancedb';
import { Bool, Field, FixedSizeList, Float32, Schema, Utf8 } from 'apache-arrow';
import { HTML_MARKERS, highlight } from './highlight.ts';
import type { Canon, PassageDoc, PassageHit, PassageKind, Testament } from './passage-index.ts';
import { CANON_COLUMNS } from './search-filter.ts';
import { indexText } from '../language/text-analysis.ts';

export const TABLE_NAME = 'passages';
export const TOKEN_COLUMN = 'tok';
/** The analysed title alone (empty for verses), so that a query can weigh a match in an entry's title. */
export const TITLE_TOKEN_COLUMN = 'title_tok';
export const VECTOR_COLUMN = 'vector';

/** Columns a search reads back: never the token columns or `vector`, which only serve the indexes. */
export const RESULT_COLUMNS = [
  'id',
  'kind',
  'lang',
  'translation',
  'collection',
  'ref',
  'refs',
  'title',
  'testament',
  'text',
];
/** Low-cardinality columns that filters use; each gets a bitmap index. */
export const FILTER_COLUMNS = ['kind', 'lang', 'translation', 'collection', ...Object.values(CANON_COLUMNS)];

const ALL_CANONS: readonly Canon[] = ['protestant', 'catholic', 'orthodox'];

export function passageSchema(vectorDimensions?: number): Schema {
  const text = (name: string, nullable: boolean) => new Field(name, new Utf8(), nullable);
  const fields: Field[] = [
    text('id', false),
    text('kind', false),
    text('lang', false),
    text('translation', true),
    text('collection', true),
    text('ref', true),
    text('refs', true),
    text('title', true),
    text('testament', true),
    ...Object.values(CANON_COLUMNS).map((name) => new Field(name, new Bool(), false)),
    text('text', false),
    text(TOKEN_COLUMN, false),
    text(TITLE_TOKEN_COLUMN, false),
  ];
  if (vectorDimensions) {
    const item = new Field('item', new Float32(), true);
    fields.push(new Field(VECTOR_COLUMN, new FixedSizeList(vectorDimensions, item), false));
  }
  return new Schema(fields);
}

/** What is embedded and what is tokenised: the title belongs to the passage's searchable content. */
export function searchableText(doc: PassageDoc): string {
  return doc.title ? `${doc.title}\n${doc.text}` : doc.text;
}

export function toRows(docs: readonly PassageDoc[], schema: Schema, vectors?: readonly number[][]) {
  const rows = docs.map((doc, i) => {
    const canons = doc.canons ?? ALL_CANONS;
    const row: Record<string, unknown> = {
      id: doc.id,
      kind: doc.kind,
      lang: doc.lang,
      translation: doc.translation ?? null,
      collection: doc.collection ?? null,
      ref: doc.ref ?? null,
      refs: doc.refs?.length ? doc.refs.join(' ') : null,
      title: doc.title ?? null,
      testament: doc.testament ?? null,
      text: doc.text,
      [TOKEN_COLUMN]: indexText(searchableText(doc), doc.lang),
      [TITLE_TOKEN_COLUMN]: doc.title ? indexText(doc.title, doc.lang) : '',
    };
    for (const canon of ALL_CANONS) row[CANON_COLUMNS[canon]] = canons.includes(canon);
    if (vectors) row[VECTOR_COLUMN] = vectors[i];
    return row;
  });
  return makeArrowTable(rows, { schema });
}

type Row = Record<string, unknown>;
const optional = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

export function rowId(row: Row): string {
  return String(row.id);
}

export function toHit(row: Row, terms: readonly string[], score: number, matchedBy: PassageHit['matchedBy']) {
  const text = String(row.text ?? '');
  const lang = String(row.lang);
  const hit = { id: rowId(row), kind: row.kind as PassageKind, lang, text, score, matchedBy } as PassageHit;
  // Marking the terms costs more than the search itself; only the search API shows it, so it is made when read.
  let marked: string | undefined;
  Object.defineProperty(hit, 'highlight', {
    enumerable: true,
    get: () => (marked ??= highlight(text, terms, HTML_MARKERS, lang)),
  });
  const extras = {
    translation: optional(row.translation),
    collection: optional(row.collection),
    ref: optional(row.ref),
    title: optional(row.title),
    testament: optional(row.testament) as Testament | undefined,
    refs: optional(row.refs)?.split(' '),
  };
  for (const [key, value] of Object.entries(extras)) if (value !== undefined) Object.assign(hit, { [key]: value });
  return hit;
}
