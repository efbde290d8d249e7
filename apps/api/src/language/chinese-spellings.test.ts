import { describe, expect, it } from 'vitest';
import { chineseSpellings, unionSpelling } from './chinese-spellings.ts';
import { defaultPassageGuide } from '../question/guide/passage-guide.ts';

describe('unionSpelling', () => {
  it.each([
    ['梅瑟活了多少岁？', '摩西活了多少岁？'],
    ['達味怎樣打敗哥肋雅？', '大卫怎样打败歌利亚？'],
    ['伯多禄三次不认主', '彼得三次不认主'],
    ['诺亚方舟停在哪里？', '挪亚方舟停在哪里？'],
    ['井边的撒马利亚妇人', '井边的撒玛利亚妇人'],
    ['耶穌在約旦河受洗', '耶稣在约但河受洗'],
  ])('reads %s as %s', (written, union) => expect(unionSpelling(written)).toBe(union));

  it('leaves the Union Version’s own spelling and everyday words alone', () => {
    for (const text of ['撒玛利亚的妇人', '摩西活了多少岁？', '我很想念三个朋友']) {
      expect(unionSpelling(text)).toBe(text);
    }
  });

  it('lets the guide find the Samaritan woman, not Mary inside 撒马利亚', () => {
    const ids = defaultPassageGuide()
      .match(unionSpelling('井边的撒马利亚妇人'), 'zh-Hans')
      .map((m) => m.entry.id);
    expect(ids).toContain('samaritan-woman');
    expect(ids).not.toContain('mary-mother-of-jesus');
  });
});

describe('chinese-spellings.tsv', () => {
  const rows = chineseSpellings();
  it('holds each spelling once, of two characters or more', () => {
    expect(rows.length).toBeGreaterThanOrEqual(50);
    expect(new Set(rows.map((r) => r.from)).size).toBe(rows.length);
    for (const row of rows) expect([...row.from].length, row.from).toBeGreaterThanOrEqual(2);
  });

  it.each(rows.map((r) => [`${r.file}:${r.line} ${r.from}`, r] as const))(
    '%s: its example is read in the Union Version’s spelling',
    (_, row) => {
      expect(row.example).toContain(row.from);
      const read = unionSpelling(row.example);
      expect(read).toContain(row.to);
      expect(read).not.toContain(row.from);
    },
  );
});
