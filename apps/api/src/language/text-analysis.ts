// One analyser for the index and for queries. Tokenisation is driven by script, not by the document's language
// label: Han runs become folded unigrams + bigrams, everything else becomes lower-cased, accent-folded words.
// That keeps index and query tokens aligned even for mixed-language text or a query in an unexpected language;
// the language chooses which query stop words to drop and, for English, Spanish and French, how words are stemmed:
// a passage of a known language is indexed with each word followed by its stem when that differs (stemmer.ts), and
// a query asks for both, so an exact form scores above an inflected relative and both are found.
import { foldToSimplified, hanWords, pushHanNgrams, pushHanQueryGrams, withoutStopWords } from './chinese-text.ts';
import { stem, stemLang, type StemLang } from './stemmer.ts';
import { STOP_WORD_LISTS, type StopWordLang } from './stop-words.ts';

/** Bump when the tokens produced for the same text change: indexes built with another version are refused. */
export const ANALYZER_VERSION = 2;
export const MAX_TOKEN_LENGTH = 40;
export const MAX_QUERY_TERMS = 32;
/** Only this much of a query is looked at (code units), then this much of the cleaned text is analysed. */
const MAX_QUERY_INPUT = 64 * 1024;
const MAX_QUERY_TEXT = 2000;

const HAN_SPLIT = /(\p{Script=Han}+)/u;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
// Format characters (zero-width space/joiners, bidi embeddings and overrides, soft hyphen, BOM) are removed, so they
// can neither split a word nor disguise one; control and line-separator characters become spaces.
const INVISIBLE = /\p{Cf}/gu;
const CONTROL = /[\p{Cc}\p{Zl}\p{Zp}]/gu;
const WORD = /[\p{L}\p{N}\p{M}]+(?:['’][\p{L}\p{N}\p{M}]+)*/gu;
const APOSTROPHE = /['’]/;
const MARKS = /\p{M}/gu;
const NON_ASCII = /[^ -~]/; // anything beyond printable ASCII (controls are already spaces)
// French elided articles and pronouns (l'amour, qu'il, jusqu'à); an English possessive 's is dropped too.
const ELISIONS = new Set(['l', 'd', 'j', 'm', 'n', 's', 't', 'c', 'qu', 'jusqu', 'lorsqu', 'puisqu']);

/** Removes what must never reach the tokeniser: lone surrogates, invisible format characters, controls; NFKC. */
export function sanitizeText(text: string): string {
  return text.replace(LONE_SURROGATE, ' ').replace(INVISIBLE, '').replace(CONTROL, ' ').normalize('NFKC');
}

function capLength(token: string): string {
  if (token.length <= MAX_TOKEN_LENGTH) return token;
  return Array.from(token).slice(0, MAX_TOKEN_LENGTH).join('');
}

function pushWord(word: string, out: string[]): void {
  if (!APOSTROPHE.test(word)) {
    out.push(capLength(word));
    return;
  }
  const parts = word.split(APOSTROPHE);
  const last = parts.length - 1;
  parts.forEach((part, i) => {
    if (i < last && ELISIONS.has(part)) return;
    if (i === last && i > 0 && part === 's') return;
    if (part) out.push(capLength(part));
  });
}

/**
 * Tokens of text that holds no Han characters: lower-cased, diacritics removed (é→e, ñ→n, ἀγάπη→αγαπη); with a
 * stemming language, each word is followed by its stem when that differs.
 */
export function pushWordTokens(segment: string, out: string[], stemming?: StemLang): void {
  let text = segment.toLowerCase();
  if (NON_ASCII.test(text)) text = text.normalize('NFD').replace(MARKS, '');
  if (!stemming) {
    for (const match of text.matchAll(WORD)) pushWord(match[0], out);
    return;
  }
  const words: string[] = [];
  for (const match of text.matchAll(WORD)) pushWord(match[0], words);
  pushWithStems(words, stemming, out);
}

/** The lower-cased, accent-folded words of a Latin-script text, unstemmed (the analyser's tokenisation). */
export function wordTokens(text: string): string[] {
  const out: string[] = [];
  pushWordTokens(sanitizeText(text), out);
  return out;
}

function pushWithStems(
  words: readonly string[],
  stemming: StemLang,
  out: string[],
  unstemmed?: ReadonlySet<string>,
): void {
  for (const word of words) {
    out.push(word);
    const stemmed = unstemmed?.has(word) ? word : stem(word, stemming);
    if (stemmed !== word) out.push(stemmed);
  }
}

/** A French word with a diaeresis: nearly always a name (Moïse, Israël, Ésaü, Isaïe, Lakhaï-roï). */
const FRENCH_DIAERESIS = /[\p{L}\p{M}]*[ëïüÿ][\p{L}\p{M}]*/gu;

/**
 * The folded forms of a French text's words with a diaeresis, which a query asks as written and not by their stem:
 * the stem of Moïse is "mois", the month, and a question on Moses asked every verse that dates something.
 */
export function frenchNamesWithDiaeresis(text: string): Set<string> {
  const out = new Set<string>();
  for (const [word] of text.normalize('NFC').toLowerCase().matchAll(FRENCH_DIAERESIS)) {
    const folded: string[] = [];
    pushWordTokens(word, folded);
    for (const w of folded) out.add(w);
  }
  return out;
}

/**
 * Index-time tokens of a passage, in text order, duplicates kept (BM25 needs term frequencies). With the passage's
 * language (BCP 47), English, Spanish and French words are followed by their stems.
 */
export function analyzeForIndex(text: string, lang?: string): string[] {
  const stemming = stemLang(lang);
  const out: string[] = [];
  const parts = sanitizeText(text).split(HAN_SPLIT);
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i];
    if (!part) continue;
    if (i % 2 === 1) pushHanNgrams(foldToSimplified(part), out);
    else pushWordTokens(part, out, stemming);
  }
  return out;
}

/** The whitespace-joined `tok` column value; tokens never contain whitespace. */
export function indexText(text: string, lang?: string): string {
  return analyzeForIndex(text, lang).join(' ');
}

const LATIN_STOP_LANGS = ['en', 'es', 'fr'] as const;
type LatinStopLang = (typeof LATIN_STOP_LANGS)[number];

function foldedSet(lang: StopWordLang): ReadonlySet<string> {
  const out: string[] = [];
  for (const word of STOP_WORD_LISTS[lang]) {
    if (lang === 'zh') out.push(foldToSimplified(word));
    else pushWordTokens(word, out);
  }
  return new Set(out);
}

const STOP_SETS: Readonly<Record<StopWordLang, ReadonlySet<string>>> = {
  en: foldedSet('en'),
  es: foldedSet('es'),
  fr: foldedSet('fr'),
  zh: foldedSet('zh'),
};

/** The language of non-Han query words: the query's language if it is en/es/fr, else the stop list that fits best. */
function latinLang(lang: string | undefined, words: readonly string[]): LatinStopLang {
  const base = lang?.split('-')[0]?.toLowerCase();
  if (base === 'en' || base === 'es' || base === 'fr') return base;
  let best: LatinStopLang = 'en';
  let bestHits = -1;
  for (const candidate of LATIN_STOP_LANGS) {
    const hits = words.filter((w) => STOP_SETS[candidate].has(w)).length;
    if (hits > bestHits) [best, bestHits] = [candidate, hits];
  }
  return best;
}

export interface QueryAnalysisOptions {
  /** BCP 47 language of the query, if known (zh-Hans, en, es …); only picks the stop-word list. */
  lang?: string;
  /** At most this many terms are returned (1…32, default 32). */
  maxTerms?: number;
  /** A query of stop words only is searched for its stop words (default); false answers [] instead. */
  keepStopWordsIfEmpty?: boolean;
  /** Also ask for the stem of each English, Spanish or French word (right after the word), as the index holds it. */
  stems?: boolean;
}

type Segment = { han: true; folded: string } | { han: false; words: string[] };

/**
 * Turns untrusted user text into plain index terms: never throws, never returns full-text syntax, at most
 * `maxTerms` distinct terms. Stop words are dropped unless nothing else is left (a query for "the" still works).
 */
export function analyzeQuery(raw: unknown, options: QueryAnalysisOptions = {}): string[] {
  if (typeof raw !== 'string' || raw.length === 0) return [];
  let text = sanitizeText(raw.slice(0, MAX_QUERY_INPUT));
  if (text.length > MAX_QUERY_TEXT) text = text.slice(0, MAX_QUERY_TEXT).replace(LONE_SURROGATE, '');
  const segments: Segment[] = [];
  const allWords: string[] = [];
  text.split(HAN_SPLIT).forEach((part, i) => {
    if (!part) return;
    if (i % 2 === 1) return segments.push({ han: true, folded: foldToSimplified(part) });
    const words: string[] = [];
    pushWordTokens(part, words);
    allWords.push(...words);
    segments.push({ han: false, words });
  });
  const wordLang = latinLang(options.lang, allWords);
  const latinStop = STOP_SETS[wordLang];
  const unstemmed = options.stems && wordLang === 'fr' ? frenchNamesWithDiaeresis(text) : undefined;
  const pushWords = (words: readonly string[]) =>
    options.stems ? pushWithStems(words, wordLang, kept, unstemmed) : kept.push(...words);
  const kept: string[] = [];
  for (const segment of segments) {
    if (!segment.han) pushWords(segment.words.filter((w) => !latinStop.has(w)));
    else for (const stretch of withoutStopWords(segment.folded, STOP_SETS.zh)) pushHanQueryGrams(stretch, kept);
  }
  if (kept.length === 0 && options.keepStopWordsIfEmpty !== false) {
    for (const segment of segments) {
      if (segment.han) pushHanQueryGrams(segment.folded, kept);
      else pushWords(segment.words);
    }
  }
  const max = Math.min(MAX_QUERY_TERMS, Math.max(1, Math.floor(Number(options.maxTerms) || MAX_QUERY_TERMS)));
  return [...new Set(kept)].slice(0, max);
}

/**
 * How many times each query term is asked for (BM25 adds a repeated term's score again): a word asked together with
 * its stem ("asked" + "ask") already counts twice where it stands as written, so a word without a distinct stem
 * ("Abraham", "Goliath", a Chinese character) is asked twice too; otherwise names, the words that decide a question
 * of fact, would weigh half as much as any inflected word beside them.
 */
export function termWeights(terms: readonly string[], lang: string | undefined): number[] {
  const stemming = stemLang(lang) ?? (lang === undefined ? undefined : latinLang(lang, terms));
  const weights = terms.map(() => 2);
  if (!stemming) return terms.map(() => 1);
  for (let i = 0; i + 1 < terms.length; i++) {
    const word = terms[i] as string;
    if (stem(word, stemming) === terms[i + 1] && terms[i + 1] !== word) {
      weights[i] = 1;
      weights[i + 1] = 1;
      i += 1;
    }
  }
  // Without a word and its stem, every term stands once.
  return weights.includes(1) ? weights : terms.map(() => 1);
}

/**
 * The content words of a text for word-to-word translation (glossary.ts): jieba words of Han runs and stemmed
 * English, Spanish or French words, stop words and numbers left out, in text order with repeats.
 */
export function contentWords(text: string, lang: string): string[] {
  const latin = latinLang(lang, []);
  const stemming = stemLang(lang) ?? latin;
  const out: string[] = [];
  const parts = sanitizeText(text).split(HAN_SPLIT);
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i];
    if (!part) continue;
    if (i % 2 === 1) {
      for (const word of hanWords(foldToSimplified(part))) if (!STOP_SETS.zh.has(word)) out.push(word);
      continue;
    }
    const words: string[] = [];
    pushWordTokens(part, words);
    for (const word of words) {
      if (STOP_SETS[latin].has(word) || /\d/.test(word)) continue;
      out.push(stem(word, stemming));
    }
  }
  return out;
}
