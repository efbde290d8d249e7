import { CONVERSATION_SEARCH_WORDS } from '@bible-qa/contract';
import { escapeHtml } from '../../retrieval/highlight.ts';

/** How much of a message shows around its first match, before and after (characters). */
const BEFORE = 24;
const AFTER = 72;

/** The words of a conversation search: split on spaces, each once (case aside), at most five. */
export function searchWords(q: string): string[] {
  const seen = new Set<string>();
  const words: string[] = [];
  for (const word of q.trim().split(/\s+/u)) {
    const key = word.toLocaleLowerCase();
    if (!word || seen.has(key)) continue;
    seen.add(key);
    words.push(word);
    if (words.length === CONVERSATION_SEARCH_WORDS) break;
  }
  return words;
}

/** A LIKE pattern that finds a word anywhere; %, _ and \ in the word are literal. */
export function containsPattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function matcher(words: readonly string[]): RegExp {
  const longestFirst = [...words].sort((a, b) => b.length - a.length);
  return new RegExp(longestFirst.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'giu');
}

/** The text escaped for HTML with every occurrence of the words (any case) in <mark>. */
export function markWords(text: string, words: readonly string[]): string {
  if (words.length === 0) return escapeHtml(text);
  let out = '';
  let at = 0;
  for (const match of text.matchAll(matcher(words))) {
    out += `${escapeHtml(text.slice(at, match.index))}<mark>${escapeHtml(match[0])}</mark>`;
    at = match.index + match[0].length;
  }
  return out + escapeHtml(text.slice(at));
}

/** A message as plain reading text: markdown's marks and link targets dropped, white space folded. */
function plain(text: string): string {
  return text
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}(?:#{1,6}|>|[-*+]|\d+[.)])\s+/gm, '')
    .replace(/[*_`~]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The part of a message around its first match, with … where it was cut, escaped and marked. */
export function snippetOf(message: string, words: readonly string[]): string {
  const text = plain(message);
  const first = matcher(words).exec(text);
  const hit = first?.index ?? 0;
  let start = Math.max(0, hit - BEFORE);
  let end = Math.min(text.length, hit + (first?.[0].length ?? 0) + AFTER);
  // Never cut a character written as two UTF-16 units in half.
  const secondHalf = (i: number) => i > 0 && i < text.length && /[\uDC00-\uDFFF]/.test(text[i]!);
  if (secondHalf(start)) start -= 1;
  if (secondHalf(end)) end += 1;
  return `${start > 0 ? '…' : ''}${markWords(text.slice(start, end), words)}${end < text.length ? '…' : ''}`;
}
