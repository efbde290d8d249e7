import { describe, expect, it } from 'vitest';
import { plainInline, toPlainBlocks, truncateBlocks } from './plain-text.ts';

describe('markdown reduced to plain text for the card', () => {
  it('keeps structure and drops inline marks, links and images', () => {
    const blocks = toPlainBlocks(
      '# 标题 #\n\n**粗体**和*斜体*、`代码`、[链接](https://x.org)![图](/a.png)\n续行\n\n- 一\n  - 二\n1. 三\n\n> 引文\n> 第二行\n\n---\n```\ncode <b>\n```',
    );
    expect(blocks).toEqual([
      { kind: 'heading', text: '标题' },
      { kind: 'paragraph', text: '粗体和斜体、代码、链接 续行' },
      { kind: 'item', marker: '•', text: '一', depth: 0 },
      { kind: 'item', marker: '•', text: '二', depth: 1 },
      { kind: 'item', marker: '1.', text: '三', depth: 0 },
      { kind: 'quote', text: '引文 第二行' },
      { kind: 'paragraph', text: 'code <b>' },
    ]);
  });

  it('leaves snake_case and arithmetic alone', () => {
    expect(plainInline('a_b_c and 2 * 3 * 4')).toBe('a_b_c and 2 * 3 * 4');
  });

  it('cuts at the budget with an ellipsis and says so', () => {
    const blocks = toPlainBlocks('一二三四五\n\n' + '六'.repeat(100));
    expect(truncateBlocks(blocks, 1000)).toEqual({ blocks, truncated: false });
    const cut = truncateBlocks(blocks, 40);
    expect(cut.truncated).toBe(true);
    expect(cut.blocks[1]!.text).toBe(`${'六'.repeat(35)}…`);
  });
});
