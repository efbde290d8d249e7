import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Markdown } from './markdown.tsx';

function renderMarkdown(source: string) {
  const { container } = render(<Markdown source={source} />);
  return container;
}

describe('Markdown', () => {
  it('renders the answer subset as elements', () => {
    const html = renderMarkdown('# 标题\n\n**粗** 与 *斜*\n\n- 一\n- 二\n\n> 引文').innerHTML;
    expect(html).toBe(
      '<div><h3>标题</h3><p><strong>粗</strong> 与 <em>斜</em></p><ul><li>一</li><li>二</li></ul>' +
        '<blockquote><p>引文</p></blockquote></div>',
    );
  });

  it('shows script tags, event-handler attributes and inline HTML as plain text', () => {
    const container = renderMarkdown(
      '<script>alert(1)</script>\n\n<img src=x onerror="alert(2)">\n\n<b onclick=x>b</b>',
    );
    expect(container.querySelector('script, img, b, [onerror], [onclick]')).toBeNull();
    expect(container.textContent).toContain('<script>alert(1)</script>');
    expect(container.textContent).toContain('<img src=x onerror="alert(2)">');
  });

  it('turns only http(s) links into anchors, opened without the opener', () => {
    const container = renderMarkdown(
      '[a](javascript:alert(1)) [b](JaVaScRiPt:alert(1)) [c](data:text/html,<x>) [d](vbscript:x) [e](/relative) [ok](https://example.org/)',
    );
    const anchors = [...container.querySelectorAll('a')];
    expect(anchors.map((a) => a.getAttribute('href'))).toEqual(['https://example.org/']);
    expect(anchors[0]!.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(container.textContent).toContain('a b c d e ok');
  });

  it('loads images only from our own /webapi paths, showing the alt text of any other', () => {
    const container = renderMarkdown(
      '![own](/webapi/chat/card/1.png) ![off](https://tracker.example/p.gif) ![proto](//evil.example/x.png) ![js](javascript:x)',
    );
    const images = [...container.querySelectorAll('img')];
    expect(images.map((img) => img.getAttribute('src'))).toEqual(['/webapi/chat/card/1.png']);
    expect(container.textContent).toContain('off');
  });

  it('lets a caller render ranges of the source text', () => {
    const { container } = render(<Markdown source="见 **约3:16**" renderText={(start, end) => `[${start}-${end}]`} />);
    expect(container.textContent).toBe('[0-2][4-9]');
  });
});
