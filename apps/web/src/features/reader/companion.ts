import type { TranslationChoice } from '@bible-qa/contract';

/** The language of a translation without its script: 和合本 in simplified and in traditional characters are both zh. */
const baseLanguage = (language: string) => language.split('-')[0]!.toLowerCase();
/** One text in two scripts counts once: cuv-hans and cuv-hant are the same Union Version. */
const textOf = (id: string) => id.replace(/-(hans|hant)$/, '');

/**
 * The translation the parallel view opens beside the current one: a genuinely different text, never the same text
 * in its other script. English beside a Chinese, Spanish or French text (the corpus's widest choice, and the language
 * of its reference works); another English translation beside an English one; else the first text of another
 * language, else any other text.
 */
export function companionOf(choices: readonly TranslationChoice[], current: string): TranslationChoice | undefined {
  const mine = choices.find((c) => c.id === current);
  const others = choices.filter((c) => c.id !== current && textOf(c.id) !== textOf(current));
  if (!mine) return others[0];
  const language = baseLanguage(mine.language);
  return (
    others.find((c) => baseLanguage(c.language) === 'en') ??
    others.find((c) => baseLanguage(c.language) !== language) ??
    others[0] ??
    choices.find((c) => c.id !== current)
  );
}
