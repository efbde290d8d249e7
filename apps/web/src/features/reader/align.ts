import type { ChapterVerse } from '@bible-qa/contract';

/** One row of a parallel view: the verses of each text that stand for the same verse of the chapter. */
export interface AlignedRow {
  refVerse: number;
  left: ChapterVerse[];
  right: ChapterVerse[];
}

/**
 * Two texts of one chapter side by side, row by row: verses are matched by the verse of the addressed chapter they
 * stand for (`refVerse`), so the Douay-Rheims' Psalm 22:1 sits beside the King James' 23:1 and a superscription the
 * KJV folds into verse 1 sits in verse 1's row. Rows follow the first text; a verse only the second has keeps its place.
 */
export function alignVerses(left: readonly ChapterVerse[], right: readonly ChapterVerse[]): AlignedRow[] {
  const rows = new Map<number, AlignedRow>();
  const row = (refVerse: number) => {
    let found = rows.get(refVerse);
    if (!found) {
      found = { refVerse, left: [], right: [] };
      rows.set(refVerse, found);
    }
    return found;
  };
  for (const verse of left) row(verse.refVerse).left.push(verse);
  for (const verse of right) row(verse.refVerse).right.push(verse);
  return [...rows.values()].sort((a, b) => a.refVerse - b.refVerse);
}
