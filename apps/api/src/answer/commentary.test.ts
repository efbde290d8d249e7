import { describe, expect, it } from 'vitest';
import { TEST_BOOKS } from '../scripture/fixtures/books.fixture.ts';
import { createReferenceParser } from '../scripture/references.parser.ts';
import { createVerseCountTable } from '../scripture/verse-counts.ts';
import { commentaryCovering, commentaryDivisions, divisionsWithin } from './commentary.ts';

const rows = [
  { id: 'mhc:JHN.3.intro' },
  { id: 'mhc:JHN.3.1-JHN.3.21' },
  { id: 'mhc:JHN.3.14-JHN.3.18' },
  { id: 'mhc:JHN.3.22-JHN.3.36' },
];

describe('commentaryCovering', () => {
  it('takes the narrowest section that covers the verse', () => {
    expect(commentaryCovering(rows, { book: 'JHN', chapter: 3, verse: 16 })?.id).toBe('mhc:JHN.3.14-JHN.3.18');
    expect(commentaryCovering(rows, { book: 'JHN', chapter: 3, verse: 2 })?.id).toBe('mhc:JHN.3.1-JHN.3.21');
    expect(commentaryCovering(rows, { book: 'JHN', chapter: 3, verse: 36 })?.id).toBe('mhc:JHN.3.22-JHN.3.36');
  });

  it('falls back to the chapter’s introduction, and to nothing', () => {
    expect(commentaryCovering(rows.slice(0, 1), { book: 'JHN', chapter: 3, verse: 16 })?.id).toBe('mhc:JHN.3.intro');
    expect(
      commentaryCovering([{ id: 'mhc:JHN.3.1-JHN.3.21' }], { book: 'JHN', chapter: 3, verse: 30 }),
    ).toBeUndefined();
  });
});

describe('commentaryDivisions: a chapter as Matthew Henry divides it', () => {
  const parser = createReferenceParser(TEST_BOOKS, {
    verseCounts: createVerseCountTable([
      { scheme: 'kjv', book: '1CO', chapter: 13, verses: 13 },
      { scheme: 'kjv', book: 'ROM', chapter: 8, verses: 39 },
      { scheme: 'kjv', book: 'PSA', chapter: 23, verses: 6 },
      { scheme: 'kjv', book: 'MAT', chapter: 6, verses: 34 },
    ]),
  });
  const findAll = (text: string) => parser.findAll(text, { language: 'en' });

  it('reads each numbered division’s verses, in order', () => {
    const intro =
      'The apostle, in this chapter, shows the excellency of charity. He recommends it, I. By showing the necessity and\n' +
      'importance of it, 1 Cor. 13:1-3. II. By giving a description of its properties and fruits, 1 Cor. 13:4-7. III.\n' +
      'By showing how much it excels the best of gifts and other graces, 1 Cor. 13:8-13.';
    expect(commentaryDivisions(intro, { book: '1CO', chapter: 13 }, findAll)).toEqual([
      { book: '1CO', chapter: 13, verse: 1, endVerse: 3 },
      { book: '1CO', chapter: 13, verse: 4, endVerse: 7 },
      { book: '1CO', chapter: 13, verse: 8, endVerse: 13 },
    ]);
  });

  it('reads a division’s numbered items as its own, and runs each division up to the next', () => {
    const intro =
      'We are here cautioned, I. Against hypocrisy. 1. In the giving of alms, Matt. 6:1-4. 2. In prayer, Matt. 6:5-8. ' +
      '3. In fasting, Matt. 6:16-18. II. Against worldly-mindedness, 1. In our choice, Matt. 6:19-24. 2. In our cares, ' +
      'Matt. 6:25-34.';
    expect(commentaryDivisions(intro, { book: 'MAT', chapter: 6 }, findAll)).toEqual([
      { book: 'MAT', chapter: 6, verse: 1, endVerse: 18 },
      { book: 'MAT', chapter: 6, verse: 19, endVerse: 34 },
    ]);
  });

  it('does not divide a chapter whose divisions cite the same verses again', () => {
    const intro =
      'I. The psalmist here claims relation to God, as his shepherd, Ps. 23:1. II. He recounts his experience of the ' +
      'kind things God had done for him, Ps. 23:2 , 3 , 5 . III. Hence he infers that he should want no good (Ps. 23:1), ' +
      'that he needed to fear no evil (Ps. 23:4), Ps. 23:6.';
    expect(commentaryDivisions(intro, { book: 'PSA', chapter: 23 }, findAll)).toEqual([]);
  });

  it('cuts the divisions to the passage asked about', () => {
    const intro =
      'There are three things in this chapter: I. The particular instances of Christians’ privileges, Rom. 8:1-28. ' +
      'II. The ground thereof laid in predestination, Rom. 8:29 , 30 . III. The apostle’s triumph herein, Rom. 8:31-39.';
    const divisions = commentaryDivisions(intro, { book: 'ROM', chapter: 8 }, findAll);
    expect(divisionsWithin(divisions, { book: 'ROM', chapter: 8, verse: 28, endVerse: 39 })).toEqual([
      { book: 'ROM', chapter: 8, verse: 28 },
      { book: 'ROM', chapter: 8, verse: 29, endVerse: 30 },
      { book: 'ROM', chapter: 8, verse: 31, endVerse: 39 },
    ]);
    // A passage inside one division is not divided by the commentary.
    expect(divisionsWithin(divisions, { book: 'ROM', chapter: 8, verse: 31, endVerse: 39 })).toEqual([]);
  });
});
