// The words that name the theme of a prayer, sermon or poem asked for, in four languages: lexicon/themes.*.tsv, one
// word a line, each with a request it must match. Read and compiled once.
import { anyOf, readPatternList, type LexiconRow } from './lexicon.ts';

const LANGUAGES = ['zh', 'en', 'es', 'fr'] as const;

/** The lines of the theme lists, each tag checked against the themes the caller knows. */
export function themeRows(themes: readonly string[]): LexiconRow[] {
  const rows = LANGUAGES.flatMap((lang) => readPatternList(`themes.${lang}.tsv`));
  const unknown = rows.find((row) => !themes.includes(row.tag));
  if (unknown) throw new Error(`${unknown.file}:${unknown.line}: no theme "${unknown.tag}"`);
  return rows;
}

/** Each theme's words, in every language, as one matcher (of a request folded by normalise). */
export function themeWords<T extends string>(themes: readonly T[]): Record<T, RegExp> {
  const rows = themeRows(themes);
  const out = {} as Record<T, RegExp>;
  for (const theme of themes) {
    const lines = rows.filter((row) => row.tag === theme);
    if (!lines.length) throw new Error(`themes.*.tsv: no words for the theme "${theme}"`);
    out[theme] = anyOf(lines);
  }
  return out;
}
