import { describe, expect, it } from 'vitest';
import { STOP_WORD_LANGS, STOP_WORD_LISTS } from './stop-words.ts';

describe('the stop words, one entry at a time', () => {
  it.each(STOP_WORD_LANGS)('holds words in %s, each once', (lang) => {
    const words = STOP_WORD_LISTS[lang];
    expect(words.length).toBeGreaterThan(90);
    expect(words.filter((word, i) => words.indexOf(word) !== i)).toEqual([]);
  });
  it.each(STOP_WORD_LANGS.flatMap((lang) => STOP_WORD_LISTS[lang].map((word) => [lang, word] as const)))(
    '%s %s is one word of its script',
    (lang, word) => expect(word).toMatch(lang === 'zh' ? /^\p{Script=Han}+$/u : /^\p{Script=Latin}+$/u),
  );
});
