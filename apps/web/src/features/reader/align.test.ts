import type { ChapterVerse } from '@bible-qa/contract';
import { describe, expect, it } from 'vitest';
import { alignVerses } from './align.ts';

const verse = (chapter: number, n: number, refVerse: number): ChapterVerse => ({
  chapter,
  verse: n,
  text: `${chapter}:${n}`,
  refVerse,
});

describe('aligning two texts of a chapter', () => {
  it('pairs verses by the verse of the chapter they stand for, not by their own numbers', () => {
    // KJV Psalm 51:1 is the Douay-Rheims' 50:3; its 50:1-2 (the superscription) belong to verse 1 too.
    const kjv = [verse(51, 1, 1), verse(51, 2, 2)];
    const drc = [verse(50, 1, 1), verse(50, 2, 1), verse(50, 3, 1), verse(50, 4, 2)];
    const rows = alignVerses(kjv, drc);
    expect(rows.map((r) => [r.refVerse, r.left.map((v) => v.text), r.right.map((v) => v.text)])).toEqual([
      [1, ['51:1'], ['50:1', '50:2', '50:3']],
      [2, ['51:2'], ['50:4']],
    ]);
  });

  it('keeps a verse only one text has in its place', () => {
    const rows = alignVerses([verse(3, 1, 1), verse(3, 3, 3)], [verse(3, 1, 1), verse(3, 2, 2), verse(3, 3, 3)]);
    expect(rows.map((r) => [r.refVerse, r.left.length, r.right.length])).toEqual([
      [1, 1, 1],
      [2, 0, 1],
      [3, 1, 1],
    ]);
  });
});
