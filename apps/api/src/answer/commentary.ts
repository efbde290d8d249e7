import type { BibleReference } from '../scripture/references.types.ts';

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

/** The Roman numerals Matthew Henry numbers a chapter's divisions with, in order. */
const NUMERALS = ['I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X'];

/**
 * A chapter's movement as Matthew Henry's introduction divides it ("He recommends it, I. By showing the necessity
 * and importance of it, 1 Cor. 13:1-3. II. By giving a description of its properties and fruits, 1 Cor. 13:4-7. III.
 * …, 1 Cor. 13:8-13."): one range of verses per numbered division, from the first to the last verse of the chapter
 * the division cites. Only divisions that follow one another without overlap count (Psalm 23's third division
 * cites verses 1, 4 and 6 again: the chapter is not divided); fewer than two, none.
 */
export function commentaryDivisions(
  text: string,
  chapter: { book: string; chapter: number },
  findAll: (text: string) => readonly { reference: BibleReference }[],
): BibleReference[] {
  // A division's numbered items ("1. In our choice, Matt. 6:19-24. 2. In our cares") lose their numbers, which the
  // parser would read as a verse after the citation before them (6:19-24.2).
  const flat = text.replace(/\s+/g, ' ').replace(/(?<=[.;:,] )\d{1,2}\. (?=\p{Lu})/gu, '');
  // Each numeral after the one before it, at the start of a sentence or clause: "I. The particular instances…".
  const starts: number[] = [];
  let from = 0;
  for (const numeral of NUMERALS) {
    const at = new RegExp(`(?:^|[\\s,;:.!?])${numeral}\\. `, 'g');
    at.lastIndex = from;
    const m = at.exec(flat);
    if (!m) break;
    starts.push(m.index);
    from = m.index + m[0].length;
  }
  const divisions: BibleReference[] = [];
  for (let i = 0; i < starts.length; i++) {
    const own = findAll(flat.slice(starts[i], starts[i + 1] ?? flat.length))
      .map((m) => m.reference)
      .filter((r) => r.book === chapter.book && r.chapter === chapter.chapter && r.endChapter === undefined);
    if (own.length === 0 || own.some((r) => r.verse === undefined)) return [];
    const first = Math.min(...own.map((r) => r.verse!));
    const last = Math.max(...own.map((r) => r.endVerse ?? r.verse!));
    const before = divisions.at(-1);
    if (before && first <= (before.endVerse ?? before.verse!)) return [];
    // The division before runs up to this one: a verse its citations skip is still its own.
    if (before && first > (before.endVerse ?? before.verse!) + 1) before.endVerse = first - 1;
    divisions.push({ ...chapter, verse: first, ...(last > first ? { endVerse: last } : {}) });
  }
  return divisions.length >= 2 ? divisions : [];
}

/**
 * The divisions of a chapter that a passage of it spans, cut to the passage (1 Corinthians 13 → 13:1-3, 13:4-7,
 * 13:8-13; Romans 8:28-39 → 8:28, 8:29-30, 8:31-39); fewer than two, none.
 */
export function divisionsWithin(divisions: readonly BibleReference[], passage: BibleReference): BibleReference[] {
  if (passage.endChapter !== undefined && passage.endChapter !== passage.chapter) return [];
  const lo = passage.verse ?? 1;
  const hi = passage.endVerse ?? (passage.verse === undefined ? Infinity : passage.verse);
  const cut = divisions.flatMap((d) => {
    const from = Math.max(d.verse!, lo);
    const to = Math.min(d.endVerse ?? d.verse!, hi);
    return from <= to
      ? [{ book: d.book, chapter: d.chapter, verse: from, ...(to > from ? { endVerse: to } : {}) }]
      : [];
  });
  return cut.length >= 2 ? cut : [];
}
