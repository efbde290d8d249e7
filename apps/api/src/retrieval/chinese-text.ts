// Chinese handling. Index side: every Han run (text between punctuation, so always short) is folded to Simplified
// and emitted as character unigrams + bigrams, which gave full substring recall on real CUV verses where word
// tokens missed 世人 inside 神爱世人 (see scripts/bench-retrieval-segmentation.ts). Query side: jieba only decides
// which words are stop words; the surviving stretches are turned into the same unigram/bigram vocabulary.
import { Jieba } from '@node-rs/jieba';
import { dict } from '@node-rs/jieba/dict.js';
import { Converter } from 'opencc-js';

export const HAN_RUN = /\p{Script=Han}+/gu;
const SURROGATE = /[\uD800-\uDFFF]/;

// 'tw' is a superset of OpenCC's standard traditional forms, so Hong Kong and Taiwan text folds as well.
const toSimplified = Converter({ from: 'tw', to: 'cn' });

export function foldToSimplified(run: string): string {
  return toSimplified(run);
}

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

/** Query-side tokens of a folded Han stretch: a lone character as itself, longer stretches as their bigrams. */
export function pushHanQueryGrams(folded: string, out: string[]): void {
  const chars = codePoints(folded);
  if (chars.length === 1) out.push(chars[0] as string);
  for (let i = 0; i + 1 < chars.length; i++) out.push((chars[i] as string) + (chars[i + 1] as string));
}

let jieba: Jieba | undefined;

/** Splits a folded Han run into stretches that contain no stop word (loads the jieba dictionary on first use). */
export function withoutStopWords(folded: string, stopWords: ReadonlySet<string>): string[] {
  jieba ??= Jieba.withDict(dict);
  const stretches: string[] = [];
  let current = '';
  for (const word of jieba.cut(folded, true)) {
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
  jieba ??= Jieba.withDict(dict);
  return jieba.cut(folded, true);
}
