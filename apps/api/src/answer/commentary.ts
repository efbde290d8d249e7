/** A commentary section as stored: `mhc:JHN.3.14-JHN.3.21`, or a chapter introduction `mhc:JHN.3.intro`. */
interface CommentaryRow {
  id: string;
}

const SECTION = /^mhc:([1-4A-Z]{3})\.(\d+)\.(\d+)(?:-\1\.(\d+)\.(\d+))?$/;

/**
 * The section of a chapter's commentary that covers a verse (the narrowest, if several do), else the chapter's
 * introduction, else none.
 */
export function commentaryCovering<T extends CommentaryRow>(
  rows: readonly T[],
  at: { book: string; chapter: number; verse: number },
): T | undefined {
  let best: { row: T; width: number } | undefined;
  for (const row of rows) {
    const m = SECTION.exec(row.id);
    if (!m || m[1] !== at.book) continue;
    const [fromChapter, fromVerse] = [Number(m[2]), Number(m[3])];
    const [toChapter, toVerse] = m[4] ? [Number(m[4]), Number(m[5])] : [fromChapter, fromVerse];
    const after = fromChapter < at.chapter || (fromChapter === at.chapter && fromVerse <= at.verse);
    const before = toChapter > at.chapter || (toChapter === at.chapter && toVerse >= at.verse);
    if (!after || !before) continue;
    const width = (toChapter - fromChapter) * 200 + (toVerse - fromVerse);
    if (!best || width < best.width) best = { row, width };
  }
  return best?.row ?? rows.find((row) => row.id === `mhc:${at.book}.${at.chapter}.intro`);
}
