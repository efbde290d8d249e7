import { Fragment, useMemo, type ReactNode } from 'react';
import type { Inline } from '../lib/markdown-inline.ts';
import { parseMarkdown, type Block } from '../lib/markdown.ts';
import { ownImageSrc, safeLinkHref } from '../lib/safe-url.ts';

/** Renders the source text from `start` to `end`; lets a caller lay its own elements (citations) over the text. */
export type TextRenderer = (start: number, end: number, key: string) => ReactNode;

interface MarkdownProps {
  source: string;
  className?: string;
  renderText?: TextRenderer;
  testId?: string;
}

/**
 * Markdown as React elements (see lib/markdown.ts): never HTML, so nothing in the text can add markup, handlers or
 * script. Links open only over http(s); images show only from our own /webapi paths, otherwise their alt text.
 */
export function Markdown({ source, className, renderText, testId }: MarkdownProps) {
  const blocks = useMemo(() => parseMarkdown(source), [source]);
  const text: TextRenderer = renderText ?? ((start, end) => source.slice(start, end));
  return (
    <div className={className} data-testid={testId}>
      {blocks.map((block, index) => renderBlock(block, `b${index}`, text))}
    </div>
  );
}

function renderBlock(block: Block, key: string, text: TextRenderer): ReactNode {
  switch (block.type) {
    case 'paragraph':
      return <p key={key}>{renderInlines(block.children, key, text)}</p>;
    case 'heading': {
      // Answer headings sit inside a chat bubble: keep them below the page's own h1/h2.
      const Tag = (['h3', 'h3', 'h4', 'h5', 'h6', 'h6'] as const)[block.level - 1] ?? 'h6';
      return <Tag key={key}>{renderInlines(block.children, key, text)}</Tag>;
    }
    case 'list': {
      const items = block.items.map((item, index) => {
        const itemKey = `${key}.${index}`;
        // A tight item is one paragraph: render its text straight in the <li>.
        const only = item.length === 1 && item[0]!.type === 'paragraph' ? item[0] : null;
        return (
          <li key={itemKey}>
            {only
              ? renderInlines(only.children, itemKey, text)
              : item.map((child, i) => renderBlock(child, `${itemKey}.${i}`, text))}
          </li>
        );
      });
      return block.ordered ? (
        <ol key={key} start={block.start === 1 ? undefined : block.start}>
          {items}
        </ol>
      ) : (
        <ul key={key}>{items}</ul>
      );
    }
    case 'quote':
      return (
        <blockquote key={key}>{block.children.map((child, i) => renderBlock(child, `${key}.${i}`, text))}</blockquote>
      );
    case 'code':
      return (
        <pre key={key}>
          <code>{block.text}</code>
        </pre>
      );
    case 'rule':
      return <hr key={key} />;
  }
}

function renderInlines(nodes: Inline[], key: string, text: TextRenderer): ReactNode[] {
  return nodes.map((node, index) => renderInline(node, `${key}.${index}`, text));
}

function renderInline(node: Inline, key: string, text: TextRenderer): ReactNode {
  switch (node.type) {
    case 'text':
      return <Fragment key={key}>{text(node.start, node.end, key)}</Fragment>;
    case 'code':
      return <code key={key}>{node.text}</code>;
    case 'strong':
      return <strong key={key}>{renderInlines(node.children, key, text)}</strong>;
    case 'em':
      return <em key={key}>{renderInlines(node.children, key, text)}</em>;
    case 'del':
      return <del key={key}>{renderInlines(node.children, key, text)}</del>;
    case 'break':
      return <br key={key} />;
    case 'link': {
      const href = safeLinkHref(node.href);
      const children = renderInlines(node.children, key, text);
      // A help line dials in place; any other link opens apart from the app.
      return href?.startsWith('tel:') ? (
        <a key={key} href={href}>
          {children}
        </a>
      ) : href ? (
        <a key={key} href={href} target="_blank" rel="noopener noreferrer nofollow">
          {children}
        </a>
      ) : (
        <span key={key}>{children}</span>
      );
    }
    case 'image': {
      const src = ownImageSrc(node.src);
      return src ? <img key={key} src={src} alt={node.alt} loading="lazy" /> : <span key={key}>{node.alt}</span>;
    }
  }
}
