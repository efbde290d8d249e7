// Word lists as data: one entry per line in a tab-separated file of language/lexicon/, each with an example it must
// match, read and compiled once. A list can be counted, reviewed and tested one entry at a time; code holds only the
// mechanism (decision 0036).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The folder of the lists. In the compiled bundle every module is the bundle's folder, where scripts/build-api.ts
 * copies `lexicon/`; this module sits beside it in the source, so one path serves both.
 */
export const LEXICON_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'lexicon');

/** One line of a list: what it marks, its pattern compiled, and the examples a test holds it to. */
export interface LexiconRow {
  file: string;
  line: number;
  tag: string;
  pattern: string;
  /** Texts the pattern must match (after the list's own folding). */
  examples: string[];
  /** A text it must not match, when the line gives one. */
  counter?: string;
  regex: RegExp;
}

/** The lines of a list file that hold data: not blank, not a `#` comment; cells split on tabs. */
export function dataLines(file: string): { line: number; cells: string[] }[] {
  const text = readFileSync(path.join(LEXICON_DIR, file), 'utf8');
  return text.split('\n').flatMap((raw, i) => {
    const line = raw.replace(/\r$/, '');
    if (!line.trim() || line.startsWith('#')) return [];
    return [{ line: i + 1, cells: line.split('\t').map((c) => c.trim()) }];
  });
}

const HAN = /\p{Script=Han}/u;
// The lists match folded text (lower case, accents off), so plain ranges stand for letters: Unicode property
// classes in a few hundred patterns made every message cost a tenth of a second.
/** A letter or digit of Latin script, folded. */
const WORD_CHAR = 'a-z0-9\\u00c0-\\u024f';
/** Chinese characters (the unified ideographs and their extension A and compatibility blocks). */
const HAN_CHAR = '\\u3400-\\u9fff\\uf900-\\ufaff';
const SENTENCE_END = '.!?¿¡。！？；;\\n';
/** What may stand between two words: anything but a letter, a digit, a Chinese character or a sentence's end. */
const SEP = `[^${WORD_CHAR}${HAN_CHAR}${SENTENCE_END}]`;
/** A gap (`…`) in Chinese: up to eight characters within one sentence. */
const HAN_GAP = `[^${SENTENCE_END}]{0,8}`;
/** A gap between words: up to three words within one sentence (words and spacing never overlap, so no backtracking blows up). */
const WORD_GAP = `(?:${SEP}+[${WORD_CHAR}']+){0,3}`;
const LATIN_BEFORE = `(?<![${WORD_CHAR}])`;
const LATIN_AFTER = `(?![${WORD_CHAR}])`;

/** A piece of a pattern, with whether it begins and ends with a Latin word (which needs spacing from another). */
type Piece = { source: string; gap?: true; optional?: true; startsLatin: boolean; endsLatin: boolean };

/**
 * A list pattern as a regular expression. The syntax, the same in every language:
 * - Chinese characters stand for themselves, side by side;
 * - a Latin word is matched whole (`die` is not in `diet`); `*` inside it stands for any letters (`suicid*`);
 * - a space between words stands for any spacing or punctuation short of a sentence's end;
 * - `…` (or `...`) is a gap: up to six Chinese characters, or up to three words, within the sentence;
 * - `(a|b c|)` is a choice of sequences; an empty choice makes the group optional;
 * - any other mark (?, ！, ') stands for itself.
 */
export function compilePattern(pattern: string): RegExp {
  return new RegExp(sequence(pattern.trim()).source, 'u');
}

function sequence(pattern: string): Piece {
  const pieces: Piece[] = [];
  let i = 0;
  while (i < pattern.length) {
    const c = pattern[i]!;
    if (c === ' ') {
      i += 1;
      continue;
    }
    if (c === '…' || pattern.startsWith('...', i)) {
      pieces.push({ source: '', gap: true, startsLatin: false, endsLatin: false });
      i += c === '…' ? 1 : 3;
      continue;
    }
    if (c === '(') {
      const end = closing(pattern, i);
      const choices = split(pattern.slice(i + 1, end));
      const filled = choices.filter((choice) => choice.trim()).map((choice) => sequence(choice));
      pieces.push({
        source: `(?:${filled.map((p) => p.source).join('|')})`,
        ...(filled.length < choices.length ? { optional: true as const } : {}),
        startsLatin: filled.some((p) => p.startsLatin),
        endsLatin: filled.some((p) => p.endsLatin),
      });
      i = end + 1;
      continue;
    }
    if (c === ')' || c === '|') throw new Error(`unbalanced "${c}" in pattern: ${pattern}`);
    if (HAN.test(c)) {
      let run = '';
      while (i < pattern.length && HAN.test(pattern[i]!)) run += pattern[i++];
      pieces.push({ source: escapeRegExp(run), startsLatin: false, endsLatin: false });
      continue;
    }
    let word = '';
    while (
      i < pattern.length &&
      !' …()|'.includes(pattern[i]!) &&
      !HAN.test(pattern[i]!) &&
      !pattern.startsWith('...', i)
    )
      word += pattern[i++];
    // A mark with no letter in it (?, ！) stands for itself and touches what is beside it, as Chinese does.
    const latin = /[\p{L}\p{N}]/u.test(word);
    pieces.push({ source: latin ? latinWord(word) : escapeRegExp(word), startsLatin: latin, endsLatin: latin });
  }
  return join(pieces);
}

/** A Latin word, whole; its inner punctuation (self-harm, j'ai) read as any spacing. */
function latinWord(word: string): string {
  const parts = word.split(/[^\p{L}\p{N}*]+/u).filter(Boolean);
  const body = parts.map((part) => part.split('*').map(escapeRegExp).join(`[${WORD_CHAR}]*`)).join(`${SEP}*`);
  return `${LATIN_BEFORE}${body}${word.endsWith('*') ? '' : LATIN_AFTER}`;
}

/**
 * Pieces side by side. Chinese characters touch (spaces allowed); two words need spacing between them; a gap takes
 * the size its neighbours call for; an optional group carries the spacing before it inside itself, so that it can
 * be absent.
 */
function join(pieces: Piece[]): Piece {
  let source = '';
  let previous: Piece | undefined;
  pieces.forEach((piece, index) => {
    if (piece.gap) {
      const before = pieces
        .slice(0, index)
        .reverse()
        .find((p) => !p.gap);
      const next = pieces.slice(index + 1).find((p) => !p.gap);
      const latin = (!before || before.endsLatin) && (!next || next.startsLatin);
      source += latin ? `${WORD_GAP}${SEP}*` : HAN_GAP;
      previous = piece;
      return;
    }
    let sep = '';
    if (previous && !previous.gap) {
      sep =
        previous.endsLatin && piece.startsLatin && !previous.optional
          ? `${SEP}+`
          : previous.endsLatin || piece.startsLatin
            ? `${SEP}*`
            : '\\s*';
    }
    source += piece.optional ? `(?:${sep}${piece.source})?` : `${sep}${piece.source}`;
    previous = piece;
  });
  const first = pieces.find((p) => !p.gap);
  const last = [...pieces].reverse().find((p) => !p.gap);
  return { source, startsLatin: first?.startsLatin ?? false, endsLatin: last?.endsLatin ?? false };
}

function closing(pattern: string, open: number): number {
  let depth = 0;
  for (let i = open; i < pattern.length; i++) {
    if (pattern[i] === '(') depth += 1;
    if (pattern[i] === ')') depth -= 1;
    if (depth === 0) return i;
  }
  throw new Error(`unclosed "(" in pattern: ${pattern}`);
}

/** The top-level choices of a group's inside. */
function split(inside: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let current = '';
  for (const c of inside) {
    if (c === '(') depth += 1;
    if (c === ')') depth -= 1;
    if (c === '|' && depth === 0) {
      out.push(current);
      current = '';
    } else current += c;
  }
  out.push(current);
  return out;
}

/** A text as a regular expression that matches it literally. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A list of tagged patterns: `tag<TAB>pattern<TAB>example[<TAB>counter-example]`. The example is required: a line
 * without one is refused, so every entry says what it is for. A line tagged `@name` defines a class of words
 * (`@want	(want|wish|hope)`) that later patterns of the file use as `{want}`: one list of ways to say "I want" and one
 * of ways to say "to die" make every pairing of them a pattern.
 */
export function readPatternList(file: string, fold: (text: string) => string = (t) => t): LexiconRow[] {
  const classes = new Map<string, string>();
  const rows: LexiconRow[] = [];
  for (const { line, cells } of dataLines(file)) {
    const [tag, pattern, example, counter] = cells;
    if (!tag || !pattern || !example) throw new Error(`${file}:${line}: a line needs a tag, a pattern and an example`);
    const expanded = pattern.replace(/\{(\w+)\}/g, (_, name: string) => {
      const words = classes.get(name);
      if (!words) throw new Error(`${file}:${line}: no class @${name} defined above`);
      return words;
    });
    // A class is a line too (its example is tested like any other); the lists' readers skip `@` tags.
    if (tag.startsWith('@')) classes.set(tag.slice(1), `(${expanded})`);
    rows.push({
      file,
      line,
      tag,
      pattern,
      examples: [example],
      ...(counter ? { counter } : {}),
      regex: compilePattern(fold(expanded)),
    });
  }
  return rows;
}

/**
 * One matcher for several lines of a list: a text matches it where it matches any of them. Built once per list and
 * tag by the lists' readers (a union tests once where the lines would each be tested).
 */
export function anyOf(rows: readonly { regex: RegExp }[]): RegExp {
  if (!rows.length) return /(?!)/u;
  const flagged = rows.find((row) => row.regex.flags.replace('u', ''));
  if (flagged)
    throw new Error(`anyOf joins patterns of flag u only, not /${flagged.regex.source}/${flagged.regex.flags}`);
  return new RegExp(rows.map((row) => `(?:${row.regex.source})`).join('|'), 'u');
}

/** A line of a table: its cells by column name, and where it is. */
export type TableRow<C extends string> = { file: string; line: number } & Record<C, string>;

/**
 * A table of a few named columns, one row a line (`language<TAB>mode<TAB>question`): for data that is neither a list
 * of patterns nor of rewrites. The first `required` columns must be filled; the others may be left empty ('').
 */
export function readTable<C extends string>(
  file: string,
  columns: readonly C[],
  required: number = columns.length,
): TableRow<C>[] {
  return dataLines(file).map(({ line, cells }) => {
    if (cells.length > columns.length)
      throw new Error(`${file}:${line}: more cells than columns (${columns.join(', ')})`);
    const missing = columns.slice(0, required).find((_, i) => !cells[i]);
    if (missing)
      throw new Error(`${file}:${line}: a line needs ${columns.slice(0, required).join(', ')} (no ${missing})`);
    const row = { file, line } as TableRow<C>;
    columns.forEach((column, i) => ((row as Record<string, unknown>)[column] = cells[i] ?? ''));
    return row;
  });
}

/** One rewrite of a text before matching: `from<TAB>to<TAB>example` (the example holds `from`). */
export interface RewriteRow {
  file: string;
  line: number;
  from: string;
  to: string;
  example: string;
}

export function readRewriteList(file: string): RewriteRow[] {
  return dataLines(file).map(({ line, cells }) => {
    const [from, to, example] = cells;
    if (!from || to === undefined || !example) throw new Error(`${file}:${line}: a line needs from, to and an example`);
    return { file, line, from, to, example };
  });
}

/**
 * The rewrites as one function: Chinese entries replace their characters wherever they stand; Latin entries replace
 * whole words (`im` → `i am`, `kms` → `kill myself`), longest first.
 */
export function rewriter(rows: readonly RewriteRow[]): (text: string) => string {
  if (!rows.length) return (text) => text;
  const byFrom = new Map(rows.map((r) => [r.from, r.to]));
  const sorted = [...byFrom.keys()].sort((a, b) => b.length - a.length);
  const alternatives = sorted.map((from) =>
    HAN.test(from) ? escapeRegExp(from) : `${LATIN_BEFORE}${escapeRegExp(from)}${LATIN_AFTER}`,
  );
  const pattern = new RegExp(alternatives.join('|'), 'gu');
  return (text) => text.replace(pattern, (found) => byFrom.get(found) ?? found);
}

/**
 * A context pattern that a word list cannot say (a word only when another does not follow it: "谁" not before "是"),
 * kept whole as a regular expression, one per line: `name<TAB>regex<TAB>flags<TAB>must match<TAB>must not match`,
 * several examples of a kind separated by ` | `; `-` for no flags. A line named `@part` is a piece that later lines
 * of the file write as `{@part}` (the request verbs that several patterns share). A test holds every pattern, and
 * every part, to its examples.
 */
export interface NamedPattern {
  file: string;
  line: number;
  name: string;
  regex: RegExp;
  matches: string[];
  misses: string[];
}

export function readNamedPatterns(file: string): Map<string, NamedPattern> {
  const out = new Map<string, NamedPattern>();
  for (const { line, cells } of dataLines(file)) {
    const [name, written, flags = '', must = '', mustNot = ''] = cells;
    if (!name || !written || !must) throw new Error(`${file}:${line}: a pattern needs a name, a regex and an example`);
    if (out.has(name)) throw new Error(`${file}:${line}: pattern ${name} is defined twice`);
    // A pattern named `@verbs` is a part that later patterns of the file use as `{@verbs}` (a group of it).
    const source = written.replace(/\{(@[\w-]+)\}/g, (_, part: string) => {
      const defined = out.get(part);
      if (!defined) throw new Error(`${file}:${line}: no part ${part} defined above`);
      return `(?:${defined.regex.source})`;
    });
    const split = (cell: string) =>
      cell
        .split(' | ')
        .map((example) => example.trim())
        .filter(Boolean);
    out.set(name, {
      file,
      line,
      name,
      regex: new RegExp(source, flags === '-' ? '' : flags),
      matches: split(must),
      misses: split(mustNot),
    });
  }
  return out;
}

/** A named pattern of a file, which must be there (a typo in a name fails at start, not silently). */
export function namedPattern(patterns: Map<string, NamedPattern>, name: string): RegExp {
  const pattern = patterns.get(name);
  if (!pattern) throw new Error(`no pattern named ${name}`);
  return pattern.regex;
}
