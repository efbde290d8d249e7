import { describe, expect, it } from 'vitest';
import { normalise } from './fold.ts';
import { readPatternList } from './lexicon.ts';
import { themeWords } from './theme-words.ts';

const rows = ['zh', 'en', 'es', 'fr'].flatMap((lang) => readPatternList(`themes.${lang}.tsv`));
const themes = [...new Set(rows.map((row) => row.tag))];
const words = themeWords(themes);

describe('themes.*.tsv', () => {
  it('names each theme in every language', () => {
    for (const lang of ['zh', 'en', 'es', 'fr'])
      for (const theme of themes) expect(rows.some((r) => r.tag === theme && r.file.includes(`.${lang}.`))).toBe(true);
  });

  it.each(rows.map((row) => [`${row.file}:${row.line} ${row.pattern}`, row] as const))(
    '%s matches its example, folded as a request is',
    (_, row) => {
      for (const example of row.examples) {
        expect(row.regex.test(normalise(example)), example).toBe(true);
        expect(words[row.tag]!.test(normalise(example)), example).toBe(true);
      }
      if (row.counter) expect(words[row.tag]!.test(normalise(row.counter)), row.counter).toBe(false);
    },
  );
});
