import { describe, expect, it } from 'vitest';
import { FAITH_TERM_LANGS, faithTermWords } from './faith-terms.ts';

describe('the faith terms of the relevance floor, one entry at a time', () => {
  const words = faithTermWords();
  it.each(FAITH_TERM_LANGS)('holds words in %s, each once', (lang) => {
    expect(words[lang].length).toBeGreaterThan(100);
    expect(words[lang].filter((word, i) => words[lang].indexOf(word) !== i)).toEqual([]);
  });
  it.each(FAITH_TERM_LANGS.flatMap((lang) => words[lang].map((word) => [lang, word] as const)))(
    '%s %s is one word of its script',
    (lang, word) => expect(word).toMatch(lang === 'zh' ? /^\p{Script=Han}+$/u : /^\p{Script=Latin}+$/u),
  );
});
