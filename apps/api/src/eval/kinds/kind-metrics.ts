// The measures of npm run eval:kinds (issue 28): prayers, sermon outlines and poems on the themes of kind-themes.json, each written by
// the app's own answer path, read as a reader would. What a piece holds (its lines, its poem's lines, its petitions
// and points) is found by its form; whether a line is a verse's text and whether a reference exists is decided by
// the citations the server verified against the corpus.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { AnswerKind, Citation } from '@bible-qa/contract';
import { quoteMatches } from '../../answer/quotation.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));

const themeSchema = z.object({ id: z.string(), zh: z.string().min(1), en: z.string().min(1) });
export type KindTheme = z.infer<typeof themeSchema>;
export type KindPart = 'train' | 'heldout';

export function loadKindThemes(): Record<KindPart, KindTheme[]> {
  const raw = JSON.parse(readFileSync(path.join(HERE, 'kind-themes.json'), 'utf8')) as Record<string, unknown>;
  return { train: z.array(themeSchema).parse(raw.train), heldout: z.array(themeSchema).parse(raw.heldout) };
}

export type ShapedKind = Exclude<AnswerKind, 'answer'>;

/** A line as compared between themes: without Markdown marks, spacing or the block quote's bar. */
export function comparableLine(line: string): string {
  return line
    .replace(/^\s*(?:#{1,6}|>|[-*]|\d+\.)\s*/u, '')
    .replace(/[*_`]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The lines of a piece that another theme's piece must not share: all but the blank ones and the closing formula. */
export function comparableLines(content: string, closing: readonly string[]): string[] {
  const closes = new Set(closing.map(comparableLine));
  return content
    .split('\n')
    .map(comparableLine)
    .filter((line) => line && !closes.has(line));
}

/**
 * Lines found in more than one theme's piece: for each piece (theme id → lines), the lines it shares with a piece of
 * another theme.
 */
export function sharedLines(pieces: ReadonlyMap<string, readonly string[]>): Map<string, string[]> {
  const themesOf = new Map<string, Set<string>>();
  for (const [theme, lines] of pieces)
    for (const line of lines) themesOf.set(line, (themesOf.get(line) ?? new Set()).add(theme));
  const out = new Map<string, string[]>();
  for (const [theme, lines] of pieces)
    out.set(
      theme,
      [...new Set(lines)].filter((line) => themesOf.get(line)!.size > 1),
    );
  return out;
}

/** A stretch of the text (UTF-16 offsets) with the citations whose reference sits in it. */
export interface Part {
  text: string;
  start: number;
  end: number;
}

function cited(part: Part, citations: readonly Citation[]): Citation[] {
  return citations.filter((c) => c.start >= part.start && c.end <= part.end);
}

/** The paragraphs of a text (blank-line separated), with their offsets. */
function paragraphs(content: string): Part[] {
  const out: Part[] = [];
  const re = /[^\n]+(?:\n[^\n]+)*/g;
  for (const m of content.matchAll(re)) out.push({ text: m[0], start: m.index, end: m.index + m[0].length });
  return out;
}

/** A prayer's petitions: its paragraphs but the heading and the closing formula. */
export function petitionsOf(content: string, closing: readonly string[]): Part[] {
  const closes = new Set(closing.map(comparableLine));
  return paragraphs(content).filter((p) => !p.text.startsWith('#') && !closes.has(comparableLine(p.text)));
}

/** A sermon outline's points: each `####` heading with what follows it up to the next heading or label. */
export function pointsOf(content: string): Part[] {
  const out: Part[] = [];
  for (const m of content.matchAll(/^####[^\n]*\n(?:(?!####|\*\*)[^\n]*\n?)*/gmu))
    out.push({ text: m[0], start: m.index, end: m.index + m[0].length });
  return out;
}

/** A poem's lines: every line between its heading and the list of its verses. */
export function poemLinesOf(content: string): string[] {
  return content
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#') && !line.startsWith('*'));
}

/**
 * Whether a poem's line is a verse's text: its words, in order and unbroken, in one of the verses the poem cites,
 * as the server linked them in the reader's translation.
 */
export function lineFromVerse(line: string, citations: readonly Citation[], translation: string): Citation | undefined {
  const shortest = /\p{Script=Han}/u.test(line) ? 3 : 2;
  if ((line.match(/\p{Script=Han}|[\p{L}\p{N}]+/gu)?.length ?? 0) < shortest) return undefined;
  return citations.find(
    (c) => c.status === 'linked' && c.translation === translation && c.verseText && quoteMatches(line, c.verseText),
  );
}

/** The linked citations of a petition or point. */
export function linkedIn(part: Part, citations: readonly Citation[]): Citation[] {
  return cited(part, citations).filter((c) => c.status === 'linked' && c.reference);
}

export function fabricated(citations: readonly Citation[]): number {
  return citations.filter((c) => c.status === 'invalid' || c.status === 'misquoted').length;
}

/** Words a line must keep of its own, once its verses' words are taken out, to count as a sentence of its own. */
const OWN_LEAST = { han: 6, words: 5 };
/** A run of this many words (or Han characters) found in a cited verse is the verse's, wherever it stands. */
const VERSE_RUN = 3;
const REFERENCE_IN_BRACKETS = /[(\uff08][^()\uff08\uff09]*[)\uff09]/gu;

function tokensOf(text: string): string[] {
  return (text.toLowerCase().match(/\p{Script=Han}|[\p{L}\p{N}]+/gu) ?? []).map((t) => t.replace(/[’']/g, ''));
}

/**
 * The words of a line that are the composer's own (a lead, an address, a label): the line without its references in
 * brackets and without every run of words that one of the cited verses holds, when enough are left to be a phrase of
 * its own (five words, six Han characters); else nothing. Two themes' pieces that share one share a frame.
 */
export function ownWords(line: string, verseTexts: readonly string[]): string | undefined {
  const tokens = tokensOf(line.replace(REFERENCE_IN_BRACKETS, ' '));
  const runs = new Set<string>();
  for (const text of verseTexts) {
    const verse = tokensOf(text);
    for (let i = 0; i + VERSE_RUN <= verse.length; i++) runs.add(verse.slice(i, i + VERSE_RUN).join('\u0001'));
  }
  const covered = new Array<boolean>(tokens.length).fill(false);
  for (let i = 0; i + VERSE_RUN <= tokens.length; i++)
    if (runs.has(tokens.slice(i, i + VERSE_RUN).join('\u0001'))) covered.fill(true, i, i + VERSE_RUN);
  const own = tokens.filter((_, i) => !covered[i]);
  const han = own.filter((t) => /\p{Script=Han}/u.test(t)).length;
  const enough = han * 2 >= own.length ? han >= OWN_LEAST.han : own.length >= OWN_LEAST.words;
  if (!enough) return undefined;
  return own.join(han * 2 >= own.length ? '' : ' ');
}
