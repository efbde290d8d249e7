import { describe, expect, it } from 'vitest';
import { unionDiction, withUnionDiction } from './union-diction.ts';

describe('withUnionDiction', () => {
  it('adds the Union Version’s words for the words of today’s Chinese a question holds', () => {
    expect(withUnionDiction('耶稣在哪里出生？')).toBe('耶稣在哪里出生？ 生在 降生');
    expect(withUnionDiction('谁是第一个殉道者？')).toBe('谁是第一个殉道者？ 被害 流血');
    expect(withUnionDiction('我该怎样原谅老公')).toBe('我该怎样原谅老公 丈夫 饶恕 赦免');
  });

  it('leaves a question in the Union Version’s own words as it is', () => {
    expect(withUnionDiction('摩西活了多少岁？')).toBe('摩西活了多少岁？');
  });
});

describe('union-diction.tsv', () => {
  const rows = unionDiction();
  it('holds each word of today once', () => {
    expect(rows.length).toBeGreaterThanOrEqual(50);
    expect(new Set(rows.map((r) => r.from)).size).toBe(rows.length);
  });

  it.each(rows.map((r) => [`${r.file}:${r.line} ${r.from}`, r] as const))(
    '%s: its example holds the word and is searched in the Union Version’s words too',
    (_, row) => {
      expect(row.example).toContain(row.from);
      const added = withUnionDiction(row.example).slice(row.example.length).split(' ');
      for (const word of row.to.split(' ')) expect(added).toContain(word);
    },
  );
});
