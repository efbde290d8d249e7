import type { Citation } from '@bible-qa/contract';
import type { ReferenceParser } from '../bible/references.parser.ts';
import type { BibleLanguage, BibleReference, Tradition } from '../bible/references.types.ts';
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
/** How alike a quotation must be to its verse (character-bigram Dice) to count as that verse. */
const QUOTE_SIMILARITY = 0.8;

function normalize(text: string): string {
  return foldToSimplified(text.normalize('NFKC').toLowerCase())
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\p{L}\p{N}]/gu, '');
}

function bigrams(text: string): Map<string, number> {
  const grams = new Map<string, number>();
  const chars = Array.from(text);
  for (let i = 0; i < chars.length - 1; i += 1) {
    const g = chars[i]! + chars[i + 1]!;
    grams.set(g, (grams.get(g) ?? 0) + 1);
  }
  return grams;
}

/** Does the quotation belong to the verse? Exact containment, or close enough for punctuation and spelling. */
export function quoteMatches(quotation: string, verseText: string): boolean {
  const q = normalize(quotation);
  const v = normalize(verseText);
  if (q.length < 4) return true;
  if (v.includes(q)) return true;
  const a = bigrams(q);
  let shared = 0;
  let total = 0;
  const b = bigrams(v);
  for (const [g, n] of a) {
    total += n;
    shared += Math.min(n, b.get(g) ?? 0);
  }
  // A quotation of part of a verse: how much of the quotation is in the verse.
  return total > 0 && shared / total >= QUOTE_SIMILARITY;
}

/**
 * The quotation a reference vouches for, if any: quoted text right before it ("「…」（约翰福音 3:16）",
 * "“…” (John 3:16)"), right after it ("John 3:16: “…”"), or a Markdown blockquote whose last line is the reference.
 */
export function quotationFor(text: string, start: number, end: number): string | undefined {
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const linePrefix = text.slice(lineStart, start);
  if (/^>\s*[—–-]{1,2}\s*$/.test(linePrefix)) {
    const lines: string[] = [];
    let cursor = lineStart - 1;
    while (cursor > 0) {
      const prevStart = text.lastIndexOf('\n', cursor - 1) + 1;
      const line = text.slice(prevStart, cursor);
      if (!line.startsWith('>')) break;
      lines.unshift(line.replace(/^>\s?/, ''));
      cursor = prevStart - 1;
    }
    return lines.join(' ').trim() || undefined;
  }
  const before = text.slice(Math.max(0, start - 400), start).replace(/[\s（(：:,，—–-]*$/u, '');
  const close = before.at(-1);
  if (close && CLOSE_QUOTES.includes(close)) {
    const open = OPEN_QUOTES[CLOSE_QUOTES.indexOf(close)]!;
    const from = before.lastIndexOf(open, before.length - 2);
    if (from >= 0) return before.slice(from + 1, -1);
  }
  const after = text.slice(end, end + 400);
  const m = /^[\s）)]*[：:，,]?\s*([「『“"«])/u.exec(after);
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
