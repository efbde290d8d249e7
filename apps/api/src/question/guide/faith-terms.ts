// Words that put a question in the Bible's and the faith's domain, in the five reader languages. The retriever's
// relevance floor: a question that cites no reference, names nothing of the passage guide, holds no book name and
// none of these words, and whose best verse does not hold all its words, is not one the corpus answers (the
// weather, a recipe, a football score): it retrieves nothing rather than the nearest noise.
// Chinese terms are matched as substrings of the folded (Simplified) question; the others as stemmed words. The words
// are data (language/lexicon/faith-terms.tsv).
import type { BibleLanguage } from '@bible-qa/contract';
import { faithTermWords } from '../../language/faith-terms.ts';
import { foldToSimplified } from '../../language/chinese-text.ts';
import { stem, type StemLang } from '../../language/stemmer.ts';
import { sanitizeText, wordTokens } from '../../language/text-analysis.ts';

function stemmed(text: string, language: StemLang): string[] {
  return wordTokens(text).map((w) => stem(w, language));
}

const WORDS = faithTermWords();
const CHINESE = WORDS.zh;
const LATIN: Record<StemLang, ReadonlySet<string>> = {
  en: new Set(WORDS.en.flatMap((w) => stemmed(w, 'en'))),
  es: new Set(WORDS.es.flatMap((w) => stemmed(w, 'es'))),
  fr: new Set(WORDS.fr.flatMap((w) => stemmed(w, 'fr'))),
};

/** Whether a question holds a word of the faith's or the Bible's domain in the reader's language. */
export function hasFaithTerm(question: string, language: BibleLanguage): boolean {
  if (language === 'zh-Hans' || language === 'zh-Hant') {
    const folded = foldToSimplified(sanitizeText(question));
    return CHINESE.some((term) => folded.includes(term));
  }
  const set = LATIN[language];
  return stemmed(question, language).some((w) => set.has(w));
}

/** Whether one content word (a stem, or a folded Chinese word) is of the faith's domain in the reader's language. */
export function isFaithWord(word: string, language: BibleLanguage): boolean {
  if (language === 'zh-Hans' || language === 'zh-Hant') return CHINESE.includes(word);
  return LATIN[language].has(word);
}
