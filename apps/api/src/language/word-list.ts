// Word lists that are matched as the engine matched them when they were written in code: in the form the question
// is read in (not folded for the lexicon), each entry a small regular-expression fragment that the list's reader
// wraps in its own bounds (a Chinese word anywhere, a Latin word whole, a stem at a word's start) and joins with the
// list's other entries into one expression, built once. The lines are those of language/lexicon/ (lexicon.ts):
// `tag<TAB>pattern<TAB>examples it must match[<TAB>examples it must not match]`, several examples of a kind
// separated by ` | `; a test holds each entry, wrapped as the list wraps it, to its examples.
import { dataLines } from './lexicon.ts';

export interface WordRow {
  file: string;
  line: number;
  tag: string;
  /** The entry as the file writes it. */
  pattern: string;
  /** The entry as a regular-expression fragment (`*` and groups read, a literal escaped). */
  fragment: string;
  /** Texts the entry must be found in, and texts it must not. */
  examples: string[];
  counters: string[];
  /** The entry alone, wrapped as its list wraps it: what its examples are tested against. */
  regex: RegExp;
}

/** How a list reads its entries: an entry's fragment, and fragments wrapped into one expression. */
export interface WordRule {
  fragment(pattern: string, tag: string): string;
  wrap(fragments: readonly string[], tag: string): RegExp;
}

/** The rows of a list file, each with its fragment and its own expression. */
export function readWordList(file: string, rule: WordRule): WordRow[] {
  return dataLines(file).map(({ line, cells }) => {
    const [tag, pattern, example, counter] = cells;
    if (!tag || !pattern || !example) throw new Error(`${file}:${line}: a line needs a tag, a pattern and an example`);
    const fragment = rule.fragment(pattern, tag);
    let regex: RegExp;
    try {
      regex = rule.wrap([fragment], tag);
    } catch (error) {
      throw new Error(`${file}:${line}: ${(error as Error).message}`);
    }
    return { file, line, tag, pattern, fragment, examples: examplesOf(example), counters: examplesOf(counter), regex };
  });
}

function examplesOf(cell: string | undefined): string[] {
  return (cell ?? '')
    .split(' | ')
    .map((text) => text.trim())
    .filter(Boolean);
}

/** The fragments of the rows of one tag (or of all rows), in the file's order. */
export function fragmentsOf(rows: readonly WordRow[], tag?: string): string[] {
  return rows.filter((row) => tag === undefined || row.tag === tag).map((row) => row.fragment);
}

/** An entry written as itself: every character stands for itself. */
export function literalFragment(pattern: string): string {
  return pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * An entry written as a regular-expression fragment, with two conveniences: `*` stands for any further letters
 * (`christ*`: christian), and a group `(a|b)` captures nothing.
 */
export function wordFragment(pattern: string): string {
  return pattern.replace(/\*/g, '\\p{L}*').replace(/\((?!\?)/g, '(?:');
}

/**
 * Latin-script fragments as one whole-word pattern: accented letters count as letters (unlike `\b`), and a word
 * may touch Chinese text ("Python怎么读取文件").
 */
export function wholeWords(fragments: readonly string[]): RegExp {
  return new RegExp(`(?<![\\p{Script=Latin}\\p{N}])(?:${fragments.join('|')})(?![\\p{Script=Latin}\\p{N}])`, 'u');
}

/** A list of plain words, `tag<TAB>word` a line (a language and a word): the words of each tag, in the file's order. */
export function readWordsByTag(file: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const { line, cells } of dataLines(file)) {
    const [tag, word, extra] = cells;
    if (!tag || !word || extra !== undefined) throw new Error(`${file}:${line}: a line needs a tag and one word`);
    out.set(tag, [...(out.get(tag) ?? []), word]);
  }
  return out;
}
