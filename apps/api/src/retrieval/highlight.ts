// Marks the query terms in a passage for display. The output is HTML: the passage is escaped, only the markers are
// raw, so it is safe to insert as innerHTML. Matching reuses the analyser, so a highlighted word is exactly a word
// that the index matched (Traditional characters, accents and case included).
import { HAN_RUN, foldPerCharacter } from '../language/chinese-text.ts';
import { stemLang, type StemLang } from '../language/stemmer.ts';
import { pushWordTokens, sanitizeText } from '../language/text-analysis.ts';

export interface HighlightMarkers {
  /** Trusted markup inserted before and after each match (not escaped). */
  open: string;
  close: string;
}

export const HTML_MARKERS: HighlightMarkers = { open: '<mark>', close: '</mark>' };

const HTML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
// Bidi embeddings, overrides and isolates could make the displayed passage read differently from its content.
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;
// Words as written, with format characters inside them (a zero-width space cannot hide a match).
const DISPLAY_WORD = /[\p{L}\p{N}\p{M}\p{Cf}]+(?:['’][\p{L}\p{N}\p{M}\p{Cf}]+)*/gu;

export function escapeHtml(text: string): string {
  return text.replace(BIDI_CONTROLS, '').replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

function markHan(text: string, terms: ReadonlySet<string>, marked: Uint8Array): void {
  for (const match of text.matchAll(HAN_RUN)) {
    const chars = Array.from(match[0]);
    const folded = foldPerCharacter(match[0]);
    const offsets: number[] = [];
    let at = match.index;
    for (const c of chars) {
      offsets.push(at);
      at += c.length;
    }
    offsets.push(at);
    for (let i = 0; i < chars.length; i++) {
      const one = folded[i] ?? '';
      const two = one + (folded[i + 1] ?? '');
      const end = terms.has(two) && i + 1 < chars.length ? offsets[i + 2] : terms.has(one) ? offsets[i + 1] : undefined;
      if (end !== undefined) marked.fill(1, offsets[i], end);
    }
  }
}

function markWords(text: string, terms: ReadonlySet<string>, marked: Uint8Array, stemming?: StemLang): void {
  const withoutHan = text.replace(HAN_RUN, (run) => ' '.repeat(run.length));
  for (const match of withoutHan.matchAll(DISPLAY_WORD)) {
    const tokens: string[] = [];
    pushWordTokens(sanitizeText(match[0]), tokens, stemming);
    if (tokens.some((t) => terms.has(t))) marked.fill(1, match.index, match.index + match[0].length);
  }
}

/**
 * Returns the passage HTML-escaped, with every occurrence of the given analysed terms wrapped in the markers. With
 * the passage's language, a word whose stem is a term is marked too (the index matched it by its stem).
 */
export function highlight(
  text: string,
  terms: readonly string[],
  markers: HighlightMarkers = HTML_MARKERS,
  lang?: string,
): string {
  const termSet = new Set(terms);
  if (termSet.size === 0 || text.length === 0) return escapeHtml(text);
  const marked = new Uint8Array(text.length);
  markHan(text, termSet, marked);
  markWords(text, termSet, marked, stemLang(lang));
  let out = '';
  let start = 0;
  for (let i = 1; i <= text.length; i++) {
    if (i < text.length && marked[i] === marked[start]) continue;
    const piece = escapeHtml(text.slice(start, i));
    out += marked[start] ? markers.open + piece + markers.close : piece;
    start = i;
  }
  return out;
}
