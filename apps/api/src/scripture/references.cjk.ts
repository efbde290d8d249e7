import type { BookCatalogue, CjkName } from './book-names.ts';
import { CHINESE_NUMERAL, parseChineseNumeral } from './chinese-numerals.ts';
import { canonicalReference } from './references.canonical.ts';
import type { BibleReference, RawMatch } from './references.types.ts';

/**
 * Finds Chinese references in running text: 约翰福音3:16, 約翰福音 3章16節, 若望福音3:16, 约3:16，17, 诗篇23篇,
 * 约翰福音第三章十六节, 罗马书8:28-39; 9:1. The npm parser needs a word boundary before a book name, which Chinese
 * text does not have, so book names are matched here, longest first, over full names, Catholic names and
 * abbreviations in both scripts. Works on normalised text (NFKC, dashes as '-').
 */
export function createCjkReferenceFinder(catalogue: BookCatalogue) {
  const byFirstChar = new Map<string, CjkName[]>();
  for (const entry of catalogue.cjkNames) {
    const first = entry.name[0];
    if (first === undefined) continue;
    const list = byFirstChar.get(first) ?? [];
    list.push(entry);
    byFirstChar.set(first, list);
  }
  for (const list of byFirstChar.values()) list.sort((a, b) => b.name.length - a.name.length);

  /** The references starting at `i`: the longest book name that stands alone and has a chapter after it. */
  function readAt(text: string, i: number, tradition: 'protestant' | 'catholic'): RawMatch[] {
    for (const entry of byFirstChar.get(text[i] ?? '') ?? []) {
      if (!text.startsWith(entry.name, i) || !standsAlone(text, i, entry)) continue;
      const code = tradition === 'catholic' ? entry.catholic : entry.protestant;
      const singleChapter = catalogue.get(code)?.chapters === 1;
      const matches = readTail(text, i, i + entry.name.length, code, entry.kind, singleChapter);
      if (matches.length > 0) return matches;
    }
    return [];
  }

  return function findCjk(text: string, tradition: 'protestant' | 'catholic' = 'protestant'): RawMatch[] {
    const found: RawMatch[] = [];
    let i = 0;
    while (i < text.length) {
      const matches = readAt(text, i, tradition);
      if (matches.length === 0) {
        i++;
        continue;
      }
      found.push(...matches);
      i = matches[matches.length - 1]?.end ?? i + 1;
    }
    return found;
  };
}

/** Words that often come right before a one-character abbreviation in a sentence: 见约3:16, 参林前13:4, 和罗8:28. */
const BEFORE_ABBREVIATION = /[见見参參看读讀阅閱查如和与與及或引自在于於载載即是据據照按文另又并並比像同]/;

/**
 * A one-character abbreviation glued to a preceding Han character is usually the end of another word:
 * 希西家书3:1 is not Joshua 3:1 (书). Full names and longer abbreviations are distinctive enough on their own.
 */
function standsAlone(text: string, at: number, entry: CjkName): boolean {
  if (entry.kind === 'name' || entry.name.length > 1 || at === 0) return true;
  const before = text[at - 1] ?? '';
  return !/\p{Script=Han}/u.test(before) || BEFORE_ABBREVIATION.test(before);
}

/** A chapter/verse point: `3:16`, `3章16节`, `第3章`, `23篇`, `16节`, or a bare number. */
interface Point {
  chapter?: number;
  verse?: number;
  bare?: number;
  end: number;
}

const NUMBER = new RegExp(`\\d+|${CHINESE_NUMERAL}`, 'y');
const SPACES = /[ \t]*/y;
const VERSE_MARK = /[节節]/;
const CHAPTER_MARK = /[章篇]/;
/** After a list item, these mean the number was something else: "约3:16, 2023年", "3:16, 5个". */
const NOT_A_LIST_ITEM = /[A-Za-z0-9年月日号號个個岁歲次人元%]/;

function skip(text: string, i: number): number {
  SPACES.lastIndex = i;
  SPACES.exec(text);
  return SPACES.lastIndex;
}

function readNumber(text: string, i: number): { value: number; end: number; chinese: boolean } | undefined {
  NUMBER.lastIndex = i;
  const m = NUMBER.exec(text);
  if (!m) return undefined;
  const chinese = !/^\d/.test(m[0]);
  const value = chinese ? parseChineseNumeral(m[0]) : Number(m[0]);
  return value === undefined ? undefined : { value, end: i + m[0].length, chinese };
}

function readPoint(text: string, from: number): Point | undefined {
  let i = skip(text, from);
  if (text[i] === '第') i = skip(text, i + 1);
  const first = readNumber(text, i);
  if (!first) return undefined;
  const k = skip(text, first.end);
  const mark = text[k] ?? '';
  if (mark === ':' && !first.chinese) {
    const verse = readNumber(text, skip(text, k + 1));
    if (verse && !verse.chinese)
      return { chapter: first.value, verse: verse.value, end: afterVerseMark(text, verse.end) };
    // A colon that ends the clause, not one between chapter and verse: "哥林多前书 13:1-13：" (a full-width colon).
    return { bare: first.value, end: first.end };
  }
  if (CHAPTER_MARK.test(mark)) {
    let v = skip(text, k + 1);
    if (text[v] === '第') v = skip(text, v + 1);
    const verse = readNumber(text, v);
    if (verse) {
      const end = skip(text, verse.end);
      if (VERSE_MARK.test(text[end] ?? '')) return { chapter: first.value, verse: verse.value, end: end + 1 };
      if (!verse.chinese && !CHAPTER_MARK.test(text[end] ?? '')) {
        return { chapter: first.value, verse: verse.value, end: verse.end };
      }
    }
    return { chapter: first.value, end: k + 1 };
  }
  if (VERSE_MARK.test(mark)) return { verse: first.value, end: k + 1 };
  return first.chinese ? undefined : { bare: first.value, end: first.end };
}

function afterVerseMark(text: string, i: number): number {
  const k = skip(text, i);
  return VERSE_MARK.test(text[k] ?? '') ? k + 1 : i;
}

/** Parses what follows a book name: the first reference, its range, and any list after it. */
function readTail(
  text: string,
  bookStart: number,
  nameEnd: number,
  book: string,
  kind: CjkName['kind'],
  singleChapter: boolean,
): RawMatch[] {
  const first = readPoint(text, nameEnd);
  if (!first) return [];
  // Abbreviations need a chapter:verse or a 章/篇/节 marker: "约3" or "民3个" are not references.
  if (first.bare !== undefined && kind === 'abbr') return [];
  let start: BibleReference;
  if (first.chapter !== undefined) start = { book, chapter: first.chapter, verse: first.verse };
  else if (singleChapter) start = { book, chapter: 1, verse: first.verse ?? first.bare };
  else if (first.bare !== undefined) start = { book, chapter: first.bare };
  else return [];
  const matches: RawMatch[] = [];
  let current = withRange(text, start, first.end);
  matches.push({ reference: current.reference, start: bookStart, end: current.end });
  for (;;) {
    const k = skip(text, current.end);
    const sep = text[k] ?? '';
    if (!/[,、;]/.test(sep)) break;
    const point = readPoint(text, k + 1);
    if (!point || NOT_A_LIST_ITEM.test(text[point.end] ?? '')) break;
    const previous = current.reference;
    const chapter = previous.endChapter ?? previous.chapter;
    let next: BibleReference;
    if (point.chapter !== undefined) next = { book, chapter: point.chapter, verse: point.verse };
    else if (point.verse !== undefined) next = { book, chapter, verse: point.verse };
    else if (sep !== ';' && previous.verse !== undefined) next = { book, chapter, verse: point.bare };
    else if (singleChapter) next = { book, chapter: 1, verse: point.bare };
    else next = { book, chapter: point.bare ?? chapter };
    const itemStart = skip(text, k + 1);
    current = withRange(text, next, point.end);
    matches.push({ reference: current.reference, start: itemStart, end: current.end });
  }
  return matches;
}

/** Extends a reference with "-N", "-C:V", "-C章", "-V节" when a range follows. */
function withRange(text: string, ref: BibleReference, end: number): { reference: BibleReference; end: number } {
  const k = skip(text, end);
  if (text[k] !== '-') return { reference: canonicalReference(ref), end };
  const to = readPoint(text, k + 1);
  if (!to) return { reference: canonicalReference(ref), end };
  const range: BibleReference = { ...ref };
  if (to.chapter !== undefined && to.verse !== undefined) {
    range.verse = ref.verse ?? 1;
    range.endChapter = to.chapter;
    range.endVerse = to.verse;
  } else if (to.chapter !== undefined) {
    range.endChapter = to.chapter;
  } else if (to.verse !== undefined) {
    range.endVerse = to.verse;
  } else if (ref.verse !== undefined) {
    range.endVerse = to.bare;
  } else {
    range.endChapter = to.bare;
  }
  return { reference: canonicalReference(range), end: to.end };
}
