// Metrics of the answer evaluation (npm run eval:answers): pure functions over the answers the pipeline gave to the
// gold questions, no model or index involved. Gold verses are single verses in KJV numbering (BOOK.C.V); citation
// references are what the verifier linked, also in KJV numbering (BOOK.C.V, BOOK.C.V-BOOK.C.V, BOOK.C).
import * as OpenCC from 'opencc-js/cn2t';
import type { Citation, Locale } from '@bible-qa/contract';
import { foldPerCharacter } from '../../language/chinese-text.ts';
import { usfmOverlap as overlaps } from '../../scripture/usfm.ts';
import { linkedReferences } from './answer-facts.ts';

export const ANSWER_LANGS = ['zh-Hans', 'zh-Hant', 'en', 'es', 'fr'] as const;
export type AnswerLang = (typeof ANSWER_LANGS)[number];

/** The interface locale a reader of each language has. */
export const LOCALE_OF_LANG: Record<AnswerLang, Locale> = {
  'zh-Hans': 'zh-cn',
  'zh-Hant': 'zh-tw',
  en: 'en',
  es: 'es-es',
  fr: 'fr-fr',
};

/** One gold question and what the pipeline answered. */
export interface AnswerOutcome {
  id: string;
  lang: AnswerLang;
  gold: readonly string[];
  /** 'done', 'stopped' or 'failed'. */
  status: string;
  /** The language the answer declares. */
  language: Locale;
  content: string;
  citations: readonly Pick<Citation, 'status' | 'reference'>[];
  /** Diagnostics: the verses retrieval offered (ranked search hits) and the verses handed to the model. */
  searched?: readonly string[];
  context?: readonly string[];
}

/** The gold verses a list of references covers. */
export function goldCovered(gold: readonly string[], references: readonly string[]): string[] {
  return gold.filter((g) => references.some((r) => overlaps(r, g)));
}

/** Does the answer cite at least one gold verse through a linked citation? */
export function citesGold(outcome: AnswerOutcome): boolean {
  return goldCovered(outcome.gold, linkedReferences(outcome.citations)).length > 0;
}

/** Citations the verifier had to mark: references to verses that do not exist, and misquotations. */
export function fabricatedCount(outcome: AnswerOutcome): number {
  return outcome.citations.filter((c) => c.status === 'invalid' || c.status === 'misquoted').length;
}

const MARKERS: Record<'en' | 'es' | 'fr', ReadonlySet<string>> = {
  en: new Set(
    'the and of to is in that for with you he his it be not this are was on as from who will shall unto them they their your what how why'.split(
      ' ',
    ),
  ),
  es: new Set(
    'el la los las y de que en del por para con no se su sus es un una lo al como más pero sobre qué este estos'.split(
      ' ',
    ),
  ),
  fr: new Set(
    'le la les et de des du que qui en un une est pour dans ne pas au aux il sur par se son sa ses vous nous ce ces'.split(
      ' ',
    ),
  ),
};

/** The language of one line: Chinese when Han characters dominate, else the language with the most function words. */
export function lineLanguage(line: string): 'zh' | 'en' | 'es' | 'fr' | undefined {
  const han = (line.match(/\p{Script=Han}/gu) ?? []).length;
  const words = line.toLowerCase().match(/\p{Script=Latin}+/gu) ?? [];
  const latinLetters = words.join('').length;
  if (han > 0 && han * 3 >= latinLetters) return 'zh';
  const scores = (['en', 'es', 'fr'] as const)
    .map((lang) => ({ lang, n: words.filter((w) => MARKERS[lang].has(w)).length }))
    .sort((a, b) => b.n - a.n);
  const [best, second] = scores;
  if (!best || best.n < 2 || best.n === second?.n) return undefined;
  return best.lang;
}

const toTaiwan = OpenCC.Converter({ from: 'cn', to: 'tw' });
/** Share of characters a script has of its own that may stray into the other before an answer counts as mixed. */
const MIXED_SCRIPT_TOLERANCE = 0.02;

/** Han characters of a text that only Traditional, and only Simplified, script writes so. */
export function scriptCounts(text: string): { han: number; traditionalOnly: number; simplifiedOnly: number } {
  const chars = (text.match(/\p{Script=Han}/gu) ?? []).join('');
  const asSimplified = foldPerCharacter(chars);
  const original = Array.from(chars);
  let traditionalOnly = 0;
  let simplifiedOnly = 0;
  original.forEach((c, i) => {
    if (asSimplified[i] !== c) traditionalOnly += 1;
    else if (toTaiwan(c) !== c) simplifiedOnly += 1;
  });
  return { han: original.length, traditionalOnly, simplifiedOnly };
}

/**
 * Is the text written in the language? At least two thirds of its lines whose language can be told are in it
 * (quoted English reference works and bare references aside), and Chinese is in the right script: Simplified
 * with no more than 2 % Traditional-only characters, Traditional with some Traditional-only characters and no more
 * than 2 % Simplified-only ones.
 */
export function textIsIn(content: string, lang: AnswerLang): boolean {
  const want = lang === 'zh-Hans' || lang === 'zh-Hant' ? 'zh' : lang;
  const told = content.split('\n').flatMap((line) => lineLanguage(line) ?? []);
  if (told.length === 0) return false;
  if (told.filter((l) => l === want).length * 3 < told.length * 2) return false;
  if (want !== 'zh') return true;
  const { han, traditionalOnly, simplifiedOnly } = scriptCounts(content);
  if (han === 0) return false;
  if (lang === 'zh-Hans') return traditionalOnly <= han * MIXED_SCRIPT_TOLERANCE;
  return traditionalOnly > 0 && simplifiedOnly <= han * MIXED_SCRIPT_TOLERANCE;
}

/** The answer is in the question's language: it says so, and its text is. */
export function languageCorrect(outcome: AnswerOutcome): boolean {
  return outcome.language === LOCALE_OF_LANG[outcome.lang] && textIsIn(outcome.content, outcome.lang);
}

export interface AnswerSummary {
  questions: number;
  failed: number;
  languageCorrect: number;
  citesGold: number;
  citations: number;
  fabricated: number;
  /** Diagnostics: questions with a gold verse among the searched verses, and among those handed to the model. */
  goldSearched: number;
  goldInContext: number;
  /** Diagnostics: gold verses handed to the model, and how many of those the answer cites (linked). */
  goldVersesInContext: number;
  goldVersesCitedFromContext: number;
}

export function summarise(outcomes: readonly AnswerOutcome[]): AnswerSummary {
  const count = (test: (o: AnswerOutcome) => boolean) => outcomes.filter(test).length;
  return {
    questions: outcomes.length,
    failed: count((o) => o.status === 'failed'),
    languageCorrect: count(languageCorrect),
    citesGold: count(citesGold),
    citations: outcomes.reduce((n, o) => n + o.citations.length, 0),
    fabricated: outcomes.reduce((n, o) => n + fabricatedCount(o), 0),
    goldSearched: count((o) => goldCovered(o.gold, o.searched ?? []).length > 0),
    goldInContext: count((o) => goldCovered(o.gold, o.context ?? []).length > 0),
    goldVersesInContext: outcomes.reduce((n, o) => n + goldCovered(o.gold, o.context ?? []).length, 0),
    goldVersesCitedFromContext: outcomes.reduce(
      (n, o) => n + goldCovered(goldCovered(o.gold, o.context ?? []), linkedReferences(o.citations)).length,
      0,
    ),
  };
}

/** Summaries per language in the order of ANSWER_LANGS, then `all`. */
export function summariseByLang(outcomes: readonly AnswerOutcome[]): { group: string; summary: AnswerSummary }[] {
  const rows = ANSWER_LANGS.filter((lang) => outcomes.some((o) => o.lang === lang)).map((lang) => ({
    group: lang,
    summary: summarise(outcomes.filter((o) => o.lang === lang)),
  }));
  return [...rows, { group: 'all', summary: summarise(outcomes) }];
}

const share = (n: number, of: number) => `${n}/${of} ${of === 0 ? '–' : `${((100 * n) / of).toFixed(1)} %`}`;

/** A plain-text table: language correctness, gold-cited share, fabricated references, then the diagnostics. */
export function formatTable(rows: readonly { group: string; summary: AnswerSummary }[]): string {
  const header = [
    'language',
    'answers',
    'failed',
    'language correct',
    'cites a gold verse',
    'citations',
    'fabricated',
    'gold searched',
    'gold in context',
    'gold verses in context → cited',
  ];
  const body = rows.map(({ group, summary: s }) => [
    group,
    String(s.questions),
    String(s.failed),
    share(s.languageCorrect, s.questions),
    share(s.citesGold, s.questions),
    String(s.citations),
    String(s.fabricated),
    share(s.goldSearched, s.questions),
    share(s.goldInContext, s.questions),
    `${s.goldVersesInContext} → ${s.goldVersesCitedFromContext}`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)));
  return [line(header).join('  '), ...body.map((r) => line(r).join('  '))].join('\n');
}
