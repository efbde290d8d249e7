import { describe, expect, it } from 'vitest';
import { RRF_K, reciprocalRankFusion } from './rank-fusion.ts';

describe('reciprocalRankFusion', () => {
  it('adds 1/(k+rank) over the lists an id appears in', () => {
    const fused = reciprocalRankFusion([
      ['a', 'b', 'c'],
      ['c', 'a'],
    ]);
    expect(fused.map((f) => f.id)).toEqual(['a', 'c', 'b']);
    expect(fused[0]?.score).toBeCloseTo(1 / (RRF_K + 1) + 1 / (RRF_K + 2));
    expect(fused[1]?.lists).toEqual([0, 1]);
    expect(fused[2]?.lists).toEqual([0]);
  });

  it('lets a document found by both retrievers beat one found first by only one', () => {
    const fused = reciprocalRankFusion([
      ['only-text', 'both'],
      ['only-vector', 'both'],
    ]);
    expect(fused[0]?.id).toBe('both');
  });

  it('scales each list by its weight', () => {
    const fused = reciprocalRankFusion([['a'], ['b']], RRF_K, [1, 2]);
    expect(fused.map((f) => f.id)).toEqual(['b', 'a']);
    expect(fused[0]?.score).toBeCloseTo(2 / (RRF_K + 1));
  });

  it('breaks ties in favour of the earlier list and ignores repeated ids', () => {
    expect(reciprocalRankFusion([['x', 'x'], ['y']]).map((f) => [f.id, f.lists])).toEqual([
      ['x', [0]],
      ['y', [1]],
    ]);
  });
});
