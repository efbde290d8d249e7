import { describe, expect, it } from 'vitest';
import {
  distinctRefsAt,
  formatTable,
  hitAt,
  percentile,
  recallAt,
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
      '     n  recall@10  hit@10  distinct/10  p50 ms  p95 ms',
      'en   1      0.500   1.000          1.0     4.3     4.3',
      'all  1      0.500   1.000          1.0     4.3     4.3',
    ]);
  });
});
