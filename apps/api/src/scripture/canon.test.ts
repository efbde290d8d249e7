import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { canonOrder, canonsOf, canonStanding, inCanon } from './canon.ts';
import type { Tradition } from './references.types.ts';

/**
 * Every book of the corpus's books.json (86 codes, in its order) and where it stands per tradition:
 * P/C/O in the Protestant/Catholic/Orthodox Bible, A an appendix of it, - absent.
 */
const TABLE = [
  'GEN P C O', 'EXO P C O', 'LEV P C O', 'NUM P C O', 'DEU P C O', 'JOS P C O',
  'JDG P C O', 'RUT P C O', '1SA P C O', '2SA P C O', '1KI P C O', '2KI P C O',
  '1CH P C O', '2CH P C O', 'EZR P C O', 'NEH P C O', 'EST P C O', 'JOB P C O',
  'PSA P C O', 'PRO P C O', 'ECC P C O', 'SNG P C O', 'ISA P C O', 'JER P C O',
  'LAM P C O', 'EZK P C O', 'DAN P C O', 'HOS P C O', 'JOL P C O', 'AMO P C O',
  'OBA P C O', 'JON P C O', 'MIC P C O', 'NAM P C O', 'HAB P C O', 'ZEP P C O',
  'HAG P C O', 'ZEC P C O', 'MAL P C O', 'MAT P C O', 'MRK P C O', 'LUK P C O',
  'JHN P C O', 'ACT P C O', 'ROM P C O', '1CO P C O', '2CO P C O', 'GAL P C O',
  'EPH P C O', 'PHP P C O', 'COL P C O', '1TH P C O', '2TH P C O', '1TI P C O',
  '2TI P C O', 'TIT P C O', 'PHM P C O', 'HEB P C O', 'JAS P C O', '1PE P C O',
  '2PE P C O', '1JN P C O', '2JN P C O', '3JN P C O', 'JUD P C O', 'REV P C O',
  'TOB - C O', 'JDT - C O', 'ESG - C O', 'WIS - C O', 'SIR - C O', 'BAR - C O',
  'LJE - C O', 'S3Y - C O', 'SUS - C O', 'BEL - C O', '1MA - C O', '2MA - C O',
  '1ES - - O', '2ES - - -', 'MAN - - O', 'PS2 - - O', '3MA - - O', '4MA - - A',
  'PSS - - -', 'ENO - - -',
]; // prettier-ignore

const TRADITIONS: Tradition[] = ['protestant', 'catholic', 'orthodox'];
const CASES = TABLE.flatMap((row) => {
  const [code, ...marks] = row.split(' ') as [string, ...string[]];
  return TRADITIONS.map((tradition, i) => ({ code, tradition, mark: marks[i]! }));
});

describe('the canon rule', () => {
  it.each(CASES)('$code for a $tradition reader: $mark', ({ code, tradition, mark }) => {
    const expected = mark === '-' ? undefined : mark === 'A' ? 'appendix' : 'canon';
    expect(canonStanding(code, tradition)).toBe(expected);
    expect(inCanon(code, tradition)).toBe(mark !== '-');
  });

  it('counts 66 Protestant, 78 Catholic and 83 Orthodox books (one an appendix)', () => {
    const count = (t: Tradition) => CASES.filter((c) => c.tradition === t && inCanon(c.code, t)).length;
    expect([count('protestant'), count('catholic'), count('orthodox')]).toEqual([66, 78, 83]);
    expect(canonsOf('SIR')).toEqual(['catholic', 'orthodox']);
    expect(canonsOf('ENO')).toEqual([]);
  });

  // The table stands for the corpus's books.json; when the shared corpus is beside the checkout, they must match.
  const booksJson = path.resolve(
    process.env.CORPUS_DIR ?? path.join(import.meta.dirname, '../../../../../shared/corpus'),
    'books.json',
  );
  it.skipIf(!existsSync(booksJson))('lists exactly the books of the corpus', () => {
    const books = JSON.parse(readFileSync(booksJson, 'utf8')) as { code: string }[];
    expect(books.map((b) => b.code)).toEqual(TABLE.map((row) => row.split(' ')[0]));
  });
});

describe('the printed order of each canon', () => {
  it('lists every book of the canon once, and nothing else', () => {
    for (const tradition of TRADITIONS) {
      const order = canonOrder(tradition);
      expect(new Set(order).size).toBe(order.length);
      const expected = TABLE.map((row) => row.split(' ')[0]!).filter((code) => inCanon(code, tradition));
      expect([...order].sort()).toEqual(expected.sort());
    }
  });

  it('puts the deuterocanon where a Catholic Bible prints it', () => {
    const order = canonOrder('catholic');
    const after = (a: string, b: string) => order.indexOf(b) === order.indexOf(a) + 1;
    expect(after('NEH', 'TOB')).toBe(true);
    expect(after('2MA', 'JOB')).toBe(true);
    expect(after('SNG', 'WIS')).toBe(true);
    expect(after('LAM', 'BAR')).toBe(true);
    expect(after('MAL', 'MAT')).toBe(true);
    expect(order.at(-1)).toBe('REV');
  });

  it('follows the Septuagint for an Orthodox reader, 4 Maccabees closing the Old Testament', () => {
    const order = canonOrder('orthodox');
    expect(order.slice(order.indexOf('2CH'), order.indexOf('2CH') + 3)).toEqual(['2CH', 'MAN', '1ES']);
    expect(order[order.indexOf('PSA') + 1]).toBe('PS2');
    expect(order.indexOf('HOS')).toBeLessThan(order.indexOf('ISA'));
    expect(order[order.indexOf('MAT') - 1]).toBe('4MA');
  });

  it('keeps the Protestant order of the 66 books', () => {
    const order = canonOrder('protestant');
    expect(order).toHaveLength(66);
    expect([order[0], order[38], order[39], order[65]]).toEqual(['GEN', 'MAL', 'MAT', 'REV']);
  });
});
