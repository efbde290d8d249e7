import { describe, expect, it } from 'vitest';
import { chapterPath, readerPath, verseRange } from './reader-link.ts';

describe('chapter reader addresses', () => {
  it.each([
    ['JHN.3.16', 'cuv-hans', '/read/JHN/3?v=16&t=cuv-hans'],
    ['JHN.3.16-JHN.3.18', null, '/read/JHN/3?v=16-18'],
    ['JHN.3.36-JHN.4.2', null, '/read/JHN/3?v=36-'],
    ['JHN.3.16-JHN.4', null, '/read/JHN/3?v=16-'],
    ['PSA.23', 'kjv', '/read/PSA/23?t=kjv'],
    ['GEN.1-GEN.3', null, '/read/GEN/1'],
    ['1MA.2.4', null, '/read/1MA/2?v=4'],
  ])('opens %s at %s', (reference, translation, path) => {
    expect(readerPath(reference, translation)).toBe(path);
  });

  it.each(['John 3:16', 'jhn.3.16', 'JHN', '', 'JHN.3.16<script>'])('has no address for %j', (reference) => {
    expect(readerPath(reference)).toBeUndefined();
  });

  it('carries the parallel translation', () => {
    expect(chapterPath({ book: 'JHN', chapter: 4, translation: 'kjv', parallel: 'cuv-hans' })).toBe(
      '/read/JHN/4?t=kjv&p=cuv-hans',
    );
  });

  it.each([
    ['16', { from: 16, to: 16 }],
    ['16-18', { from: 16, to: 18 }],
    ['36-', { from: 36, to: Infinity }],
    ['18-16', null],
    ['x', null],
    [null, null],
  ])('reads v=%s', (value, range) => {
    expect(verseRange(value)).toEqual(range);
  });
});
