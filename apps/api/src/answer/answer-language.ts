import type { Locale } from '@bible-qa/contract';
import { foldToSimplified } from '../retrieval/chinese-text.ts';

const MARKERS: Record<'en' | 'es-es' | 'fr-fr', RegExp> = {
  en: /\b(the|what|who|why|how|does|is|are|and|of|to|bible|god|jesus|say|about)\b/g,
  'es-es': /\b(el|la|los|las|qué|que|quién|por|cómo|es|son|dice|biblia|dios|jesús|sobre|del|y)\b/g,
  'fr-fr': /\b(le|la|les|que|qui|quoi|pourquoi|comment|est|sont|dit|bible|dieu|jésus|sur|du|des|et)\b/g,
};

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
  const lower = text.toLowerCase();
  // Letters and marks only one of the three languages uses count as words do: ¿ ¡ ñ are Spanish, è ê ç œ French.
  const letters: Record<keyof typeof MARKERS, RegExp> = {
    en: /$^/g,
    'es-es': /[¿¡ñ]/g,
    'fr-fr': /[èêçœù]|\boù\b|-t-(?:il|elle)/g,
  };
  const scores = (Object.keys(MARKERS) as (keyof typeof MARKERS)[])
    .map((lang) => ({
      lang,
      n: (lower.match(MARKERS[lang]) ?? []).length + 2 * (lower.match(letters[lang]) ?? []).length,
    }))
    .sort((a, b) => b.n - a.n);
  const [best, second] = scores;
  if (!best || best.n < 2 || best.n <= (second?.n ?? 0))
    return setting === 'zh-cn' || setting === 'zh-tw' ? 'en' : setting;
  return best.lang === setting ? setting : best.lang;
}
