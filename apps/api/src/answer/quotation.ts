import { foldToSimplified } from '../language/chinese-text.ts';
import { AFTER_REFERENCE, HAN_VARIANTS } from '../language/quotation-words.ts';

const OPEN_QUOTES = '「『“"«‘';
const CLOSE_QUOTES = '」』”"»’';
/** Marks that nest as pairs: the Union Version quotes speech inside verses (耶稣说：「…」), notes too (〔或无「和」字〕). */
const NESTING = new Set(['「', '『', '“', '«']);
/** A quotation this short ("Golden Rule", 「爱」) may be a phrase or a title rather than the verse's words. */
const MIN_QUOTED_UNITS = 3;
/** Where a quotation leaves words out: …, ……, ⋯, "...", "[…]". */
const ELISION = /\[\s*(?:…|\.{3})\s*\]|[…⋯]+|\.{3,}/g;
const GAP = '\uE000';
/** Notes the Union Version prints inside a verse (〔或作：审判世人；下同〕): not the verse's words. */
const PRINTED_NOTE = /〔[^〕]*〕/g;
const UNIT = /\uE000|\p{Script=Han}|(?:(?!\p{Script=Han})[\p{L}\p{N}])+/gu;

/**
 * The words of a text for comparison: NFKC, lower case, Simplified Chinese, no accents or punctuation; a Han
 * character is a unit of its own, other scripts go by word; verse numbers are dropped, and an elision is a gap.
 */
function units(text: string): string[] {
  const prepared = foldToSimplified(text.replace(PRINTED_NOTE, ' ').replace(ELISION, ` ${GAP} `).normalize('NFKC'))
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '');
  const out: string[] = [];
  for (const [unit] of prepared.matchAll(UNIT)) {
    if (/^\p{N}+$/u.test(unit)) continue;
    out.push(HAN_VARIANTS.get(unit) ?? unit);
  }
  return out;
}

/** The same word, or the same word spelt another way (saviour/savior, judgement/judgment). */
function sameWord(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.min(a.length, b.length) < 5 || Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i += 1;
  // one letter changed, added or removed
  return a.slice(i + 1) === b.slice(i + 1) || a.slice(i) === b.slice(i + 1) || a.slice(i + 1) === b.slice(i);
}

/** Where `segment` occurs in `verse` at or after `from`, as the index just past it, or -1. */
function findRun(segment: readonly string[], verse: readonly string[], from: number): number {
  for (let start = from; start + segment.length <= verse.length; start += 1) {
    if (segment.every((unit, k) => sameWord(unit, verse[start + k]!))) return start + segment.length;
  }
  return -1;
}

/**
 * Does the quotation give the verse's words? Every word, in order and without a gap, except where the quotation
 * marks an elision (…); case, punctuation, accents, Traditional or Simplified script, the Union Version's printed
 * notes and one-letter spelling variants do not matter. A changed, added or silently dropped word ("should perish"
 * for "should not perish") makes it a misquotation; so does another verse's text. Quotations of fewer than three
 * words (or Han characters) are too short to judge and pass.
 */
export function quoteMatches(quotation: string, verseText: string): boolean {
  const quoted = units(quotation);
  if (quoted.filter((u) => u !== GAP).length < MIN_QUOTED_UNITS) return true;
  const verse = units(verseText).filter((u) => u !== GAP);
  const segments: string[][] = [[]];
  for (const unit of quoted) {
    if (unit === GAP) segments.push([]);
    else segments[segments.length - 1]!.push(unit);
  }
  let at = 0;
  for (const segment of segments) {
    if (segment.length === 0) continue;
    at = findRun(segment, verse, at);
    if (at < 0) return false;
  }
  return true;
}

/** A quotation in an answer: its words, and where they sit (UTF-16 offsets, end exclusive). */
export interface Quotation {
  text: string;
  start: number;
  end: number;
}

/**
 * The opening mark that pairs with the closing one at `close` in `text` (one paragraph), or -1. Marks nest, but a
 * Union Version verse may close a quotation an earlier verse opened (…你总要饶恕他。」): when pairing would reach
 * back past the start of the line while the line has an opening mark of its own, the nearest one on the line wins.
 */
function openingBefore(text: string, close: number): number {
  const closeMark = text[close]!;
  const open = OPEN_QUOTES[CLOSE_QUOTES.indexOf(closeMark)]!;
  const lineStart = text.lastIndexOf('\n', close) + 1;
  const nearest = text.lastIndexOf(open, close - 1);
  if (!NESTING.has(open)) return nearest;
  let depth = 1;
  let paired = -1;
  for (let i = close - 1; i >= 0 && paired < 0; i -= 1) {
    if (text[i] === closeMark) depth += 1;
    else if (text[i] === open && (depth -= 1) === 0) paired = i;
  }
  if (paired >= lineStart) return paired;
  return nearest >= lineStart ? nearest : paired;
}

/** The closing mark that pairs with the opening one at `open`, or -1; the same rule forwards (…说：「我就是道路…). */
function closingAfter(text: string, open: number): number {
  const openMark = text[open]!;
  const close = CLOSE_QUOTES[OPEN_QUOTES.indexOf(openMark)]!;
  const lineEnd = text.indexOf('\n', open) < 0 ? text.length : text.indexOf('\n', open);
  const nearest = text.indexOf(close, open + 1);
  if (!NESTING.has(openMark)) return nearest;
  let depth = 1;
  let paired = -1;
  for (let i = open + 1; i < text.length && paired < 0; i += 1) {
    if (text[i] === openMark) depth += 1;
    else if (text[i] === close && (depth -= 1) === 0) paired = i;
  }
  if (paired >= 0 && paired < lineEnd) return paired;
  return nearest >= 0 && nearest < lineEnd ? nearest : paired;
}

/** A Markdown blockquote's attribution line: "> — John 3:16", "> ——约翰福音 3:16", "> — **John 3:16**". */
const ATTRIBUTION_PREFIX = /^>\s*[—–―-]{1,2}\s*[*_]*\s*$/;
/** A blockquote line that is only a reference: "> (John 3:16)", "> *约翰福音 3:16*". */
const BARE_PREFIX = /^>\s*[(（*_]*\s*$/;
const BARE_SUFFIX = /^[\s)）*_.。]*$/;
/** Quotation marks, dashes and brackets between a quotation and the reference after it: “…” (John 3:16). */
const BEFORE_REFERENCE = /[\s（(：:,，—–―\-*_]*$/u;

/** The lines of the blockquote that ends just above `lineStart`, up to the previous attribution line. */
function blockquoteAbove(text: string, lineStart: number): Quotation | undefined {
  const lines: string[] = [];
  let cursor = lineStart - 1;
  let first = -1;
  while (cursor > 0) {
    const prevStart = text.lastIndexOf('\n', cursor - 1) + 1;
    const line = text.slice(prevStart, cursor);
    if (!line.startsWith('>')) break;
    const body = line.replace(/^>\s?/, '');
    if (/^\s*[—–―-]{1,2}\s*\S/.test(body)) break;
    lines.unshift(body);
    first = prevStart + (line.length - body.length);
    cursor = prevStart - 1;
  }
  const words = lines.join(' ').trim();
  return words && first >= 0 ? { text: words, start: first, end: lineStart - 1 } : undefined;
}

/**
 * The quotation a reference vouches for, if any: quoted text right before it ("「…」（约翰福音 3:16）",
 * "“…” (John 3:16)"), right after it ("John 3:16: “…”", "约翰福音3:16说：「…」"), or a Markdown blockquote whose
 * attribution line is the reference ("> …\n> — John 3:16"). Quotation marks nest: a verse's own 「…」 inside a
 * quotation is part of it.
 */
export function quotationFor(text: string, start: number, end: number): Quotation | undefined {
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const linePrefix = text.slice(lineStart, start);
  const lineEnd = text.indexOf('\n', end);
  const lineSuffix = text.slice(end, lineEnd < 0 ? text.length : lineEnd);
  if (ATTRIBUTION_PREFIX.test(linePrefix) || (BARE_PREFIX.test(linePrefix) && BARE_SUFFIX.test(lineSuffix))) {
    return blockquoteAbove(text, lineStart);
  }
  // A quotation stays within its paragraph.
  const windowStart = Math.max(0, start - 400);
  const window = text.slice(windowStart, start);
  const paragraphStart = windowStart + window.lastIndexOf('\n\n') + 1;
  const paragraph = text.slice(paragraphStart, start);
  const before = paragraph.replace(BEFORE_REFERENCE, '');
  const close = before.at(-1);
  if (close && CLOSE_QUOTES.includes(close)) {
    const from = openingBefore(before, before.length - 1);
    if (from >= 0) {
      return {
        text: before.slice(from + 1, -1),
        start: paragraphStart + from + 1,
        end: paragraphStart + before.length - 1,
      };
    }
  }
  const window400 = text.slice(end, end + 400);
  const after = window400.includes('\n\n') ? window400.slice(0, window400.indexOf('\n\n')) : window400;
  const m = AFTER_REFERENCE.exec(after);
  if (m) {
    const from = m[0].length;
    const to = closingAfter(after, from - 1);
    if (to > from) return { text: after.slice(from, to), start: end + from, end: end + to };
  }
  return undefined;
}
