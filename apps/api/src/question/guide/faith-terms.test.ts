import { describe, expect, it } from 'vitest';
import { hasFaithTerm, isFaithWord } from './faith-terms.ts';

describe('hasFaithTerm', () => {
  it.each([
    ['神为什么允许苦难？', 'zh-Hans'],
    ['耶穌為什麼被釘十字架', 'zh-Hant'],
    ['How do I forgive my brother?', 'en'],
    ['Why was Jesus crucified?', 'en'],
    ['¿Qué dice la Biblia sobre el perdón?', 'es'],
    ['Comment prier quand on a peur ?', 'fr'],
  ] as const)('finds a word of the faith in %s', (question, language) =>
    expect(hasFaithTerm(question, language)).toBe(true),
  );
  it.each([
    ['明天天气怎么样？', 'zh-Hans'],
    ['What is the weather in Paris tomorrow?', 'en'],
    ['¿Quién ganó el partido de fútbol?', 'es'],
    ['Quelle est la recette des crêpes ?', 'fr'],
  ] as const)('finds none in %s', (question, language) => expect(hasFaithTerm(question, language)).toBe(false));
  it('tells a stemmed word of the faith from a question’s own', () => {
    expect(isFaithWord('god', 'en')).toBe(true);
    expect(isFaithWord('sign', 'en')).toBe(false);
    expect(isFaithWord('方舟', 'zh-Hans')).toBe(true);
  });
});
