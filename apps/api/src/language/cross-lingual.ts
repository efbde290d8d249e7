// Cross-lingual keywords: the reference works (Nave's, the dictionaries, Matthew Henry) are English, so a Chinese,
// Spanish or French question reaches them through English words. Each content word of the question is looked up in
// a glossary learned from the corpus's parallel Bible text (retrieval/build-derived-data.ts); words nothing translates
// are left out. Book names (books.json, every language) translate too, for names the old translations spell
// differently (Rut, Ruth).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BibleLanguage, BookRecord } from '../scripture/references.types.ts';
import { chineseNameOf, foldToSimplified, hanWords } from './chinese-text.ts';
import { DERIVED_DIR } from './derived-files.ts';
import { contentWords } from './text-analysis.ts';

export const GLOSSARY_SOURCES = [
  { lang: 'zh', translation: 'cuv-hans', file: 'glossary-zh-en.json' },
  { lang: 'es', translation: 'rv1909', file: 'glossary-es-en.json' },
  { lang: 'fr', translation: 'darby-fr', file: 'glossary-fr-en.json' },
] as const;

export interface GlossaryFile {
  /** How the file was made. */
  source: string;
  lang: string;
  /** Source content word (jieba word folded to Simplified, or a stem) → space-separated English words. */
  terms: Record<string, string>;
}

const MAX_KEYWORDS = 24;
/**
 * Words whose accents tell them from the word they fold to are kept apart in the glossary: a Spanish word stressed on
 * an accented last vowel, a verb's preterite or future (oró prayed, amó loved), folds to a noun without its accent
 * (oro gold, amo master), and a French word with a diaeresis, mostly a name (Moïse), stems to a common word (mois,
 * month); the commoner word took the shared entry ("moses month" for every question on Moses). Their entries end in
 * this mark; a word typed without its accents reads the unmarked entry, as before.
 */
const MARK = '´';
const MARKED: Readonly<Record<string, RegExp>> = { es: /[áéíóú]$/, fr: /[ëïüÿ]/ };

/**
 * The words of a text as the glossaries are keyed: its content words (`contentWords`), a word whose accents tell it
 * apart (MARKED) marked. Word-for-word with `contentWords`.
 */
export function glossaryWords(text: string, lang: string): string[] {
  const marked = MARKED[lang.split('-')[0]?.toLowerCase() ?? ''];
  if (!marked) return contentWords(text, lang);
  const out: string[] = [];
  for (const [word] of text
    .normalize('NFC')
    .toLowerCase()
    .matchAll(/[\p{L}\p{M}]+/gu)) {
    const own = contentWords(word, lang);
    if (own.length === 0) continue;
    if (marked.test(word)) own[own.length - 1] += MARK;
    out.push(...own);
  }
  return out;
}

/** A glossary word as `contentWords` gives it: without the mark. */
export const unmarked = (word: string) => (word.endsWith(MARK) ? word.slice(0, -MARK.length) : word);

/** A glossary word's English: its own entry, else (a marked word the glossary has no entry for) the unmarked one. */
function englishOf(glossary: ReadonlyMap<string, string> | undefined, word: string): string | undefined {
  return glossary?.get(word) ?? (word.endsWith(MARK) ? glossary?.get(unmarked(word)) : undefined);
}

const loaded = new Map<string, ReadonlyMap<string, string>>();

function glossaryOf(lang: string): ReadonlyMap<string, string> | undefined {
  const base = lang.split('-')[0]?.toLowerCase() ?? '';
  const source = GLOSSARY_SOURCES.find((s) => s.lang === base);
  if (!source) return undefined;
  let terms = loaded.get(base);
  if (!terms) {
    const file = JSON.parse(readFileSync(path.join(DERIVED_DIR, source.file), 'utf8')) as GlossaryFile;
    terms = new Map(Object.entries(file.terms));
    loaded.set(base, terms);
  }
  return terms;
}

/**
 * The words the corpus's Bibles use in a language, as the glossaries hold them: the Chinese, Spanish and French
 * source words (stems), and for English the words they translate to.
 */
export function glossaryVocabulary(lang: 'en' | 'es' | 'fr'): ReadonlySet<string> {
  let vocabulary = vocabularies.get(lang);
  if (!vocabulary) {
    vocabulary =
      lang === 'en'
        ? new Set(
            GLOSSARY_SOURCES.flatMap((source) => [...(glossaryOf(source.lang)?.values() ?? [])]).flatMap((english) =>
              english.split(' '),
            ),
          )
        : new Set([...(glossaryOf(lang)?.keys() ?? [])].map(unmarked));
    vocabularies.set(lang, vocabulary);
  }
  return vocabulary;
}
const vocabularies = new Map<string, ReadonlySet<string>>();

/**
 * English search words for a question in another language: the glossary's translations of its content words, and
 * the English name of any book named in it. Undefined when nothing translates (or the question is English).
 */
export function createEnglishKeywords(books: readonly Pick<BookRecord, 'names'>[] = []) {
  const bookNames = new Map<string, Map<string, string>>();
  for (const book of books) {
    for (const [lang, name] of Object.entries(book.names)) {
      if (lang === 'en' || /\d/.test(name)) continue;
      const words = contentWords(name, lang);
      if (words.length !== 1) continue;
      const byLang = bookNames.get(lang) ?? new Map<string, string>();
      byLang.set(words[0] as string, book.names.en);
      bookNames.set(lang, byLang);
    }
  }
  return (question: string, language: BibleLanguage): string | undefined => {
    if (language === 'en') return undefined;
    const glossary = glossaryOf(language);
    const names = bookNames.get(language);
    const out: string[] = [];
    for (const word of glossaryWords(question, language)) {
      const name = names?.get(unmarked(word));
      if (name) out.push(name);
      if (language === 'zh-Hans' || language === 'zh-Hant') out.push(...(chineseNameOf(word) ?? []));
      const english = englishOf(glossary, word);
      if (english) out.push(...english.split(' '));
    }
    const unique = [...new Set(out)].slice(0, MAX_KEYWORDS);
    return unique.length > 0 ? unique.join(' ') : undefined;
  };
}

/**
 * How a text in the reader's language spells a Bible name given in English ("saul"): 扫罗 in the Union Version,
 * Saúl in the Reina-Valera, as the text writes it; undefined when the text does not name them. Chinese reads the
 * names table (derived/names-zh.json), Spanish and French the glossary's word whose first English word is the name.
 */
export function nameSpelledIn(name: string, text: string, language: BibleLanguage): string | undefined {
  if (language === 'zh-Hans' || language === 'zh-Hant') {
    const folded = foldToSimplified(text);
    let at = 0;
    for (const word of hanWords(folded)) {
      if (chineseNameOf(word)?.includes(name))
        return folded.length === text.length ? text.slice(at, at + word.length) : word;
      at += word.length;
    }
    return undefined;
  }
  const glossary = language === 'en' ? undefined : glossaryOf(language);
  for (const word of text.match(/\p{L}+/gu) ?? []) {
    const [own] = glossaryWords(word, language);
    if (!own) continue;
    if (word.toLowerCase() === name || englishOf(glossary, own)?.split(' ')[0] === name) return word;
  }
  return undefined;
}
