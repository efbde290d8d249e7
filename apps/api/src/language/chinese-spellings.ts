// The Union Version's spelling of names Chinese readers write otherwise (梅瑟 for 摩西, 诺亚 for 挪亚): the list, its
// admission rule and its examples are in lexicon/chinese-spellings.tsv.
import { foldToSimplified } from './fold.ts';
import { readRewriteList, type RewriteRow } from './lexicon.ts';

let spellings: readonly RewriteRow[] | undefined;

/** The list's lines, in the order of the file (read once). */
export function chineseSpellings(): readonly RewriteRow[] {
  return (spellings ??= readRewriteList('chinese-spellings.tsv'));
}

/** A Chinese question folded to Simplified, in the Union Version's spelling of the names it writes otherwise. */
export function unionSpelling(text: string): string {
  let out = foldToSimplified(text);
  for (const { from, to } of chineseSpellings()) if (out.includes(from)) out = out.split(from).join(to);
  return out;
}
