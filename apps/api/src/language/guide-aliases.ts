// The rules for the passage guide's aliases, read once from lexicon/guide-aliases.tsv (what they are for is said
// there): the aliases too generic to say anything, and those two entries may share on purpose, by guide language.
import { dataLines } from './lexicon.ts';

const RULES = ['too-generic', 'shared', 'yields'] as const;

interface GuideAliasRules {
  tooGeneric: ReadonlySet<string>;
  shared: ReadonlyMap<string, readonly string[]>;
  /** Per guide language, the aliases whose match comes after the question's other guide matches. */
  yields: ReadonlyMap<string, readonly string[]>;
  rows: { line: number; rule: string; language: string; alias: string }[];
}
let rules: GuideAliasRules | undefined;

export function guideAliasRules(): GuideAliasRules {
  if (rules) return rules;
  const rows = dataLines('guide-aliases.tsv').map(({ line, cells }) => {
    const [rule, language, alias, extra] = cells;
    if (!rule || !language || !alias || extra !== undefined)
      throw new Error(`guide-aliases.tsv:${line}: a line needs a rule, a language and an alias`);
    if (!(RULES as readonly string[]).includes(rule)) throw new Error(`guide-aliases.tsv:${line}: no rule ${rule}`);
    return { line, rule, language, alias };
  });
  const byLanguage = (rule: string) => {
    const out = new Map<string, string[]>();
    for (const row of rows.filter((r) => r.rule === rule))
      out.set(row.language, [...(out.get(row.language) ?? []), row.alias]);
    return out;
  };
  const shared = byLanguage('shared');
  const yields = byLanguage('yields');
  rules = {
    tooGeneric: new Set(rows.filter((r) => r.rule === 'too-generic').map((r) => r.alias)),
    shared,
    yields,
    rows,
  };
  return rules;
}

/** One question word that may stand inside a Chinese passage or topic name, with the question it is found in. */
export interface GuideGapWord {
  line: number;
  word: string;
  example: string;
}
let gapWords: GuideGapWord[] | undefined;

/** The question words that may fill a gap inside a Chinese passage or topic name (lexicon/guide-gap-words.tsv). */
export function guideGapWords(): readonly GuideGapWord[] {
  gapWords ??= dataLines('guide-gap-words.tsv').map(({ line, cells }) => {
    const [word, example, extra] = cells;
    if (!word || !example || extra !== undefined)
      throw new Error(`guide-gap-words.tsv:${line}: a line needs a word and an example question`);
    return { line, word, example };
  });
  return gapWords;
}

/** One question word that may stand between the words of an English, Spanish or French guide alias. */
export interface LatinGapWord {
  line: number;
  language: 'en' | 'es' | 'fr';
  word: string;
  example: string;
}
let latinGapWords: LatinGapWord[] | undefined;

/** The question words that may fill a gap between an alias's words (lexicon/guide-gap-words.latin.tsv). */
export function latinGuideGapWords(): readonly LatinGapWord[] {
  latinGapWords ??= dataLines('guide-gap-words.latin.tsv').map(({ line, cells }) => {
    const [language, word, example, extra] = cells;
    if ((language !== 'en' && language !== 'es' && language !== 'fr') || !word || !example || extra !== undefined)
      throw new Error(`guide-gap-words.latin.tsv:${line}: a line needs a language (en, es, fr), a word and an example`);
    return { line, language, word, example };
  });
  return latinGapWords;
}
