/**
 * Markdown reduced to plain structured text for the share card: headings, paragraphs, list items and quotes,
 * with inline marks (bold, italics, code, links, images) dropped to their text. Nothing is ever read as HTML.
 */
export type PlainBlock =
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'item'; marker: string; text: string; depth: number }
  | { kind: 'quote'; text: string };

/** Inline markdown to its text: images vanish, links keep their label, emphasis and code marks go. */
export function plainInline(text: string): string {
  return text
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/(\*\*|__)(.+?)\1/g, '$2')
    .replace(/(~~)(.+?)\1/g, '$2')
    .replace(/(^|[^\w*])[*_](?!\s)([^*_]+?)[*_](?!\w)/g, '$1$2')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

const HEADING = /^ {0,3}#{1,6}(?:[ \t]+|$)(.*?)[ \t#]*$/;
const ITEM = /^(\s*)([-*+]|\d{1,9}[.)])[ \t]+(.*)$/;
const QUOTE = /^ {0,3}> ?(.*)$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const RULE = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;

export function toPlainBlocks(markdown: string): PlainBlock[] {
  const blocks: PlainBlock[] = [];
  let paragraph: string[] = [];
  let quote: string[] = [];
  const flush = () => {
    if (paragraph.length) blocks.push({ kind: 'paragraph', text: plainInline(paragraph.join(' ')) });
    if (quote.length) blocks.push({ kind: 'quote', text: plainInline(quote.join(' ')) });
    paragraph = [];
    quote = [];
  };
  let inFence = false;
  for (const line of markdown.split(/\r\n|\r|\n/)) {
    if (FENCE.test(line)) {
      flush();
      inFence = !inFence;
      continue;
    }
    if (inFence) {
      if (line.trim()) blocks.push({ kind: 'paragraph', text: line.trim() });
      continue;
    }
    if (!line.trim() || RULE.test(line)) {
      flush();
      continue;
    }
    const heading = HEADING.exec(line);
    const item = ITEM.exec(line);
    const quoted = QUOTE.exec(line);
    if (heading) {
      flush();
      blocks.push({ kind: 'heading', text: plainInline(heading[1]!) });
    } else if (item) {
      flush();
      const marker = /\d/.test(item[2]!) ? `${item[2]!.slice(0, -1)}.` : '•';
      blocks.push({
        kind: 'item',
        marker,
        text: plainInline(item[3]!),
        depth: Math.min(2, Math.floor(item[1]!.length / 2)),
      });
    } else if (quoted) {
      if (paragraph.length) flush();
      quote.push(quoted[1]!);
    } else {
      const last = blocks.at(-1);
      // A lazy continuation of a list item stays in that item.
      if (!paragraph.length && !quote.length && last?.kind === 'item' && /^\s+/.test(line)) {
        last.text = plainInline(`${last.text} ${line}`);
        continue;
      }
      if (quote.length) flush();
      paragraph.push(line.trim());
    }
  }
  flush();
  return blocks.filter((b) => b.text !== '');
}

/**
 * Keeps whole blocks while they fit in `budget` characters, cuts the first one that does not at a character
 * boundary with an ellipsis, and says whether anything was left out.
 */
export function truncateBlocks(blocks: PlainBlock[], budget: number): { blocks: PlainBlock[]; truncated: boolean } {
  const out: PlainBlock[] = [];
  let left = budget;
  for (const block of blocks) {
    const chars = Array.from(block.text);
    if (chars.length <= left) {
      out.push(block);
      left -= chars.length;
      continue;
    }
    if (left >= 20) out.push({ ...block, text: `${chars.slice(0, left).join('').trimEnd()}…` });
    return { blocks: out, truncated: true };
  }
  return { blocks: out, truncated: false };
}
