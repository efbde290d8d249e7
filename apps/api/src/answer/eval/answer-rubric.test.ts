import { describe, expect, it } from 'vitest';
import { answersTheQuestion, citedInOrder, goldAmongFirst, type RubricCase } from './answer-rubric.ts';

const linked = (reference: string) => ({ status: 'linked' as const, reference });
const base: RubricCase = { type: 'doctrinal', gold: ['JHN.3.16'], answerKind: 'answer', citations: [] };

describe('the answers-the-question rubric', () => {
  it('counts each cited passage once, in order, and only linked ones', () => {
    const citations = [
      linked('JHN.3.16-JHN.3.17'),
      linked('JHN.3.16'),
      { status: 'invalid' as const, reference: null },
      linked('ROM.5.8'),
    ];
    expect(citedInOrder(citations)).toEqual(['JHN.3.16-JHN.3.17', 'ROM.5.8']);
  });

  it('wants the stating verse first for a question of fact, a gold verse in the first three otherwise', () => {
    const third = [linked('ROM.5.8'), linked('1JN.4.9'), linked('JHN.3.16')];
    expect(answersTheQuestion({ ...base, citations: third })).toBe(true);
    expect(answersTheQuestion({ ...base, type: 'factual', citations: third })).toBe(false);
    expect(answersTheQuestion({ ...base, type: 'number', citations: [linked('JHN.3.16')] })).toBe(true);
    expect(goldAmongFirst({ gold: ['JHN.3.16'], citations: [...third.slice(0, 2), linked('X.1.1')] }, 3)).toBe(false);
  });

  it('wants no citation at all for a question the corpus cannot answer', () => {
    expect(answersTheQuestion({ ...base, gold: [], type: 'unanswerable' })).toBe(true);
    expect(answersTheQuestion({ ...base, gold: [], type: 'unanswerable', citations: [linked('GEN.1.1')] })).toBe(false);
  });

  it('wants the kind asked for, with a passage, for a prayer, sermon or poem', () => {
    const prayer = { ...base, gold: [], wantKind: 'prayer' as const, citations: [linked('PHP.4.6')] };
    expect(answersTheQuestion({ ...prayer, answerKind: 'prayer' })).toBe(true);
    expect(answersTheQuestion({ ...prayer, answerKind: 'answer' })).toBe(false);
    expect(answersTheQuestion({ ...prayer, answerKind: 'prayer', citations: [] })).toBe(false);
  });
});
