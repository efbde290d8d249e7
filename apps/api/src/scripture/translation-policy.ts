import type { BibleLanguage, Expression, Tradition } from '@bible-qa/contract';

/** The language of the Bible a reader of a UI locale reads (the contract holds the mapping the web shares). */
export { bibleLanguageOf } from '@bible-qa/contract';

/** 'none' (no preference) reads like the Protestant default; the canon follows the tradition. */
export function traditionOf(expression: Expression | undefined): Tradition {
  return !expression || expression === 'none' ? 'protestant' : expression;
}

/**
 * The translation a reader of a language and tradition sees (the corpus has no Catholic Chinese or Spanish text, so
 * those readers get the Union Version and Reina-Valera with Catholic book names). French Orthodox readers get the
 * Septuagint for the Old Testament.
 */
export function defaultTranslation(
  language: BibleLanguage,
  tradition: Tradition,
  testament: 'OT' | 'NT' | 'DC',
): string {
  switch (language) {
    case 'zh-Hans':
      return 'cuv-hans';
    case 'zh-Hant':
      return 'cuv-hant';
    case 'es':
      return 'rv1909';
    case 'en':
      return tradition === 'catholic' || (tradition === 'orthodox' && testament === 'DC') ? 'cpdv' : 'webbe';
    case 'fr':
      if (tradition === 'orthodox' && testament !== 'NT') return 'giguet-lxx-fr';
      return tradition === 'catholic' || testament === 'DC' ? 'crampon' : 'darby-fr';
  }
}

/** Short names of the corpus's translations for chips that fit a phone; proper names, the same in every language. */
const ABBREVIATIONS: Readonly<Record<string, string>> = {
  kjv: 'KJV',
  webbe: 'WEB',
  'cuv-hans': '和合本',
  'cuv-hant': '和合本（繁）',
  'cuv-wenli': '文理和合',
  rv1909: 'RV 1909',
  'darby-fr': 'Darby',
  crampon: 'Crampon',
  drc: 'DRC',
  cpdv: 'CPDV',
  'giguet-lxx-fr': 'LXX Giguet',
};

export function translationAbbr(id: string): string {
  return ABBREVIATIONS[id] ?? id.toUpperCase();
}
