import { describe, expect, it } from 'vitest';
import {
  distinctRefs,
  distinctRefsAt,
  formatTable,
  hitAt,
  percentile,
  recallAt,
  reciprocalRank,
  summarise,
  summariseBy,
  type QuestionOutcome,
} from './recall.ts';

const outcome = (over: Partial<QuestionOutcome>): QuestionOutcome => ({
  id: 'q',
  lang: 'en',
  type: 'topic',
  gold: [],
  retrieved: [],
  latencyMs: 1,
  ...over,
});

describe('recallAt', () => {
  it('is the share of gold verses among the first k refs', () => {
    const gold = ['JHN.3.16', 'ROM.5.8', 'EPH.2.8', '1JN.4.8'];
    expect(recallAt(gold, ['ROM.5.8', 'GEN.1.1', 'JHN.3.16'], 10)).toBe(0.5);
    expect(recallAt(gold, gold, 10)).toBe(1);
    expect(recallAt(gold, [], 10)).toBe(0);
  });

  it('ignores hits beyond k', () => {
    const retrieved = ['GEN.1.1', 'GEN.1.2', 'JHN.3.16'];
    expect(recallAt(['JHN.3.16', 'ROM.5.8'], retrieved, 2)).toBe(0);
    expect(recallAt(['JHN.3.16', 'ROM.5.8'], retrieved, 3)).toBe(0.5);
  });

  it('counts a verse found in several translations once, and skips hits without a reference', () => {
    const retrieved = ['JHN.3.16', 'JHN.3.16', undefined, 'JHN.3.16'];
    expect(recallAt(['JHN.3.16', 'JHN.3.17'], retrieved, 10)).toBe(0.5);
  });

  it('is 0 for an empty gold list rather than NaN', () => {
    expect(recallAt([], ['JHN.3.16'], 10)).toBe(0);
  });
});

describe('recallAt with several gold verses', () => {
  it('counts ranks as distinct verses, so repeats of a verse in other translations do not push gold out of the top k', () => {
    const gold = ['MAT.6.9', 'MAT.6.10', 'MAT.6.11', 'MAT.6.12'];
    const retrieved = ['MAT.6.9', 'MAT.6.9', 'MAT.6.9', 'GEN.1.1', 'MAT.6.10', 'MAT.6.11', 'MAT.6.12'];
    expect(recallAt(gold, retrieved, 1)).toBe(0.25);
    expect(recallAt(gold, retrieved, 3)).toBe(0.5);
    expect(recallAt(gold, retrieved, 5)).toBe(1);
  });

  it('finds gold verses inside a cited range or a whole chapter', () => {
    const gold = ['PSA.23.1', 'PSA.23.4', 'JHN.10.11'];
    expect(recallAt(gold, ['PSA.23.1-PSA.23.6'], 1)).toBeCloseTo(2 / 3, 10);
    expect(recallAt(gold, ['GEN.1.1', 'PSA.23'], 2)).toBeCloseTo(2 / 3, 10);
    expect(recallAt(gold, ['PSA.24.1-PSA.24.6', 'JHN.10.1-JHN.10.10'], 10)).toBe(0);
  });
});

describe('reciprocalRank', () => {
  it('is 1 over the rank of the first distinct verse that is gold', () => {
    const gold = ['JHN.3.16', 'ROM.5.8'];
    expect(reciprocalRank(gold, ['JHN.3.16', 'ROM.5.8'], 10)).toBe(1);
    expect(reciprocalRank(gold, ['GEN.1.1', 'GEN.1.1', 'EXO.1.1', 'ROM.5.8'], 10)).toBeCloseTo(1 / 3, 10);
    expect(reciprocalRank(gold, [undefined, 'GEN.1.1', 'ROM.5.1-ROM.5.8'], 10)).toBe(0.5);
  });

  it('is 0 when no gold verse is within the first k, and for no gold at all', () => {
    expect(reciprocalRank(['ROM.5.8'], ['GEN.1.1', 'GEN.1.2', 'ROM.5.8'], 2)).toBe(0);
    expect(reciprocalRank(['ROM.5.8'], [], 10)).toBe(0);
    expect(reciprocalRank([], ['ROM.5.8'], 10)).toBe(0);
  });
});

describe('distinctRefs', () => {
  it('keeps the first appearance of each reference and drops hits without one', () => {
    expect(distinctRefs(['B.1.1', undefined, 'A.1.1', 'B.1.1'])).toEqual(['B.1.1', 'A.1.1']);
  });
});

describe('hitAt', () => {
  it('is 1 when any gold verse is in the first k refs', () => {
    expect(hitAt(['JHN.3.16', 'ROM.5.8'], ['GEN.1.1', 'ROM.5.8'], 10)).toBe(1);
    expect(hitAt(['JHN.3.16', 'ROM.5.8'], ['GEN.1.1', 'ROM.5.8'], 1)).toBe(0);
    expect(hitAt(['JHN.3.16'], [], 10)).toBe(0);
  });
});

describe('distinctRefsAt', () => {
  it('counts distinct references among the first k hits', () => {
    expect(distinctRefsAt(['JHN.3.16', 'JHN.3.16', undefined, 'ROM.5.8', 'GEN.1.1'], 4)).toBe(2);
  });
});

describe('percentile', () => {
  it('uses the nearest rank', () => {
    const values = [5, 1, 4, 2, 3, 10, 9, 8, 7, 6];
    expect(percentile(values, 50)).toBe(5);
    expect(percentile(values, 95)).toBe(10);
    expect(percentile(values, 0)).toBe(1);
    expect(percentile([7], 95)).toBe(7);
    expect(percentile([], 50)).toBeNaN();
  });
});

describe('summarise', () => {
  it('averages recall and hit over questions, not over verses', () => {
    const outcomes = [
      // 1 of 4 gold verses found.
      outcome({ gold: ['A.1.1', 'A.1.2', 'A.1.3', 'A.1.4'], retrieved: ['A.1.1', 'X.1.1'], latencyMs: 10 }),
      // 2 of 2 found.
      outcome({ gold: ['B.1.1', 'B.1.2'], retrieved: ['B.1.2', 'B.1.1', 'B.1.1'], latencyMs: 30 }),
      // None found.
      outcome({ gold: ['C.1.1', 'C.1.2'], retrieved: ['X.1.1'], latencyMs: 20 }),
    ];
    const s = summarise(outcomes, 10);
    expect(s.questions).toBe(3);
    expect(s.recall).toBeCloseTo((0.25 + 1 + 0) / 3, 10);
    expect(s.hit).toBeCloseTo(2 / 3, 10);
    expect(s.distinct).toBeCloseTo((2 + 2 + 1) / 3, 10);
    expect(s.p50Ms).toBe(20);
    expect(s.p95Ms).toBe(30);
  });

  it('scores recall@1, recall@5 and MRR over the questions with gold verses only', () => {
    const s = summarise(
      [
        outcome({ gold: ['A.1.1', 'A.1.2'], retrieved: ['X.1.1', 'A.1.1', 'A.1.2'] }),
        outcome({ gold: ['B.1.1'], retrieved: ['B.1.1'] }),
        outcome({ gold: [], retrieved: ['C.1.1'] }),
      ],
      10,
    );
    expect(s.questions).toBe(2);
    expect(s.recall1).toBe((0 + 1) / 2);
    expect(s.recall5).toBe(1);
    expect(s.mrr).toBe((0.5 + 1) / 2);
    expect(s.unanswerable).toBe(1);
  });

  it('scores the questions the corpus cannot answer by the share that retrieved no verse at all', () => {
    const s = summarise(
      [
        outcome({ id: 'a', gold: [], retrieved: [] }),
        outcome({ id: 'b', gold: [], retrieved: [undefined, undefined] }),
        outcome({ id: 'c', gold: [], retrieved: ['GEN.1.1'] }),
        outcome({ id: 'd', gold: [], retrieved: [undefined, 'PSA.1.1'] }),
      ],
      10,
    );
    expect(s.unanswerable).toBe(4);
    expect(s.empty).toBe(0.5);
    expect(s.questions).toBe(0);
    expect(s.recall).toBeNaN();
    expect(s.mrr).toBeNaN();
  });

  it('groups by language in the given order, unknown groups after, and ends with all', () => {
    const outcomes = [
      outcome({ id: 'a', lang: 'fr', gold: ['A.1.1', 'A.1.2'], retrieved: ['A.1.1'] }),
      outcome({ id: 'b', lang: 'zh-Hans', gold: ['B.1.1', 'B.1.2'], retrieved: ['B.1.1', 'B.1.2'] }),
      outcome({ id: 'c', lang: 'xx', gold: ['C.1.1', 'C.1.2'], retrieved: [] }),
      outcome({ id: 'd', lang: 'zh-Hans', gold: ['D.1.1', 'D.1.2'], retrieved: [] }),
    ];
    const rows = summariseBy(outcomes, 10, 'lang', ['zh-Hans', 'en', 'fr']);
    expect(rows.map((r) => [r.group, r.summary.questions, r.summary.recall, r.summary.hit])).toEqual([
      ['zh-Hans', 2, 0.5, 0.5],
      ['fr', 1, 0.5, 1],
      ['xx', 1, 0, 0],
      ['all', 4, 0.375, 0.5],
    ]);
  });
});

describe('formatTable', () => {
  it('prints one aligned row per group', () => {
    const rows = summariseBy(
      [outcome({ gold: ['A.1.1', 'A.1.2'], retrieved: ['A.1.1'], latencyMs: 4.25 })],
      10,
      'lang',
    );
    expect(formatTable(rows, 10).split('\n')).toEqual([
      '     n    R@1    R@5   R@10    MRR  hit@10  unans  empty  p50 ms  p95 ms',
      'en   1  0.500  0.500  0.500  1.000   1.000      0      —     4.3     4.3',
      'all  1  0.500  0.500  0.500  1.000   1.000      0      —     4.3     4.3',
    ]);
  });

  it('shows a dash for recall in a group of questions the corpus cannot answer', () => {
    const rows = summariseBy([outcome({ type: 'unanswerable', gold: [], retrieved: [] })], 10, 'type');
    expect(formatTable(rows, 10).split('\n')[1]).toBe(
      'unanswerable  0    —    —     —    —       —      1   1.00     1.0     1.0',
    );
  });
});
