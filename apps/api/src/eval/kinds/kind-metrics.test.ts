import { describe, expect, it } from 'vitest';
import { ownWords, sharedLines } from './kind-metrics.ts';

describe('the words of a line that are the composer’s own', () => {
  const verse = 'casting all your worries on him, because he cares for you.';

  it('keeps a lead that no cited verse holds, without the verse’s words or the reference', () => {
    expect(
      ownWords('We lean on you, for your word says: “casting all your worries on him” (1 Peter 5:7).', [verse]),
    ).toBe('we lean on you for your word says');
    expect(
      ownWords('我们倚靠你，因为你的话说：「你们要将一切的忧虑卸给神」（彼得前书 5:7）。', [
        '你们要将一切的忧虑卸给神，因为他顾念你们。',
      ]),
    ).toBe('我们倚靠你因为你的话说');
  });

  it('finds none in a verse said to God with a few words turned', () => {
    expect(
      ownWords('LORD, you are my shepherd; I shall not want (Psalm 23:1).', [
        'The LORD is my shepherd; I shall not want.',
      ]),
    ).toBeUndefined();
  });

  it('counts a frame two themes’ pieces share', () => {
    const a = ownWords('Let it be to us according to your word: “Two are better than one” (Ecclesiastes 4:9).', [
      'Two are better than one',
    ]);
    const b = ownWords('Let it be to us according to your word: “Peace I leave with you” (John 14:27).', [
      'Peace I leave with you',
    ]);
    expect(a).toBe(b);
    expect(
      sharedLines(
        new Map([
          ['t1', [a!]],
          ['t2', [b!]],
        ]),
      ).get('t1'),
    ).toEqual([a]);
  });
});
