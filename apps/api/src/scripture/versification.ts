import { AppError } from '../http/app-error.ts';
import { canonicalReference } from './references.canonical.ts';
import type { BibleReference, VersificationScheme } from './references.types.ts';
import { HEBREW_CHAPTER_SHIFTS } from './versification-hebrew.ts';
import {
  greekPsalm,
  KJV_PSALM_VERSES,
  PSALM_SEGMENTS,
  TITLE_OFFSETS,
  type OtherScheme,
} from './versification-psalms.ts';

/** The numbering of each translation in the corpus, as the corpus itself shows it (VERSIFICATION.md). */
export const TRANSLATION_SCHEMES: Readonly<Record<string, VersificationScheme>> = {
  kjv: 'kjv',
  webbe: 'kjv',
  'cuv-hans': 'kjv',
  'cuv-hant': 'kjv',
  'cuv-wenli': 'kjv',
  rv1909: 'kjv',
  'darby-fr': 'hebrew',
  crampon: 'hebrew',
  drc: 'vulgate',
  cpdv: 'vulgate',
  'giguet-lxx-fr': 'lxx',
};

export function schemeOf(translation: string): VersificationScheme {
  const scheme = TRANSLATION_SCHEMES[translation];
  if (!scheme) throw new AppError('translation_unknown', [translation]);
  return scheme;
}

interface Point {
  chapter: number;
  verse: number;
}

/** One direction of a Psalter mapping: where a verse goes, and the whole of a psalm. */
interface Direction {
  point(chapter: number, verse: number): Point;
  first(chapter: number): Point;
  last(chapter: number): Point;
  /** True when the psalm maps onto exactly one psalm that no other psalm shares. */
  whole(chapter: number): number | undefined;
}

const key = (chapter: number, verse: number) => chapter * 1000 + verse;

function buildDirections(scheme: OtherScheme): { toTarget: Direction; toKjv: Direction } {
  const forward = new Map<number, Point>();
  const offsets = TITLE_OFFSETS[scheme];
  KJV_PSALM_VERSES.forEach((count, index) => {
    const chapter = index + 1;
    const mark = offsets[index] ?? '0';
    const offset = mark === '-' ? -1 : Number(mark);
    const target = scheme === 'hebrew' ? chapter : greekPsalm(chapter);
    for (let verse = 1; verse <= count; verse++)
      forward.set(key(chapter, verse), { chapter: target, verse: verse + offset });
  });
  for (const [chapter, from, to, target, targetFrom, step] of PSALM_SEGMENTS[scheme]) {
    for (let verse = from; verse <= to; verse++) {
      forward.set(key(chapter, verse), { chapter: target, verse: targetFrom + (verse - from) * step });
    }
  }

  // Reverse: each target psalm's verses in order, with the KJV verse each came from (the first, where joined).
  const backward = new Map<number, Array<{ verse: number; kjv: Point }>>();
  const sources = new Map<number, Set<number>>();
  const targets = new Map<number, Set<number>>();
  for (const [k, to] of [...forward.entries()].sort((a, b) => a[0] - b[0])) {
    const kjv = { chapter: Math.floor(k / 1000), verse: k % 1000 };
    const list = backward.get(to.chapter) ?? [];
    if (!list.some((e) => e.verse === to.verse)) list.push({ verse: to.verse, kjv });
    backward.set(to.chapter, list);
    sources.set(to.chapter, (sources.get(to.chapter) ?? new Set()).add(kjv.chapter));
    targets.set(kjv.chapter, (targets.get(kjv.chapter) ?? new Set()).add(to.chapter));
  }
  for (const list of backward.values()) list.sort((a, b) => a.verse - b.verse);

  const lastKjvVerse = (chapter: number) => KJV_PSALM_VERSES[chapter - 1] ?? 0;
  const toTarget: Direction = {
    point(chapter, verse) {
      const hit = forward.get(key(chapter, verse));
      if (hit) return hit;
      // A verse the KJV does not have: keep the offset of the psalm's last verse, for the validator to reject.
      const last = forward.get(key(chapter, lastKjvVerse(chapter)));
      return last ? { chapter: last.chapter, verse: last.verse + verse - lastKjvVerse(chapter) } : { chapter, verse };
    },
    first(chapter) {
      const start = toTarget.point(chapter, 1);
      // The superscription before it belongs to the same psalm, unless another KJV psalm ends there.
      const firstOfTarget = backward.get(start.chapter)?.[0];
      return firstOfTarget?.kjv.chapter === chapter ? { chapter: start.chapter, verse: 1 } : start;
    },
    last: (chapter) => toTarget.point(chapter, lastKjvVerse(chapter)),
    whole(chapter) {
      const into = targets.get(chapter);
      const only = into?.size === 1 ? [...into][0] : undefined;
      return only !== undefined && sources.get(only)?.size === 1 ? only : undefined;
    },
  };
  const toKjv: Direction = {
    point(chapter, verse) {
      const list = backward.get(chapter);
      if (!list || list.length === 0) return { chapter, verse };
      const lower = list.filter((e) => e.verse <= verse).pop();
      // A superscription belongs to the KJV verse 1 that holds it; a verse the target splits off (DRC 2:13)
      // belongs to the KJV verse before it.
      return lower?.kjv ?? list[0]?.kjv ?? { chapter, verse };
    },
    first: (chapter) => toKjv.point(chapter, 1),
    last: (chapter) => toKjv.point(chapter, backward.get(chapter)?.at(-1)?.verse ?? 1),
    whole(chapter) {
      const from = sources.get(chapter);
      const only = from?.size === 1 ? [...from][0] : undefined;
      return only !== undefined && targets.get(only)?.size === 1 ? only : undefined;
    },
  };
  return { toTarget, toKjv };
}

const DIRECTIONS = {
  hebrew: buildDirections('hebrew'),
  vulgate: buildDirections('vulgate'),
  lxx: buildDirections('lxx'),
};

/**
 * A reference in another numbering: KJV Psalm 23 is Psalm 22 in the Vulgate and the Septuagint, KJV Psalm 51:1
 * is 51:3 in the Hebrew numbering and 50:3 in the Vulgate. Outside the Psalms only the Hebrew chapter shifts are
 * mapped (KJV Malachi 4 = Hebrew 3:19–24); VERSIFICATION.md lists what else the corpus shows and is not mapped.
 */
export function toScheme(ref: BibleReference, from: VersificationScheme, to: VersificationScheme): BibleReference {
  if (from === to) return ref;
  if (ref.book === 'PS2' && to === 'lxx') {
    return canonicalReference({ ...ref, book: 'PSA', chapter: 151, endChapter: undefined });
  }
  if (ref.book === 'PSA' && ref.chapter === 151 && from === 'lxx') {
    return canonicalReference({ ...ref, book: 'PS2', chapter: 1, endChapter: undefined });
  }
  if (ref.book !== 'PSA') {
    const kjv = from === 'hebrew' ? shiftChapters(ref, 'toKjv') : ref;
    return to === 'hebrew' ? shiftChapters(kjv, 'toTarget') : kjv;
  }
  const kjv = from === 'kjv' ? ref : mapPsalms(ref, DIRECTIONS[from].toKjv);
  return to === 'kjv' ? kjv : mapPsalms(kjv, DIRECTIONS[to].toTarget);
}

/**
 * Books whose Hebrew chapters start elsewhere (Malachi 4 = Hebrew 3:19–24). Verses outside the segments keep their
 * numbers. A whole chapter that a segment touches becomes a verse range; one it does not touch stays as it is.
 */
function shiftChapters(ref: BibleReference, direction: 'toTarget' | 'toKjv'): BibleReference {
  const segments = HEBREW_CHAPTER_SHIFTS[ref.book];
  if (!segments) return ref;
  const forward = direction === 'toTarget';
  const point = (chapter: number, verse: number): Point => {
    for (const [c, from, to, tc, tFrom, step] of segments) {
      if (forward && c === chapter && verse >= from && verse <= to) {
        return { chapter: tc, verse: tFrom + (verse - from) * step };
      }
      const tTo = tFrom + (to - from) * step;
      if (!forward && tc === chapter && verse >= tFrom && verse <= tTo) {
        return { chapter: c, verse: step === 0 ? from : from + (verse - tFrom) };
      }
    }
    return { chapter, verse };
  };
  // The last verse a segment gives a chapter: moves are at chapter ends, so this is the chapter's last verse.
  const lastVerse = (chapter: number): number | undefined => {
    const ends = segments
      .filter(([c, , , tc]) => (forward ? c : tc) === chapter)
      .map(([, from, to, , tFrom, step]) => (forward ? to : tFrom + (to - from) * step));
    return ends.length > 0 ? Math.max(...ends) : undefined;
  };
  const endChapter = ref.endChapter ?? ref.chapter;
  if (ref.verse === undefined) {
    const last = lastVerse(endChapter);
    if (last === undefined) return ref;
    return span(ref.book, point(ref.chapter, 1), point(endChapter, last));
  }
  const start = point(ref.chapter, ref.verse);
  if (ref.endVerse !== undefined) return span(ref.book, start, point(endChapter, ref.endVerse));
  const last = ref.endChapter === undefined ? undefined : lastVerse(endChapter);
  if (last !== undefined) return span(ref.book, start, point(endChapter, last));
  if (ref.endChapter !== undefined) return canonicalReference({ ...ref, chapter: start.chapter, verse: start.verse });
  return { book: ref.book, chapter: start.chapter, verse: start.verse };
}

function mapPsalms(ref: BibleReference, direction: Direction): BibleReference {
  const endChapter = ref.endChapter ?? ref.chapter;
  if (ref.verse === undefined) {
    const start = direction.whole(ref.chapter);
    const end = direction.whole(endChapter);
    if (start !== undefined && end !== undefined) {
      return canonicalReference({ book: ref.book, chapter: start, endChapter: end });
    }
    return span(ref.book, direction.first(ref.chapter), direction.last(endChapter));
  }
  const start = direction.point(ref.chapter, ref.verse);
  if (ref.endVerse !== undefined) return span(ref.book, start, direction.point(endChapter, ref.endVerse));
  if (ref.endChapter !== undefined) return span(ref.book, start, direction.last(endChapter));
  return { book: ref.book, chapter: start.chapter, verse: start.verse };
}

function span(book: string, start: Point, end: Point): BibleReference {
  return canonicalReference({
    book,
    chapter: start.chapter,
    verse: start.verse,
    endChapter: end.chapter,
    endVerse: end.verse,
  });
}
