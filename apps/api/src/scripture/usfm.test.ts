import { describe, expect, it } from 'vitest';
import {
  formatUsfm,
  parseUsfm,
  parseVerseKey,
  startOfUsfm,
  usfmOverlap,
  usfmSpan,
  USFM_BOOK,
  USFM_VERSE_OR_RANGE,
} from './usfm.ts';

describe('the BOOK.C.V form', () => {
  it.each([
    ['JHN.3.16', { book: 'JHN', chapter: 3, verse: 16 }],
    ['JHN.3.16-JHN.3.18', { book: 'JHN', chapter: 3, verse: 16, endVerse: 18 }],
    ['JHN.3.16-JHN.4.2', { book: 'JHN', chapter: 3, verse: 16, endChapter: 4, endVerse: 2 }],
    ['PSA.23', { book: 'PSA', chapter: 23 }],
    ['GEN.1-GEN.3', { book: 'GEN', chapter: 1, endChapter: 3 }],
    ['1MA.2.1', { book: '1MA', chapter: 2, verse: 1 }],
    ['JHN.3.16-JHN.4', { book: 'JHN', chapter: 3, verse: 16, endChapter: 4 }],
  ])('reads %s and writes it back the same', (text, ref) => {
    expect(parseUsfm(text)).toEqual(ref);
    expect(formatUsfm(parseUsfm(text)!)).toBe(text);
  });

  it('keeps only the start of a range into another book, and refuses what is not the form', () => {
    expect(parseUsfm('MAL.4.6-MAT.1.1')).toEqual({ book: 'MAL', chapter: 4, verse: 6 });
    expect(parseUsfm('JHN.3-JHN.4.2')).toEqual({ book: 'JHN', chapter: 3 });
    for (const bad of ['John 3:16', 'JHN.3.', 'jhn.3.16', 'JHN.3.16-', 'JHN3.16']) {
      expect(parseUsfm(bad)).toBeUndefined();
    }
  });

  it('tells a single verse from a range, and a range from its start', () => {
    expect(parseVerseKey('SIR.1.1')).toEqual({ book: 'SIR', chapter: 1, verse: 1 });
    expect(parseVerseKey('SIR.1.1-SIR.1.3')).toBeUndefined();
    expect(parseVerseKey('SIR.1')).toBeUndefined();
    expect(startOfUsfm('GEN.1.1-GEN.2.3')).toEqual({ book: 'GEN', chapter: 1, verse: 1 });
    expect(formatUsfm({ book: 'JHN', chapter: 3, verse: 16, endVerse: 16 })).toBe('JHN.3.16');
  });

  it('validates book codes and record references', () => {
    expect(USFM_BOOK.test('PS2')).toBe(true);
    expect(USFM_BOOK.test('5MA')).toBe(false);
    expect(USFM_VERSE_OR_RANGE.test('GEN.1.1-GEN.1.3')).toBe(true);
    expect(USFM_VERSE_OR_RANGE.test('GEN.1')).toBe(false);
  });
});

describe('spans of references', () => {
  it('reads single verses, ranges, ranges across chapters and whole chapters', () => {
    expect(usfmSpan('JHN.3.16')).toEqual({ book: 'JHN', from: 3016, to: 3016 });
    expect(usfmSpan('JHN.3.16-JHN.3.18')).toEqual({ book: 'JHN', from: 3016, to: 3018 });
    expect(usfmSpan('JHN.3.36-JHN.4.2')).toEqual({ book: 'JHN', from: 3036, to: 4002 });
    expect(usfmSpan('PSA.23')).toEqual({ book: 'PSA', from: 23000, to: 23999 });
    expect(usfmSpan('GEN.1-GEN.3')).toEqual({ book: 'GEN', from: 1000, to: 3999 });
    expect(usfmSpan('JHN.3.16-ROM.1.1')).toBeUndefined();
    expect(usfmSpan('John 3:16')).toBeUndefined();
  });

  it('says whether two references share a verse', () => {
    expect(usfmOverlap('JHN.3.16', 'JHN.3.16')).toBe(true);
    expect(usfmOverlap('JHN.3.16-JHN.3.18', 'JHN.3.17')).toBe(true);
    expect(usfmOverlap('PSA.23', 'PSA.23.4')).toBe(true);
    expect(usfmOverlap('JHN.3.36-JHN.4.2', 'JHN.4.1')).toBe(true);
    expect(usfmOverlap('JHN.3.16-JHN.3.18', 'JHN.3.19')).toBe(false);
    expect(usfmOverlap('1JN.3.16', 'JHN.3.16')).toBe(false);
  });
});
