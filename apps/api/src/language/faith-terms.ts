// The faith's and the Bible's words of the retriever's relevance floor, in the four languages the analyser reads
// (lexicon/faith-terms.tsv: what they are for is said there), read once. Chinese words come folded to Simplified;
// the retriever stems the others (question/guide/faith-terms.ts).
import { foldToSimplified } from './fold.ts';
import { readWordsByTag } from './word-list.ts';

export type FaithTermLang = 'zh' | 'en' | 'es' | 'fr';
export const FAITH_TERM_LANGS: readonly FaithTermLang[] = ['zh', 'en', 'es', 'fr'];

let words: Readonly<Record<FaithTermLang, readonly string[]>> | undefined;

export function faithTermWords(): Readonly<Record<FaithTermLang, readonly string[]>> {
  if (words) return words;
  const byTag = readWordsByTag('faith-terms.tsv');
  const unknown = [...byTag.keys()].find((tag) => !(FAITH_TERM_LANGS as readonly string[]).includes(tag));
  if (unknown) throw new Error(`faith-terms.tsv: no language ${unknown}`);
  words = {
    zh: (byTag.get('zh') ?? []).map(foldToSimplified),
    en: byTag.get('en') ?? [],
    es: byTag.get('es') ?? [],
    fr: byTag.get('fr') ?? [],
  };
  return words;
}
