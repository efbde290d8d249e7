// Words of today's Chinese that the Union Version (1919), the corpus's Chinese Bible, says otherwise (出生 is 生在 or
// 降生, 原谅 is 饶恕): the list, its admission rule and its examples are in lexicon/union-diction.tsv.
import { readRewriteList, type RewriteRow } from './lexicon.ts';

let diction: readonly RewriteRow[] | undefined;

/** The list's lines, in the order of the file (read once). */
export function unionDiction(): readonly RewriteRow[] {
  return (diction ??= readRewriteList('union-diction.tsv'));
}

/**
 * A Simplified Chinese question with the Union Version's words for the words of today's Chinese it holds, after it
 * (出生 → "…出生… 生在 降生"); the question is unchanged when it holds none.
 */
export function withUnionDiction(question: string): string {
  const said = unionDiction()
    .filter((row) => question.includes(row.from))
    .map((row) => row.to);
  return said.length ? `${question} ${said.join(' ')}` : question;
}
