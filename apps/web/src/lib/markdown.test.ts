import { describe, expect, it } from 'vitest';
import { parseInline, type Inline } from './markdown-inline.ts';
import { markdownToText, parseMarkdown, type Block } from './markdown.ts';

/** The tree with text leaves replaced by their source text, for readable expectations. */
function plain(source: string, nodes: Inline[]): unknown[] {
  return nodes.map((node) => {
    if (node.type === 'text') return source.slice(node.start, node.end);
    if ('children' in node)
      return { [node.type]: plain(source, node.children), ...('href' in node ? { href: node.href } : {}) };
    return node;
  });
}
function blocks(source: string): unknown[] {
  const walk = (list: Block[]): unknown[] =>
    list.map((block) => {
      switch (block.type) {
        case 'paragraph':
          return { p: plain(source, block.children) };
        case 'heading':
          return { [`h${block.level}`]: plain(source, block.children) };
        case 'list':
          return {
            [block.ordered ? 'ol' : 'ul']: block.items.map(walk),
            ...(block.start !== 1 ? { start: block.start } : {}),
          };
        case 'quote':
          return { quote: walk(block.children) };
        default:
          return block;
      }
    });
  return walk(parseMarkdown(source));
}

describe('parseMarkdown', () => {
  it('reads headings, paragraphs with line breaks, rules and fenced code', () => {
    expect(blocks('## 恩典 ##\n\n第一行\n第二行\n\n---\n```\n<b>x</b>\n```')).toEqual([
      { h2: ['恩典'] },
      { p: ['第一行', { type: 'break' }, '第二行'] },
      { type: 'rule' },
      { type: 'code', text: '<b>x</b>' },
    ]);
  });

  it('reads bullet and ordered lists, nested by indentation, and a list straight after a paragraph', () => {
    expect(blocks('要点：\n- 一\n  - 一之一\n- 二\n\n3. 三\n4. 四')).toEqual([
      { p: ['要点：'] },
      { ul: [[{ p: ['一'] }, { ul: [[{ p: ['一之一'] }]] }], [{ p: ['二'] }]] },
      { ol: [[{ p: ['三'] }], [{ p: ['四'] }]], start: 3 },
    ]);
  });

  it('reads blockquotes with their own blocks', () => {
    expect(blocks('> 神爱世人\n> - 甚至')).toEqual([{ quote: [{ p: ['神爱世人'] }, { ul: [[{ p: ['甚至'] }]] }] }]);
  });

  it('keeps the source offsets of text inside quotes and lists', () => {
    const source = '> **约翰福音 3:16**';
    const [quote] = parseMarkdown(source) as [{ type: 'quote'; children: Block[] }];
    const paragraph = quote.children[0] as { type: 'paragraph'; children: Inline[] };
    const strong = paragraph.children[0] as { type: 'strong'; children: Inline[] };
    const leaf = strong.children[0] as { type: 'text'; start: number; end: number };
    expect(source.slice(leaf.start, leaf.end)).toBe('约翰福音 3:16');
  });
});

describe('parseInline', () => {
  const inline = (text: string) => plain(text, parseInline(text, 0));

  it('reads bold, italics, both, strikethrough and code', () => {
    expect(inline('**粗** *斜* ***都*** ~~删~~ `a*b*`')).toEqual([
      { strong: ['粗'] },
      ' ',
      { em: ['斜'] },
      ' ',
      { strong: [{ em: ['都'] }] },
      ' ',
      { del: ['删'] },
      ' ',
      { type: 'code', text: 'a*b*' },
    ]);
  });

  it('nests emphasis and leaves unclosed or spaced markers as text', () => {
    expect(inline('*a **b** c*')).toEqual([{ em: ['a ', { strong: ['b'] }, ' c'] }]);
    expect(inline('**未闭合')).toEqual(['**未闭合']);
    expect(inline('5 * 3 = 15')).toEqual(['5 * 3 = 15']);
    expect(inline('snake_case_name')).toEqual(['snake_case_name']);
  });

  it('keeps escaped markers literal', () => {
    expect(inline('\\*不是斜体\\*')).toEqual(['*不是斜体', '*']);
  });

  it('reads links, autolinks and images', () => {
    expect(inline('[经文](https://example.org/a_(b)) <https://x.org> ![图](/webapi/i.png)')).toEqual([
      { link: ['经文'], href: 'https://example.org/a_(b)' },
      ' ',
      { link: ['https://x.org'], href: 'https://x.org' },
      ' ',
      { type: 'image', src: '/webapi/i.png', alt: '图' },
    ]);
  });

  it('leaves HTML as text', () => {
    expect(inline('<script>alert(1)</script>')).toEqual(['<script>alert(1)</script>']);
  });
});

describe('markdownToText', () => {
  it('drops the markup and keeps the layout', () => {
    expect(
      markdownToText('## 恩典\n\n**白白**的*礼物*，见[约3:16](https://x.org)\n\n1. 一\n2. 二\n   - 二之一\n\n> 引文'),
    ).toBe('恩典\n\n白白的礼物，见约3:16\n\n1. 一\n2. 二\n  • 二之一\n\n引文');
  });
});
