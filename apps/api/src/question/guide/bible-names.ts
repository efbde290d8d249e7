// The Bible's proper names in the reader languages (derived/bible-names.json, built from the corpus by
// retrieval/build-derived-data.ts): a question that names Goliath, 挪亚 or Moisés is about the Bible even when it holds
// none of the faith's words ("Who killed Goliath?"), so the relevance floor lets it through.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BibleLanguage } from '@bible-qa/contract';
import { chineseNameOf, foldToSimplified } from '../../language/chinese-text.ts';
import { DERIVED_DIR } from '../../language/derived-files.ts';
import { contentWords, sanitizeText, wordTokens } from '../../language/text-analysis.ts';

// DERIVED_DIR, not a path from this folder: in the compiled bundle every module is the bundle's folder, where the
// derived files are copied (scripts/build-api.ts).
export const BIBLE_NAMES_FILE = path.join(DERIVED_DIR, 'bible-names.json');

export interface BibleNamesFile {
  source: string;
  /** Lower-cased English names as the Bibles spell them. */
  en: string[];
  /** The English names that are people's: their dictionary articles tell a person, and a place not much more often. */
  people: string[];
  /** The English names that are places': their articles tell a place at least as often as a person. */
  places: string[];
  /** Glossary words (Spanish and French stems, Chinese words folded to Simplified) that translate to a name. */
  es: string[];
  fr: string[];
  zh: string[];
}

let loaded:
  | { en: Set<string>; people: Set<string>; places: Set<string>; es: Set<string>; fr: Set<string>; zh: string[] }
  | undefined;

function names() {
  if (!loaded) {
    const file = JSON.parse(readFileSync(BIBLE_NAMES_FILE, 'utf8')) as BibleNamesFile;
    // Chinese names are found as substrings of the question: jieba may cut an unknown name differently.
    loaded = {
      en: new Set(file.en),
      people: new Set(file.people),
      places: new Set(file.places),
      es: new Set(file.es),
      fr: new Set(file.fr),
      zh: file.zh.filter((w) => w.length > 1),
    };
  }
  return loaded;
}

/** Whether a question names a person or place of the Bible in the reader's language. */
export function hasBibleName(question: string, language: BibleLanguage): boolean {
  const table = names();
  if (language === 'zh-Hans' || language === 'zh-Hant') {
    const folded = foldToSimplified(sanitizeText(question));
    return table.zh.some((name) => folded.includes(name));
  }
  if (language === 'en') {
    return wordTokens(question).some((w) => table.en.has(w));
  }
  const set = table[language];
  return contentWords(question, language).some((w) => set.has(w));
}

/** Whether an English name (lower case) is a person's: its articles tell a person, and a place not much more often. */
export function isBiblePerson(name: string): boolean {
  return names().people.has(name);
}

/** Whether an English name (lower case) is a place's: its articles tell a place at least as often as a person. */
export function isBiblePlace(name: string): boolean {
  return names().places.has(name);
}

/**
 * The words of an English question that may be names: those written with a capital ("What was David's job?" names
 * David, not Job), or every word of a question typed all in lower case ("who tempted eve in the garden").
 */
function englishNames(question: string): string[] {
  const lowerCase = !/\p{Lu}/u.test(question.slice(1));
  return (question.match(/\p{L}+/gu) ?? [])
    .filter((word, i) => lowerCase || i === 0 || /^\p{Lu}/u.test(word))
    .flatMap((word) => wordTokens(word));
}

/**
 * Whether a text names a person or place of the Bible other than God (`isDivine` tells God's and Christ's names):
 * Chinese names as the Union Version spells them (two characters or more), and Latin-script names written with a
 * capital, or anywhere in a text typed in lower case, in the English table (which holds the Latin forms the
 * Spanish and French Bibles share: Judas, Saul, Samson, Job). The care reading (question/care-risk.ts) sets a risk
 * word aside when it is about such a figure and the writer says nothing of themselves.
 */
export function hasBibleFigure(text: string, isDivine: (name: string) => boolean): boolean {
  const table = names();
  const folded = foldToSimplified(sanitizeText(text));
  if (table.zh.some((name) => folded.includes(name) && !isDivine(name))) return true;
  // A name written with a capital, or a long one however written ("why did elijah ask God…"): short names are often
  // words too (job, dan, ham).
  const words = (text.match(/\p{L}+/gu) ?? []).filter((word) => /^\p{Lu}/u.test(word) || word.length >= 5);
  return words.flatMap((word) => wordTokens(word)).some((w) => table.en.has(w) && !isDivine(w));
}

/** Names every reader uses of God and of the people as a whole: a note need not spell them to be about the question. */
const COMMON_NAMES = new Set(['god', 'lord', 'jesus', 'christ', 'israel', 'jehovah', 'messiah']);

/**
 * The English names of the people and places a question names (Goliath in "Who killed Goliath?", Uriah in
 * "乌利亚的妻子是谁？"), besides God's and Israel's: English words of the Bibles' names, Chinese names as the Union
 * Version spells them. Spanish and French questions give none (their glossary names are not sure enough).
 */
export function namesAsked(question: string, language: BibleLanguage): string[] {
  const table = names();
  const found =
    language === 'zh-Hans' || language === 'zh-Hant'
      ? contentWords(question, 'zh').flatMap((w) => chineseNameOf(w) ?? [])
      : language === 'en'
        ? englishNames(question).filter((w) => table.en.has(w))
        : [];
  return [...new Set(found)].filter((n) => !COMMON_NAMES.has(n));
}
