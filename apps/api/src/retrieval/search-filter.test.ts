import { describe, expect, it } from 'vitest';
import type { PassageQuery } from './passage-index.ts';
import { buildWhere, sqlString } from './search-filter.ts';

const where = (filters: Omit<PassageQuery, 'query'>) => buildWhere({ query: 'x', ...filters });

describe('buildWhere', () => {
  it('has no predicate without filters, or with empty lists', () => {
    expect(where({})).toBeUndefined();
    expect(where({ translations: [], collections: [] })).toBeUndefined();
  });

  it('combines filters with AND', () => {
    expect(where({ lang: 'en', translations: ['kjv', 'webbe'], kinds: ['verse'], canon: 'catholic' })).toBe(
      "(lang IN ('en')) AND (translation IN ('kjv', 'webbe')) AND (kind IN ('verse')) AND (canon_catholic = true)",
    );
  });

  it('quotes hostile values so they stay values', () => {
    expect(sqlString("x' OR '1'='1")).toBe("'x'' OR ''1''=''1'");
    expect(sqlString("a\0'")).toBe("'a'''");
    expect(where({ collections: ["') OR true --"] })).toBe("(collection IN (''') OR true --'))");
  });

  it('keeps the passages of the books asked for, and refuses anything that is no book code', () => {
    expect(where({ books: ['SIR', 'PRO'] })).toBe("(ref LIKE 'SIR.%' OR ref LIKE 'PRO.%')");
    expect(where({ books: ["SIR' OR '1'='1", 'sir', '%'] })).toBe('(false)');
  });

  it('keeps the verses asked for, and refuses anything that is no verse reference', () => {
    expect(where({ refs: ['MAT.4.2', 'NUM.14.33'] })).toBe("(ref IN ('MAT.4.2', 'NUM.14.33'))");
    expect(where({ refs: ["MAT.4.2' OR '1'='1", 'MAT.4', 'MAT.4.1-MAT.4.2'] })).toBe('(false)');
    expect(where({ refs: [] })).toBe('(false)');
  });

  it('matches nothing for unknown kinds or canons', () => {
    expect(where({ kinds: ['chapter' as never] })).toBe('(false)');
    expect(where({ canon: 'mormon' as never })).toBe('(false)');
  });
});
