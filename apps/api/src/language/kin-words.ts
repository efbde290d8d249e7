// Words of kinship (lexicon/kin-words.tsv): what a question of who asks of the person it names ("Moses' wife",
// 大卫的父亲), and the words a verse states a tie of family, birth or marriage with.
import type { BibleLanguage } from '../scripture/references.types.ts';
import { foldToSimplified } from './fold.ts';
import { escapeRegExp } from './lexicon.ts';
import { readWordsByTag } from './word-list.ts';

type KinLang = 'zh' | 'en' | 'es' | 'fr';

interface KinMatchers {
  /** Per language, each tie asked ("father") with the words that ask it, as one expression. */
  asked: Map<KinLang, { kin: string; regex: RegExp }[]>;
  stated: Map<KinLang, RegExp>;
  /** Ties a person has one of. */
  one: Set<string>;
  /** Per language, the words that just before a tie ask for the one who has it (whose), at the end of a text. */
  whose: Map<KinLang, RegExp>;
}

let matchers: KinMatchers | undefined;

function langOf(language: BibleLanguage): KinLang {
  return language === 'zh-Hans' || language === 'zh-Hant' ? 'zh' : language;
}

/** Chinese words anywhere in the (Simplified) text; the others whole, in any case. */
function expression(lang: KinLang, words: readonly string[]): RegExp {
  const alternatives = words.map((w) => escapeRegExp(lang === 'zh' ? foldToSimplified(w) : w)).join('|');
  return lang === 'zh'
    ? new RegExp(alternatives, 'u')
    : new RegExp(`(?<![\\p{L}-])(?:${alternatives})(?![\\p{L}-])`, 'iu');
}

function read(): KinMatchers {
  if (matchers) return matchers;
  const asked: KinMatchers['asked'] = new Map();
  const stated: KinMatchers['stated'] = new Map();
  let one = new Set<string>();
  const whose: KinMatchers['whose'] = new Map();
  for (const [tag, words] of readWordsByTag('kin-words.tsv')) {
    const [lang, use, kin] = tag.split('.') as [KinLang, string, string | undefined];
    if (tag === 'one') one = new Set(words);
    else if (use === 'whose') {
      const ending = expression(lang, words);
      whose.set(lang, new RegExp(`(?:${ending.source})$`, ending.flags));
    } else if (use === 'stated') stated.set(lang, expression(lang, words));
    else if (use === 'asked' && kin)
      asked.set(lang, [...(asked.get(lang) ?? []), { kin, regex: expression(lang, words) }]);
    else throw new Error(`kin-words.tsv: ${tag} is none of language.asked.tie, language.stated, language.whose, one`);
  }
  matchers = { asked, stated, one, whose };
  return matchers;
}

function folded(text: string, lang: KinLang): string {
  return lang === 'zh' ? foldToSimplified(text) : text;
}

/**
 * The tie a question asks of someone, in English as the reference works write it ("father" for 大卫的父亲, "wife" for
 * la femme de Moïse): the one whose word comes first; undefined when it asks none.
 */
export function kinAsked(question: string, language: BibleLanguage): string | undefined {
  const lang = langOf(language);
  const text = folded(question, lang);
  const { asked, whose } = read();
  let best: { kin: string; at: number } | undefined;
  for (const { kin, regex } of asked.get(lang) ?? []) {
    const at = regex.exec(text)?.index;
    if (at !== undefined && (!best || at < best.at)) best = { kin, at };
  }
  // "Whose wife…?" asks for the husband: the tie is not the answer's.
  if (best && whose.get(lang)?.test(text.slice(0, best.at).trimEnd())) return undefined;
  return best?.kin;
}

/** Whether a person has one of this tie (father, wife), not several (son, brother): lexicon/kin-words.tsv `one`. */
export function isSingleTie(tie: string): boolean {
  return read().one.has(tie);
}

/** Whether a verse's text holds a word of family, birth or marriage in the reader's Bible (儿子, begat, engendró). */
export function statesKin(text: string, language: BibleLanguage): boolean {
  const lang = langOf(language);
  return read().stated.get(lang)?.test(folded(text, lang)) ?? false;
}
