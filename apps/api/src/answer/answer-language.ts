import type { Locale } from '@bible-qa/contract';
import { foldToSimplified } from '../language/chinese-text.ts';
import { glossaryVocabulary } from '../language/cross-lingual.ts';
import { stem } from '../language/stemmer.ts';
import { STOP_WORD_LISTS } from '../language/stop-words.ts';

type LatinLocale = 'en' | 'es-es' | 'fr-fr';
const LATIN: readonly [LatinLocale, 'en' | 'es' | 'fr'][] = [
  ['en', 'en'],
  ['es-es', 'es'],
  ['fr-fr', 'fr'],
];
const fold = (word: string) => word.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');
/** Each language's function and question words (the retriever's query stop words), folded like the question's. */
const WORDS = new Map(LATIN.map(([locale, lang]) => [locale, new Set(STOP_WORD_LISTS[lang].map(fold))]));
/** Letters and marks only one of the three writes: ¿ ¡ ñ are Spanish; è ê à ç œ ù â î ô û ë ï French. */
const LETTERS: Record<LatinLocale, RegExp> = {
  en: /$^/g,
  'es-es': /[¿¡ñáíóú]/g,
  'fr-fr': /[èêàçœùâîôûëï]|-t-(?:il|elle|on)\b/g,
};

/** Whether a word (folded) is one the language's Bibles use (the glossaries' words: stems for Spanish and French). */
const inVocabulary = (word: string, lang: 'en' | 'es' | 'fr') =>
  glossaryVocabulary(lang).has(lang === 'en' ? word : stem(word, lang));

/**
 * How much a Latin-script question reads as each language: a function word counts 1 shared out among the languages
 * that have it ("la" is Spanish and French, "que" too, "the" only English), a word of only one language's Bibles 0.5
 * ("femme", "devint"), a letter only one language writes 2.
 */
function latinScores(text: string): { locale: LatinLocale; n: number }[] {
  const words = (text.match(/\p{L}+/gu) ?? []).map(fold);
  return LATIN.map(([locale, lang]) => {
    let n = 2 * (text.toLowerCase().match(LETTERS[locale]) ?? []).length;
    for (const word of words) {
      if (WORDS.get(locale)!.has(word)) {
        n += 1 / LATIN.filter(([other]) => WORDS.get(other)!.has(word)).length;
      } else if (inVocabulary(word, lang) && LATIN.every(([, other]) => other === lang || !inVocabulary(word, other))) {
        n += 0.5;
      }
    }
    return { locale, n };
  }).sort((a, b) => b.n - a.n);
}

/**
 * The answer's language: the reader's setting, unless the question is clearly in another language (Chinese
 * characters against a Latin-script setting, or a Latin-script question whose words are plainly English, Spanish
 * or French against a Chinese setting or another of the three).
 */
export function answerLanguage(question: string, setting: Locale): Locale {
  const text = question.normalize('NFKC');
  const han = (text.match(/\p{Script=Han}/gu) ?? []).length;
  const latin = (text.match(/\p{Script=Latin}/gu) ?? []).length;
  if (han >= 2 && han >= latin / 3) {
    if (setting === 'zh-cn' || setting === 'zh-tw') return setting;
    const hanOnly = (text.match(/\p{Script=Han}+/gu) ?? []).join('');
    return foldToSimplified(hanOnly) !== hanOnly ? 'zh-tw' : 'zh-cn';
  }
  if (latin < 6 || han > 0) return setting;
  const [best, second] = latinScores(text);
  // A clear lead of at least one word's worth: "Qui a tué Goliath ?" is French, "amen" stays the reader's setting.
  if (!best || best.n < 1 || best.n - (second?.n ?? 0) < 1) {
    return setting === 'zh-cn' || setting === 'zh-tw' ? 'en' : setting;
  }
  return best.locale;
}
