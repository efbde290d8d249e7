// The passage guide: a curated index, in five languages, of what readers ask about (named passages and pericopes,
// topics, people, places) and the verses a pastor would cite for each (passage-guide.json, checked against the
// corpus by `npm run check:guide`). A question is matched against the aliases of its language, longest first and
// without overlaps, so 以利亚撒 (Eleazar) is never read as 以利亚 (Elijah) nor 撒玛利亚 (Samaria) as 玛利亚.
// Chinese is matched after folding to Simplified; English, Spanish and French as sequences of stemmed words, so
// "worried" finds the alias "worry" and "Béatitudes" finds "beatitudes".
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BibleLanguage } from '@bible-qa/contract';
import type { DistressTheme } from '../../language/care-lexicon.ts';
import { addHanWords, chineseNameOf, foldToSimplified } from '../../language/chinese-text.ts';
import { stem, type StemLang } from '../../language/stemmer.ts';
import { guideAliasRules, guideGapWords, latinGuideGapWords } from '../../language/guide-aliases.ts';
import { frenchNamesWithDiaeresis, sanitizeText, wordTokens } from '../../language/text-analysis.ts';

export type GuideKind = 'passage' | 'topic' | 'person' | 'place';

export interface GuideEntry {
  id: string;
  kind: GuideKind;
  /** `BOOK.C.V` or `BOOK.C.V-BOOK.C.V`, most important first (KJV numbering; deuterocanon as the corpus's cpdv). */
  refs: string[];
  names: Partial<Record<BibleLanguage, string[]>>;
  /** Set on entries whose verses are deuterocanonical. */
  canon?: 'catholic' | 'orthodox';
  /** A topic's deuterocanonical passages (cpdv's numbering), for readers whose canon holds them. */
  deuterocanon?: string[];
  /** The distress a topic speaks to (language/care-lexicon.ts): read as named by a writer who speaks of it. */
  care?: DistressTheme;
}

export interface GuideMatch {
  entry: GuideEntry;
  /** Where the alias stands in the question, in folded characters (Chinese) or words (other languages). */
  start: number;
  end: number;
  /** The alias as matched: folded Chinese characters, or stemmed words joined by spaces. */
  text: string;
}

export interface PassageGuide {
  readonly entries: readonly GuideEntry[];
  /** The entries a question names, in question order; overlapping aliases resolve to the longest. */
  match(question: string, language: BibleLanguage): GuideMatch[];
  /**
   * Chinese person and place names (Simplified) that contain `name` and are longer than it: the text of a verse that
   * holds 以利亚 only inside 以利亚撒 does not speak of 以利亚.
   */
  longerNames(name: string): readonly string[];
}

export const GUIDE_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'passage-guide.json');

interface Alias {
  entry: GuideEntry;
  /** Folded Chinese characters, or stemmed words. */
  key: string[];
  /** A Latin-script alias's words as written and where its function words stood. */
  latin?: LatinUnits;
}

const isChinese = (language: BibleLanguage) => language === 'zh-Hans' || language === 'zh-Hant';

/**
 * Articles, prepositions and "and" are skipped on both sides, so "feeding the five thousand" finds the alias "feeding
 * of the five thousand" and "la parábola del hijo pródigo" the alias "hijo pródigo"; words that carry meaning ("our" in
 * "Our Father") are kept.
 */
const ARTICLES: Record<StemLang, readonly string[]> = {
  en: ['the', 'a', 'an'],
  es: ['el', 'la', 'los', 'las', 'un', 'una'],
  fr: ['le', 'la', 'les', 'l', 'un', 'une'],
};
/** The function words that link an alias's words ("will of God"): a question must hold one at that place too. */
const LINKS: Record<StemLang, ReadonlySet<string>> = {
  en: new Set(['of', 'in', 'on', 'at', 'to', 'for', 'and']),
  es: new Set(['de', 'del', 'al', 'en', 'y']),
  fr: new Set(['de', 'du', 'des', 'd', 'au', 'aux', 'en', 'et']),
};
const FUNCTION_WORDS: Record<StemLang, ReadonlySet<string>> = {
  en: new Set([...ARTICLES.en, ...LINKS.en]),
  es: new Set([...ARTICLES.es, ...LINKS.es]),
  fr: new Set([...ARTICLES.fr, ...LINKS.fr]),
};

/** Stemmed words of a Latin-script text (the analyser's lower-casing and accent folding, then the stemmer). */
function stemmedWords(text: string, language: StemLang): string[] {
  return wordTokens(text)
    .filter((w) => !FUNCTION_WORDS[language].has(w))
    .map((w) => unitOf(w, language));
}

/**
 * A word as the guide matches it: its stem, but a French word whose stem is three letters or fewer stands as written
 * (its plural's s or x aside): the light stemmer makes "enf" of both enfants and enfer, and "mes" of messe, so that
 * "Comment élever mes enfants ?" found hell and the Mass.
 */
function unitOf(word: string, language: StemLang): string {
  const stemmed = stem(word, language);
  return language === 'fr' && stemmed.length <= 3 && stemmed !== word ? word.replace(/[sx]$/, '') : stemmed;
}

/**
 * A Latin-script text's words as the guide matches them (`stemmedWords`), with each word as written, whether a
 * function word stood just before it, and whether one of those was a link (LINKS): "Will God forgive me?" is not
 * "the will of God", whose "of" the match skips but a question must hold some function word for ("feeding the five
 * thousand" is "feeding of the five thousand"); an article it may leave out ("criar a hijos").
 */
interface LatinUnits {
  units: string[];
  written: string[];
  afterFunctionWord: boolean[];
  afterLink: boolean[];
}

/**
 * `whole`: words that are units as written, not by their stem (French names with a diaeresis, however the question
 * spells them: the stem of Moïse is "mois", the month, and "Combien de mois…" named Moses).
 */
function latinUnits(text: string, language: StemLang, whole?: ReadonlySet<string>): LatinUnits {
  const out: LatinUnits = { units: [], written: [], afterFunctionWord: [], afterLink: [] };
  let skipped = false;
  let linked = false;
  for (const word of wordTokens(text)) {
    if (FUNCTION_WORDS[language].has(word)) {
      skipped = true;
      linked ||= LINKS[language].has(word);
      continue;
    }
    out.units.push(whole?.has(word) ? word : unitOf(word, language));
    out.written.push(word);
    out.afterFunctionWord.push(skipped);
    out.afterLink.push(linked);
    skipped = false;
    linked = false;
  }
  return out;
}

/**
 * Whether a question's words from `start` hold a function word where the alias links its words by one, and,
 * for a passage named by one word ("the Fall", "the Flood"), that word as written or its plural, not another word of
 * its stem: "I keep falling into sin" does not name the Fall.
 */
function latinFits(question: LatinUnits, start: number, alias: Alias, at: readonly number[]): boolean {
  const written = alias.latin!;
  // A place of -1: question words filled the gap there (guide-gap-words), as good as a function word.
  const held = (q: number, j: number) => j === 0 || !written.afterLink[j] || q < 0 || question.afterFunctionWord[q];
  if (!at.every(held)) return false;
  if (alias.entry.kind !== 'passage') return true;
  const last = at.at(-1)!;
  const word = question.written[last < 0 ? start : last]!;
  const name = written.written.at(-1)!;
  if (alias.key.length === 1) return word === name || word === `${name}s` || `${word}s` === name;
  // A passage named by a plural (the first Christians) is not its singular, an adjective there: "Who was the first
  // Christian martyr?" asks no passage of the early church.
  return !(name.endsWith('s') && `${word}s` === name);
}

function chineseKey(text: string): string[] {
  return Array.from(foldToSimplified(sanitizeText(text)));
}

/** How far a Chinese name may reach beyond a guide name it holds (以利亚撒 holds 以利亚: one character). */
const NAME_REACH = 4;

/**
 * Whether a Chinese person or place the guide knows sits inside a longer name of the corpus that is someone else:
 * 利亚 (Leah) in 乌利亚 (Uriah), 亚伦 in 亚伦的 is not (names-zh.json, derived from the Union Version).
 */
function withinAnotherName(units: readonly string[], start: number, alias: Alias): boolean {
  if (alias.entry.kind !== 'person' && alias.entry.kind !== 'place') return false;
  const end = start + alias.key.length;
  const own = new Set((alias.entry.names.en ?? []).flatMap((n) => wordTokens(n)));
  for (let from = Math.max(0, start - NAME_REACH); from <= start; from++) {
    for (let to = end; to <= Math.min(units.length, end + NAME_REACH); to++) {
      if (to - from === end - start) continue;
      const english = chineseNameOf(units.slice(from, to).join(''));
      if (english && !english.some((n) => own.has(n))) return true;
    }
  }
  return false;
}

/** Characters of question words that may stand inside a Chinese passage or topic name, at most (为什么要: four). */
const GAP_REACH = 6;
/** A Chinese passage or topic name shorter than this is matched only whole (two characters say too little to split). */
const GAPPED_NAME = 3;

/**
 * Where a Chinese passage or topic name ends in the question when question words stand inside it (耶稣为什么要受洗 holds
 * 耶稣受洗: 为什么 and 要 fill the gap), or -1. One gap, between two of the name's characters, filled only with
 * words of lexicon/guide-gap-words.tsv, one after another.
 */
function gappedEnd(units: readonly string[], start: number, key: readonly string[], gaps: readonly string[]): number {
  // The gap may follow any of the name's characters the question holds from `start` on, but not its last.
  let same = 0;
  while (same < key.length - 1 && units[start + same] === key[same]) same += 1;
  for (let split = 1; split <= same; split++) {
    let at = start + split;
    let filled = 0;
    while (filled < GAP_REACH) {
      const word = gaps.find((g) => g.length <= GAP_REACH - filled && units.slice(at, at + g.length).join('') === g);
      if (!word) break;
      at += word.length;
      filled += word.length;
    }
    if (filled > 0 && key.slice(split).every((unit, j) => units[at + j] === unit)) return at + key.length - split;
  }
  return -1;
}

/** Question words that may stand together at one place inside an English, Spanish or French alias, at most. */
const LATIN_GAP_REACH = 2;

/**
 * Where a Latin-script alias of two words or more ends in the question when question words stand between its words
 * ("why did Jesus have to die" holds "why did Jesus die": "have" fills the gap), or -1. Each gap is filled only with
 * words of lexicon/guide-gap-words.latin.tsv, at most LATIN_GAP_REACH at one place.
 */
function latinGappedAt(units: readonly string[], start: number, key: readonly string[], gaps: ReadonlySet<string>) {
  if (key.length < 2 || units[start] !== key[0]) return undefined;
  const places = [start];
  let at = start + 1;
  for (const unit of key.slice(1)) {
    let filled = 0;
    while (units[at] !== unit && filled < LATIN_GAP_REACH && gaps.has(units[at] ?? '')) {
      at += 1;
      filled += 1;
    }
    if (units[at] !== unit) return undefined;
    // A gap filled stands for the alias's function word too.
    places.push(filled > 0 ? -1 : at);
    at += 1;
  }
  return { places, end: at };
}

export function createPassageGuide(entries: readonly GuideEntry[]): PassageGuide {
  // Longest first: 什么时候 before 什么.
  const gaps = guideGapWords()
    .map((g) => foldToSimplified(g.word))
    .sort((a, b) => b.length - a.length);
  // First key unit → aliases starting with it, longest first.
  const byLanguage = new Map<BibleLanguage, Map<string, Alias[]>>();
  const chineseNames = new Set<string>();
  const add = (language: BibleLanguage, alias: Alias) => {
    if (alias.key.length === 0) return;
    let table = byLanguage.get(language);
    if (!table) byLanguage.set(language, (table = new Map()));
    const first = alias.key[0] as string;
    const list = table.get(first) ?? [];
    if (!list.some((a) => a.entry === alias.entry && a.key.join('\u0000') === alias.key.join('\u0000')))
      list.push(alias);
    table.set(
      first,
      list.sort((a, b) => b.key.length - a.key.length),
    );
  };
  const wholeWords = new Map<BibleLanguage, ReadonlySet<string>>([
    [
      'fr',
      new Set(entries.flatMap((entry) => (entry.names.fr ?? []).flatMap((n) => [...frenchNamesWithDiaeresis(n)]))),
    ],
  ]);
  for (const entry of entries) {
    const chinese = [...(entry.names['zh-Hans'] ?? []), ...(entry.names['zh-Hant'] ?? [])];
    for (const name of chinese) {
      const key = chineseKey(name);
      // Both Chinese readers are matched on folded text, so either script's alias serves both.
      add('zh-Hans', { entry, key });
      add('zh-Hant', { entry, key });
      if (entry.kind === 'person' || entry.kind === 'place') chineseNames.add(key.join(''));
    }
    for (const language of ['en', 'es', 'fr'] as const) {
      for (const name of entry.names[language] ?? []) {
        const latin = latinUnits(name, language, wholeWords.get(language));
        add(language, { entry, key: latin.units, latin });
      }
    }
  }
  const latinGaps = new Map(
    (['en', 'es', 'fr'] as const).map((language) => [
      language,
      new Set(latinGuideGapWords().flatMap((g) => (g.language === language ? stemmedWords(g.word, language) : []))),
    ]),
  );
  // The aliases a question's other matches come before (guide-aliases.tsv, rule yields), as matched.
  const yielding = new Map(
    [...guideAliasRules().yields].map(([language, aliases]) => [
      language,
      new Set(
        aliases.map((a) =>
          isChinese(language as BibleLanguage)
            ? chineseKey(a).join('')
            : stemmedWords(a, language as StemLang).join(' '),
        ),
      ),
    ]),
  );
  const longer = new Map<string, string[]>();
  // The query analyser cuts questions into words: names must stay whole there too.
  addHanWords(chineseNames);

  return {
    entries,
    match(question, language) {
      const table = byLanguage.get(language);
      if (!table || typeof question !== 'string') return [];
      const chinese = isChinese(language);
      const latin = chinese ? undefined : latinUnits(question, language as StemLang, wholeWords.get(language));
      const units = latin ? latin.units : chineseKey(question);
      const latinGapWords = chinese ? undefined : latinGaps.get(language as StemLang);
      const fits = (i: number, alias: Alias, at: readonly number[]) => !latin || latinFits(latin, i, alias, at);
      const found: GuideMatch[] = [];
      for (let i = 0; i < units.length; i++) {
        for (const alias of table.get(units[i] as string) ?? []) {
          const exact = alias.key.every((unit, j) => units[i + j] === unit);
          if (
            exact &&
            !(chinese && withinAnotherName(units, i, alias)) &&
            fits(
              i,
              alias,
              alias.key.map((_, j) => i + j),
            )
          ) {
            const text = alias.key.join(chinese ? '' : ' ');
            found.push({ entry: alias.entry, start: i, end: i + alias.key.length, text });
          } else if (
            chinese &&
            alias.entry.kind !== 'person' &&
            alias.entry.kind !== 'place' &&
            alias.key.length >= GAPPED_NAME
          ) {
            const end = gappedEnd(units, i, alias.key, gaps);
            if (end > 0) found.push({ entry: alias.entry, start: i, end, text: units.slice(i, end).join('') });
          } else if (latinGapWords) {
            const gapped = latinGappedAt(units, i, alias.key, latinGapWords);
            if (gapped && fits(i, alias, gapped.places)) {
              found.push({ entry: alias.entry, start: i, end: gapped.end, text: units.slice(i, gapped.end).join(' ') });
            }
          }
        }
      }
      // Longest first, then earliest; an alias inside a longer one (玛利亚 in 撒玛利亚) gives way.
      found.sort((a, b) => b.end - b.start - (a.end - a.start) || a.start - b.start);
      const taken: GuideMatch[] = [];
      for (const m of found) {
        if (taken.some((t) => m.start < t.end && t.start < m.end)) continue;
        if (taken.some((t) => t.entry === m.entry)) continue;
        taken.push(m);
      }
      // In question order, but a match of a yielding alias ("Is it a sin to be angry?": sin) after the others.
      const yields = yielding.get(language);
      const last = (m: GuideMatch) => (yields?.has(m.text) ? 1 : 0);
      return taken.sort((a, b) => last(a) - last(b) || a.start - b.start);
    },
    longerNames(name) {
      let list = longer.get(name);
      if (!list) {
        list = [...chineseNames].filter((n) => n.length > name.length && n.includes(name));
        longer.set(name, list);
      }
      return list;
    },
  };
}

let loaded: PassageGuide | undefined;

/** The guide of the committed data file, read on first use. */
export function defaultPassageGuide(): PassageGuide {
  loaded ??= createPassageGuide(JSON.parse(readFileSync(GUIDE_FILE, 'utf8')) as GuideEntry[]);
  return loaded;
}
