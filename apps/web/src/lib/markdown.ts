/**
 * A parser for the markdown subset answers use: paragraphs, ATX headings, bullet and ordered lists (nested by
 * indentation), blockquotes, fenced code, rules, and inline bold, italics, strikethrough, code, links and images.
 * It builds a tree, never HTML: raw HTML in the source stays text, and rendering (components/markdown.tsx) decides
 * which links and images are safe. Text leaves keep their UTF-16 offsets into the source, so callers can lay ranges
 * that the server computed on the raw text (scripture citations) over the rendered text.
 */
import { parseInline, type Inline } from './markdown-inline.ts';

export type Block =
  | { type: 'paragraph'; children: Inline[] }
  | { type: 'heading'; level: number; children: Inline[] }
  | { type: 'list'; ordered: boolean; start: number; items: Block[][] }
  | { type: 'quote'; children: Block[] }
  | { type: 'code'; text: string }
  | { type: 'rule' };

/** A line of the source without its end-of-line, and the offset of its first character. */
interface Line {
  text: string;
  start: number;
}

export function parseMarkdown(source: string): Block[] {
  const lines: Line[] = [];
  const lineEnd = /\r\n|\r|\n/g;
  let from = 0;
  for (let match = lineEnd.exec(source); match; match = lineEnd.exec(source)) {
    lines.push({ text: source.slice(from, match.index), start: from });
    from = match.index + match[0].length;
  }
  lines.push({ text: source.slice(from), start: from });
  return parseBlocks(lines);
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const HEADING = /^ {0,3}(#{1,6})(?:[ \t]+|$)/;
const RULE = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const QUOTE = /^ {0,3}> ?/;
const ITEM = /^( {0,3})([-*+]|\d{1,9}[.)])(?:[ \t]+|$)/;

const isBlank = (line: Line) => line.text.trim() === '';
const drop = (line: Line, count: number): Line => ({ text: line.text.slice(count), start: line.start + count });
function trimStart(line: Line): Line {
  return drop(line, line.text.length - line.text.trimStart().length);
}

/** Whether a line begins a block other than a paragraph (so it ends the paragraph before it). */
function startsBlock(line: Line): boolean {
  const item = ITEM.exec(line.text);
  const interruptingItem = item && line.text.slice(item[0].length).trim() !== '' && /^([-*+]|1[.)])$/.test(item[2]!);
  return FENCE.test(line.text) || HEADING.test(line.text) || QUOTE.test(line.text) || !!interruptingItem;
}

function parseBlocks(lines: Line[]): Block[] {
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (isBlank(line)) {
      i++;
      continue;
    }
    const fence = FENCE.exec(line.text);
    if (fence) {
      const marker = fence[1]!;
      const body: string[] = [];
      i++;
      while (i < lines.length && !lines[i]!.text.trimStart().startsWith(marker)) body.push(lines[i++]!.text);
      i++;
      blocks.push({ type: 'code', text: body.join('\n') });
      continue;
    }
    const heading = HEADING.exec(line.text);
    if (heading) {
      // Drop a closing run of #s ("## Title ##").
      const rest = drop(line, heading[0].length);
      const text = rest.text.replace(/[ \t]+#+[ \t]*$|^#+[ \t]*$/, '').trimEnd();
      blocks.push({ type: 'heading', level: heading[1]!.length, children: parseInline(text, rest.start) });
      i++;
      continue;
    }
    if (RULE.test(line.text)) {
      blocks.push({ type: 'rule' });
      i++;
      continue;
    }
    if (QUOTE.test(line.text)) {
      const inner: Line[] = [];
      while (i < lines.length && QUOTE.test(lines[i]!.text)) {
        const current = lines[i++]!;
        inner.push(drop(current, QUOTE.exec(current.text)![0].length));
      }
      blocks.push({ type: 'quote', children: parseBlocks(inner) });
      continue;
    }
    const item = ITEM.exec(line.text);
    if (item) {
      i = parseList(lines, i, blocks);
      continue;
    }
    const paragraph: Line[] = [];
    while (i < lines.length && !isBlank(lines[i]!) && (paragraph.length === 0 || !startsBlock(lines[i]!))) {
      if (paragraph.length > 0 && RULE.test(lines[i]!.text)) break;
      paragraph.push(trimStart(lines[i++]!));
    }
    blocks.push({ type: 'paragraph', children: inlineLines(paragraph) });
  }
  return blocks;
}

/** Reads one list from `lines[at]`; returns the index after it. */
function parseList(lines: Line[], at: number, blocks: Block[]): number {
  const first = ITEM.exec(lines[at]!.text)!;
  const ordered = /\d/.test(first[2]!);
  const items: Block[][] = [];
  let i = at;
  while (i < lines.length) {
    const match = ITEM.exec(lines[i]!.text);
    if (!match || /\d/.test(match[2]!) !== ordered) break;
    // Continuation lines are indented at least to the item's text (at most 4 columns past the marker).
    const indent = Math.min(match[0].length, match[1]!.length + match[2]!.length + 4);
    const body: Line[] = [drop(lines[i]!, match[0].length)];
    i++;
    while (i < lines.length) {
      const line = lines[i]!;
      const leading = line.text.length - line.text.trimStart().length;
      if (isBlank(line)) {
        const next = lines.slice(i + 1).find((l) => !isBlank(l));
        const nextIndent = next ? next.text.length - next.text.trimStart().length : 0;
        if (!next || nextIndent < indent) break;
        body.push(line);
      } else if (leading >= indent) {
        body.push(drop(line, indent));
      } else if (ITEM.test(line.text) || startsBlock(line) || RULE.test(line.text)) {
        break;
      } else if (!isBlank(body[body.length - 1]!)) {
        body.push(trimStart(line)); // a lazy continuation of the item's paragraph
      } else break;
      i++;
    }
    items.push(parseBlocks(body));
    // A blank line between items keeps the list going.
    while (i < lines.length && isBlank(lines[i]!) && lines[i + 1] && ITEM.test(lines[i + 1]!.text)) i++;
  }
  blocks.push({ type: 'list', ordered, start: ordered ? Number.parseInt(first[2]!, 10) : 1, items });
  return i;
}

/** The lines of a paragraph, each parsed on its own and joined by line breaks (the answers' own layout). */
function inlineLines(lines: Line[]): Inline[] {
  return lines.flatMap((line, index) => {
    const text = line.text.replace(/[ \t]+$/, '');
    const inline = parseInline(text, line.start);
    return index === 0 ? inline : [{ type: 'break' } as const, ...inline];
  });
}

/** The text a reader sees, without markup: for copying an answer. */
export function markdownToText(source: string): string {
  const inline = (nodes: Inline[]): string =>
    nodes
      .map((node) => {
        switch (node.type) {
          case 'text':
            return source.slice(node.start, node.end);
          case 'code':
            return node.text;
          case 'break':
            return '\n';
          case 'image':
            return node.alt;
          default:
            return inline(node.children);
        }
      })
      .join('');
  const blocks = (list: Block[], indent: string): string[] =>
    list.map((block) => {
      switch (block.type) {
        case 'paragraph':
        case 'heading':
          return indent + inline(block.children);
        case 'code':
          return block.text;
        case 'rule':
          return '';
        case 'quote':
          return blocks(block.children, indent).join('\n\n');
        case 'list':
          return block.items
            .map((item, i) => {
              const marker = block.ordered ? `${block.start + i}. ` : '• ';
              return `${indent}${marker}${blocks(item, `${indent}  `).join('\n').trimStart()}`;
            })
            .join('\n');
      }
    });
  return blocks(parseMarkdown(source), '').join('\n\n').trim();
}
