import { describe, expect, it } from 'vitest';
import { EVAL_LANGS, loadGoldSet, parseGoldSet } from './gold-set.ts';

describe('gold-questions.json', () => {
  it('is valid and covers every language, mostly Chinese', async () => {
    const questions = await loadGoldSet();
    const count = (lang: string) => questions.filter((q) => q.lang === lang).length;
    expect(questions.length).toBeGreaterThanOrEqual(60);
    expect(count('zh-Hans')).toBeGreaterThanOrEqual(20);
    expect(count('zh-Hant')).toBeGreaterThanOrEqual(10);
    expect(count('en')).toBeGreaterThanOrEqual(12);
    expect(count('es')).toBeGreaterThanOrEqual(8);
    expect(count('fr')).toBeGreaterThanOrEqual(8);
    expect(new Set(questions.map((q) => q.lang))).toEqual(new Set(EVAL_LANGS));
    for (const type of ['topic', 'person', 'place', 'reference']) {
      expect(questions.some((q) => q.type === type)).toBe(true);
    }
  });
});

describe('parseGoldSet', () => {
  const valid = { id: 'en-01', lang: 'en', type: 'topic', question: 'Love?', gold: ['1CO.13.4', '1JN.4.8'] };

  it('accepts a well-formed question', () => {
    expect(parseGoldSet([valid])).toEqual([valid]);
  });

  it.each([
    ['a range instead of verses', { gold: ['1CO.13.4-1CO.13.7', '1JN.4.8'] }],
    ['a lower-case book', { gold: ['jhn.3.16', '1JN.4.8'] }],
    ['one gold verse', { gold: ['JHN.3.16'] }],
    ['seven gold verses', { gold: ['A', 'B', 'C', 'D', 'E', 'F', 'G'].map((_, i) => `JHN.3.${i + 1}`) }],
    ['the same verse twice', { gold: ['JHN.3.16', 'JHN.3.16'] }],
    ['an unknown language', { lang: 'de' }],
    ['an empty question', { question: ' ' }],
  ])('rejects %s', (_name, change) => {
    expect(() => parseGoldSet([{ ...valid, ...change }])).toThrow(/invalid gold set/);
  });

  it('rejects duplicate ids', () => {
    expect(() => parseGoldSet([valid, { ...valid }])).toThrow(/duplicate id en-01/);
  });
});
