import { describe, expect, it } from 'vitest';
import { EVAL_LANGS, QUESTION_TYPES, loadGoldSet, parseGoldSet } from './gold-set.ts';

describe('gold-questions.json', () => {
  it('is valid and covers every language, mostly Chinese', async () => {
    const questions = await loadGoldSet();
    const count = (lang: string) => questions.filter((q) => q.lang === lang).length;
    expect(questions.length).toBeGreaterThanOrEqual(300);
    expect(count('zh-Hans')).toBeGreaterThanOrEqual(120);
    expect(count('zh-Hant')).toBeGreaterThanOrEqual(40);
    expect(count('en')).toBeGreaterThanOrEqual(60);
    expect(count('es')).toBeGreaterThanOrEqual(40);
    expect(count('fr')).toBeGreaterThanOrEqual(40);
    expect(new Set(questions.map((q) => q.lang))).toEqual(new Set(EVAL_LANGS));
    expect(new Set(questions.map((q) => q.type))).toEqual(new Set(QUESTION_TYPES));
  });

  it('has at least 20 questions the corpus cannot answer, in every language', async () => {
    const unanswerable = (await loadGoldSet()).filter((q) => q.type === 'unanswerable');
    expect(unanswerable.length).toBeGreaterThanOrEqual(20);
    expect(new Set(unanswerable.map((q) => q.lang))).toEqual(new Set(EVAL_LANGS));
  });

  it('has Catholic readers asking in the deuterocanon and Orthodox readers asking by Septuagint psalm number', async () => {
    const questions = await loadGoldSet();
    const deuterocanon = new Set(['TOB', 'JDT', 'WIS', 'SIR', 'BAR', '1MA', '2MA']);
    const catholic = questions.filter((q) => q.type === 'deuterocanon');
    expect(catholic.length).toBeGreaterThanOrEqual(5);
    expect(catholic.every((q) => q.tradition === 'catholic')).toBe(true);
    expect(catholic.every((q) => q.gold.some((ref) => deuterocanon.has(ref.split('.')[0]!)))).toBe(true);
    const orthodox = questions.filter((q) => q.type === 'psalm-numbering');
    expect(orthodox.length).toBeGreaterThanOrEqual(5);
    expect(orthodox.every((q) => q.tradition === 'orthodox' && q.gold.every((ref) => ref.startsWith('PSA.')))).toBe(
      true,
    );
  });
});

describe('parseGoldSet', () => {
  const valid = { id: 'en-01', lang: 'en', type: 'doctrinal', question: 'Love?', gold: ['1CO.13.4', '1JN.4.8'] };

  it('accepts a well-formed question, asked by a Protestant reader unless it says otherwise', () => {
    expect(parseGoldSet([valid])).toEqual([{ ...valid, tradition: 'protestant' }]);
    const catholic = { ...valid, type: 'deuterocanon', tradition: 'catholic', gold: ['SIR.6.14'] };
    expect(parseGoldSet([catholic])).toEqual([catholic]);
  });

  it('accepts the forms of a short answer', () => {
    const king = { ...valid, type: 'factual', question: 'First king?', gold: ['1SA.10.1'], answer: ['Saul', 'Saül'] };
    expect(parseGoldSet([king])).toEqual([{ ...king, tradition: 'protestant' }]);
  });

  it('accepts an unanswerable question without gold verses', () => {
    const weather = { ...valid, type: 'unanswerable', question: 'Rain tomorrow?', gold: [] };
    expect(parseGoldSet([weather])).toEqual([{ ...weather, tradition: 'protestant' }]);
  });

  it.each([
    ['a range instead of verses', { gold: ['1CO.13.4-1CO.13.7', '1JN.4.8'] }],
    ['a lower-case book', { gold: ['jhn.3.16', '1JN.4.8'] }],
    ['no gold verse for an answerable question', { gold: [] }],
    ['gold verses for an unanswerable question', { type: 'unanswerable' }],
    ['nine gold verses', { gold: Array.from({ length: 9 }, (_, i) => `JHN.3.${i + 1}`) }],
    ['an unknown type', { type: 'topic' }],
    ['an unknown tradition', { tradition: 'anglican' }],
    ['the same verse twice', { gold: ['JHN.3.16', 'JHN.3.16'] }],
    ['an unknown language', { lang: 'de' }],
    ['an empty question', { question: ' ' }],
    ['an empty answer list', { answer: [] }],
    ['an empty answer form', { answer: ['Saul', ' '] }],
    ['the same answer form twice', { answer: ['Saul', 'Saul'] }],
    ['an answer that is not a list', { answer: 'Saul' }],
    ['an answer to an unanswerable question', { type: 'unanswerable', gold: [], answer: ['sunny'] }],
  ])('rejects %s', (_name, change) => {
    expect(() => parseGoldSet([{ ...valid, ...change }])).toThrow(/invalid gold set/);
  });

  it('rejects duplicate ids', () => {
    expect(() => parseGoldSet([valid, { ...valid }])).toThrow(/duplicate id en-01/);
  });
});
