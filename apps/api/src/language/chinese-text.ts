// Chinese handling. Index side: every Han run (text between punctuation, so always short) is folded to Simplified
// and emitted as character unigrams + bigrams, which gave full substring recall on real CUV verses where word
// tokens missed 世人 inside 神爱世人 (see scripts/bench-retrieval-segmentation.ts). Query side: jieba only decides
// which words are stop words; the surviving stretches are turned into the same unigram/bigram vocabulary.
import { readFileSync } from 'node:fs';
import { Jieba } from '@node-rs/jieba';
import { dict } from '@node-rs/jieba/dict.js';
import { foldToSimplified, HAN_RUN } from './fold.ts';
import { CHINESE_NAMES_FILE, type ChineseNamesFile } from './derived-files.ts';

export { foldToSimplified, HAN_RUN };
const HAN_CHAR = /^\p{Script=Han}$/u;
const SURROGATE = /[\uD800-\uDFFF]/;
const toSimplified = foldToSimplified;

function codePoints(run: string): string[] {
  return SURROGATE.test(run) ? Array.from(run) : run.split('');
}

/** Folds a Han run keeping one output character per input character, so positions map back (for highlighting). */
export function foldPerCharacter(run: string): string[] {
  const chars = codePoints(run);
  const folded = codePoints(toSimplified(run));
  return folded.length === chars.length ? folded : chars.map((c) => toSimplified(c));
}

/** Appends the unigrams and bigrams of an already folded Han run. */
export function pushHanNgrams(folded: string, out: string[]): void {
  const chars = codePoints(folded);
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i] as string;
    out.push(c);
    const next = chars[i + 1];
    if (next !== undefined) out.push(c + next);
  }
}

/**
 * The characters of a query's Han bigrams that it does not ask for already. The index holds every character too, so
 * asked once beside bigrams asked twice they let a one-character word inside a run (饼 in 饼象征什么, 妻 in 为妻) find
 * its verses, while verses holding the whole words still lead.
 */
export function hanCharactersOf(terms: readonly string[]): string[] {
  const asked = new Set(terms);
  const out = new Set<string>();
  for (const term of terms) {
    const chars = codePoints(term);
    if (chars.length === 2 && chars.every((c) => HAN_CHAR.test(c)))
      for (const c of chars) if (!asked.has(c)) out.add(c);
  }
  return [...out];
}

/** Query-side tokens of a folded Han stretch: a lone character as itself, longer stretches as their bigrams. */
export function pushHanQueryGrams(folded: string, out: string[]): void {
  const chars = codePoints(folded);
  if (chars.length === 1) out.push(chars[0] as string);
  for (let i = 0; i + 1 < chars.length; i++) out.push((chars[i] as string) + (chars[i + 1] as string));
}

let jieba: Jieba | undefined;
const userWords = new Set<string>();
interface ChineseWords {
  names: ReadonlyMap<string, readonly string[]>;
  words: readonly string[];
}
let chineseNames: ChineseWords | undefined;

function chineseWords(): ChineseWords {
  if (!chineseNames) {
    const file = JSON.parse(readFileSync(CHINESE_NAMES_FILE, 'utf8')) as ChineseNamesFile;
    chineseNames = { names: new Map(Object.entries(file.names)), words: file.words };
  }
  return chineseNames;
}

/** The English names a Chinese word spells (歌利亚: goliath), from derived/names-zh.json; jieba keeps them whole. */
export function chineseNameOf(word: string): readonly string[] | undefined {
  return chineseWords().names.get(word);
}

function segmenter(): Jieba {
  if (jieba) return jieba;
  jieba = Jieba.withDict(dict);
  // The Union Version's names and words jieba lacks, whole; no HMM (it glued 女士师是谁 into 女士 + 师是).
  const { names, words } = chineseWords();
  for (const word of [...names.keys(), ...words]) userWords.add(word);
  if (userWords.size > 0) jieba.loadDict(Buffer.from([...userWords].map((w) => `${w} 100000 nr`).join('\n')));
  return jieba;
}

/**
 * Words jieba must keep whole (Bible names: 以利亚撒, 撒玛利亚), folded to Simplified; added before first use, or
 * loaded into the running segmenter.
 */
export function addHanWords(words: Iterable<string>): void {
  const fresh = [...words].map(foldToSimplified).filter((w) => w.length > 1 && !userWords.has(w));
  for (const w of fresh) userWords.add(w);
  if (jieba && fresh.length > 0) jieba.loadDict(Buffer.from(fresh.map((w) => `${w} 100000 nr`).join('\n')));
}

/**
 * The words of a folded Han run that are no stop words (loads the jieba dictionary on first use). A query is asked
 * word by word: "摩西活了多少岁" asks 摩西, 活, 岁 — never the pairs across words (西活, 少岁), which match noise.
 */
export function withoutStopWords(folded: string, stopWords: ReadonlySet<string>): string[] {
  const stretches: string[] = [];
  let current = '';
  for (const word of segmenter().cut(folded, false)) {
    if (stopWords.has(word)) {
      if (current) stretches.push(current);
      current = '';
    } else current += word;
  }
  if (current) stretches.push(current);
  return stretches;
}

/** The jieba words of a folded Han run (loads the jieba dictionary on first use). */
export function hanWords(folded: string): string[] {
  return segmenter().cut(folded, false);
}
