import { describe, expect, it } from 'vitest';
import type { GoldQuestion } from './gold-set.ts';
import { describeOutcome, formatPathReport } from './report.ts';
import type { QuestionOutcome } from './recall.ts';

const question = (id: string, type: GoldQuestion['type'], gold: string[]): GoldQuestion => ({
  id,
  lang: 'en',
  type,
  tradition: 'protestant',
  question: `question ${id}`,
  gold,
});
// en-01 is a train question of the first set, en-07 one of its held-out ones.
const questions = [question('en-01', 'doctrinal', ['JHN.3.16', 'ROM.5.8']), question('en-07', 'unanswerable', [])];
const outcomes: QuestionOutcome[] = [
  {
    id: 'en-01',
    lang: 'en',
    type: 'doctrinal',
    gold: ['JHN.3.16', 'ROM.5.8'],
    retrieved: ['GEN.1.1', 'JHN.3.16'],
    latencyMs: 2,
  },
  { id: 'en-07', lang: 'en', type: 'unanswerable', gold: [], retrieved: [], latencyMs: 3 },
];

describe('formatPathReport', () => {
  it('prints the train and held-out parts apart, by language and by type, with details of the train part only', () => {
    const text = formatPathReport({ title: 'search', outcomes }, questions, { split: 'all', k: 10, details: true });
    const train = text.slice(text.indexOf('-- train'), text.indexOf('-- held out'));
    const held = text.slice(text.indexOf('-- held out'));
    expect(train).toContain('train (may be used for tuning): 1 questions');
    expect(train).toMatch(/^doctrinal\s+1\s+0\.000\s+0\.500\s+0\.500\s+0\.500/m);
    expect(train).toContain('question en-01');
    expect(held).toContain('held out (never used for tuning): 1 questions');
    expect(held).toMatch(/^unanswerable\s+0\s+—.*\s1\s+1\.00\s/m);
    expect(held).not.toContain('question en-07');
  });

  it('prints trivia and natural questions apart', () => {
    // en-trivia-1 is a train question.
    const trivia = { ...outcomes[0]!, id: 'en-trivia-1', type: 'factual', retrieved: ['JHN.3.16'] };
    const text = formatPathReport({ title: 'search', outcomes: [outcomes[0]!, trivia] }, questions, {
      split: 'train',
      k: 10,
      details: false,
    });
    const sets = text.slice(text.indexOf('by set'));
    expect(sets).toMatch(/^natural\s+1\s+0\.000\s+0\.500\s+0\.500/m);
    expect(sets).toMatch(/^trivia\s+1\s+0\.500\s+0\.500\s+0\.500/m);
  });

  it('prints only the part asked for', () => {
    const text = formatPathReport({ title: 'answer', outcomes }, questions, { split: 'holdout', k: 10, details: true });
    expect(text).toContain('-- held out');
    expect(text).not.toContain('-- train');
    expect(text).not.toContain('details:');
  });
});

describe('describeOutcome', () => {
  it('shows the gold found and the top references', () => {
    expect(describeOutcome(outcomes[0]!, 'Why did Jesus die?', 10)).toContain(
      'found: JHN.3.16\n      top 10: GEN.1.1 JHN.3.16',
    );
  });

  it('says when a question the corpus cannot answer got nothing', () => {
    expect(describeOutcome(outcomes[1]!, 'Weather?', 10)).toContain('unanswerable: nothing retrieved');
  });
});
