import type { Citation } from '@bible-qa/contract';
import type { ReferenceParser } from '../scripture/references.parser.ts';
import type { BibleLanguage, BibleReference, Tradition } from '../scripture/references.types.ts';
import { foldToSimplified } from '../retrieval/chinese-text.ts';

export interface VerseSource {
  /** The passage's text and label in the reader's translation, or undefined when there is no such passage. */
  lookup(
    ref: BibleReference,
  ): Promise<{ label: string; text: string; reference: string; translation: string } | undefined>;
}

export interface VerifyOptions {
  language: BibleLanguage;
  tradition: Tradition;
}

const OPEN_QUOTES = '「『“"«‘';
const CLOSE_QUOTES = '」』”"»’';
/** A quotation this short ("Golden Rule", 「爱」) may be a phrase or a title rather than the verse's words. */
const MIN_QUOTED_UNITS = 3;
/** Where a quotation leaves words out: …, ……, ⋯, "...", "[…]". */
const ELISION = /\[\s*(?:…|\.{3})\s*\]|[…⋯]+|\.{3,}/g;
const GAP = '\uE000';
/** Notes the Union Version prints inside a verse (〔或作：审判世人；下同〕): not the verse's words. */
const PRINTED_NOTE = /〔[^〕]*〕/g;
/** Han characters that modern printings and writers swap for the Union Version's own. */
const HAN_VARIANTS: Record<string, string> = { 祂: '他', 衪: '他', 祢: '你', 做: '作' };
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
    out.push(HAN_VARIANTS[unit] ?? unit);
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

/** A Markdown blockquote's attribution line: "> — John 3:16", "> ——约翰福音 3:16", "> — **John 3:16**". */
const ATTRIBUTION_PREFIX = /^>\s*[—–―-]{1,2}\s*[*_]*\s*$/;
/** A blockquote line that is only a reference: "> (John 3:16)", "> *约翰福音 3:16*". */
const BARE_PREFIX = /^>\s*[(（*_]*\s*$/;
const BARE_SUFFIX = /^[\s)）*_.。]*$/;
/** Quotation marks, dashes and brackets between a quotation and the reference after it: “…” (John 3:16). */
const BEFORE_REFERENCE = /[\s（(：:,，—–―\-*_]*$/u;
/** Between a reference and the quotation after it: "John 3:16: “…”", "约翰福音3:16说：「…」". */
const AFTER_REFERENCE =
  /^[\s）)*_]*[：:，,]?\s*(?:(?:说|說|写道|寫道|记着|記著|记载|記載|says|said|reads|dice|dit)\s*[：:，,]?\s*)?([「『“"«‘])/u;

/** The lines of the blockquote that ends just above `lineStart`, up to the previous attribution line. */
function blockquoteAbove(text: string, lineStart: number): string | undefined {
  const lines: string[] = [];
  let cursor = lineStart - 1;
  while (cursor > 0) {
    const prevStart = text.lastIndexOf('\n', cursor - 1) + 1;
    const line = text.slice(prevStart, cursor);
    if (!line.startsWith('>')) break;
    const body = line.replace(/^>\s?/, '');
    if (/^\s*[—–―-]{1,2}\s*\S/.test(body)) break;
    lines.unshift(body);
    cursor = prevStart - 1;
  }
  return lines.join(' ').trim() || undefined;
}

/**
 * The quotation a reference vouches for, if any: quoted text right before it ("「…」（约翰福音 3:16）",
 * "“…” (John 3:16)"), right after it ("John 3:16: “…”", "约翰福音3:16说：「…」"), or a Markdown blockquote whose
 * attribution line is the reference ("> …\n> — John 3:16").
 */
export function quotationFor(text: string, start: number, end: number): string | undefined {
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const linePrefix = text.slice(lineStart, start);
  const lineEnd = text.indexOf('\n', end);
  const lineSuffix = text.slice(end, lineEnd < 0 ? text.length : lineEnd);
  if (ATTRIBUTION_PREFIX.test(linePrefix) || (BARE_PREFIX.test(linePrefix) && BARE_SUFFIX.test(lineSuffix))) {
    return blockquoteAbove(text, lineStart);
  }
  // A quotation stays within its paragraph.
  const window = text.slice(Math.max(0, start - 400), start);
  const paragraph = window.slice(window.lastIndexOf('\n\n') + 1);
  const before = paragraph.replace(BEFORE_REFERENCE, '');
  const close = before.at(-1);
  if (close && CLOSE_QUOTES.includes(close)) {
    const open = OPEN_QUOTES[CLOSE_QUOTES.indexOf(close)]!;
    const from = before.lastIndexOf(open, before.length - 2);
    if (from >= 0) return before.slice(from + 1, -1);
  }
  const after = text.slice(end, end + 400);
  const m = AFTER_REFERENCE.exec(after);
  if (m) {
    const open = m[1]!;
    const close2 = CLOSE_QUOTES[OPEN_QUOTES.indexOf(open)]!;
    const from = m[0].length;
    const to = after.indexOf(close2, from);
    if (to > from) return after.slice(from, to);
  }
  return undefined;
}

/**
 * Finds every scripture reference in generated text and checks it against the corpus: linked to its verse text in
 * the reader's translation, invalid when no such verse exists, misquoted when the quotation beside it is not that
 * verse. Ids are c1, c2, … in order of appearance, so the same text always gets the same ids.
 */
export function createCitationVerifier(parser: ReferenceParser, verses: VerseSource, options: VerifyOptions) {
  const cache = new Map<string, Awaited<ReturnType<VerseSource['lookup']>>>();
  return {
    /** Citations whose reference ends inside [from, to) of `text`, numbered from `firstId`. */
    async verify(text: string, from = 0, to = text.length, firstId = 1): Promise<Citation[]> {
      const matches = parser
        .findAll(text.slice(0, to), { language: options.language, tradition: options.tradition })
        .filter((m) => m.start >= from && m.end <= to);
      const out: Citation[] = [];
      for (const [i, m] of matches.entries()) {
        const id = `c${firstId + i}`;
        const base = { id, text: m.text, start: m.start, end: m.end };
        if (parser.problemOf(m.reference)) {
          out.push({ ...base, status: 'invalid', reference: null, label: null, translation: null, verseText: null });
          continue;
        }
        const key = JSON.stringify(m.reference);
        if (!cache.has(key)) cache.set(key, await verses.lookup(m.reference));
        const found = cache.get(key);
        if (!found) {
          out.push({ ...base, status: 'invalid', reference: null, label: null, translation: null, verseText: null });
          continue;
        }
        const quotation = quotationFor(text, m.start, m.end);
        const status = quotation && !quoteMatches(quotation, found.text) ? 'misquoted' : 'linked';
        out.push({
          ...base,
          status,
          reference: found.reference,
          label: found.label,
          translation: found.translation,
          verseText: found.text,
        });
      }
      return out;
    },
  };
}

export function verificationCounts(citations: Citation[]) {
  const linked = citations.filter((c) => c.status === 'linked').length;
  return { checked: citations.length, linked, marked: citations.length - linked };
}
