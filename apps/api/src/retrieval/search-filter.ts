// Turns the structured filters of a PassageQuery into a Lance SQL predicate. Column names are constants; every value
// is a quoted string literal with quotes doubled, so no caller-supplied value can change the predicate's shape.
import { USFM_BOOK, USFM_VERSE_OR_RANGE } from '../scripture/usfm.ts';
import type { Canon, PassageKind, PassageQuery } from './passage-index.ts';

const MAX_VALUES = 64;
const MAX_VALUE_LENGTH = 200;
const KINDS: readonly PassageKind[] = ['verse', 'entry', 'note'];
const CANONS: readonly Canon[] = ['protestant', 'catholic', 'orthodox'];
const BOOK_CODE = USFM_BOOK;

export const CANON_COLUMNS: Readonly<Record<Canon, string>> = {
  protestant: 'canon_protestant',
  catholic: 'canon_catholic',
  orthodox: 'canon_orthodox',
};

/** A SQL string literal for any JS string: NUL removed, quotes doubled. */
export function sqlString(value: string): string {
  return `'${value.replace(/\0/g, '').replace(/'/g, "''")}'`;
}

/**
 * `column IN (...)` for the given values. Absent or empty lists do not filter; a list with no usable value matches
 * nothing (a caller asking for an unknown translation gets no hits rather than every translation).
 */
function inClause(column: string, values: unknown, allowed?: readonly string[]): string | undefined {
  const list = typeof values === 'string' ? [values] : Array.isArray(values) ? (values as unknown[]) : [];
  if (list.length === 0) return undefined;
  const usable = list.filter(
    (v): v is string =>
      typeof v === 'string' && v.length > 0 && v.length <= MAX_VALUE_LENGTH && (!allowed || allowed.includes(v)),
  );
  const unique = [...new Set(usable)].slice(0, MAX_VALUES);
  return unique.length === 0 ? 'false' : `${column} IN (${unique.map(sqlString).join(', ')})`;
}

/** The WHERE predicate for a query's filters, or undefined when it has none. */
export function buildWhere(query: PassageQuery): string | undefined {
  const clauses = [
    inClause('lang', query.lang),
    inClause('translation', query.translations),
    inClause('collection', query.collections),
    inClause('kind', query.kinds, KINDS),
  ];
  if (query.books !== undefined) {
    const books = [...new Set(query.books.filter((b) => BOOK_CODE.test(b)))].slice(0, MAX_VALUES);
    clauses.push(books.length ? books.map((b) => `ref LIKE ${sqlString(`${b}.%`)}`).join(' OR ') : 'false');
  }
  if (query.refs !== undefined) {
    const refs = [...new Set(query.refs.filter((r) => USFM_VERSE_OR_RANGE.test(r) && !r.includes('-')))];
    clauses.push(inClause('ref', refs.slice(0, MAX_VALUES)) ?? 'false');
  }
  if (query.canon !== undefined) {
    clauses.push(CANONS.includes(query.canon) ? `${CANON_COLUMNS[query.canon]} = true` : 'false');
  }
  const present = clauses.filter((c): c is string => c !== undefined);
  return present.length ? present.map((c) => `(${c})`).join(' AND ') : undefined;
}
