/**
 * The inline half of the markdown subset (see markdown.ts): bold, italics, strikethrough, code, links, autolinks and
 * images within one line. Text leaves keep their offsets into the whole source.
 */
export type Inline =
  | { type: 'text'; start: number; end: number }
  | { type: 'code'; text: string }
  | { type: 'strong' | 'em' | 'del'; children: Inline[] }
  | { type: 'link'; href: string; children: Inline[] }
  | { type: 'image'; src: string; alt: string }
  | { type: 'break' };

const ESCAPABLE = /[\\`*_{}[\]()#+\-.!|>~<"']/;
const WORD = /[\p{L}\p{N}]/u;

/** Inline markup of one line (`text` starts at `base` in the source). Unclosed markers stay literal text. */
export function parseInline(text: string, base: number): Inline[] {
  const out: Inline[] = [];
  let textFrom = 0;
  let i = 0;
  const flush = (to: number) => {
    if (to > textFrom) out.push({ type: 'text', start: base + textFrom, end: base + to });
  };
  const emit = (node: Inline, next: number) => {
    flush(i);
    out.push(node);
    i = next;
    textFrom = next;
  };
  while (i < text.length) {
    const c = text[i]!;
    if (c === '\\' && ESCAPABLE.test(text[i + 1] ?? '')) {
      // The escaped character starts the next text run and is skipped as markup.
      flush(i);
      textFrom = i + 1;
      i += 2;
      continue;
    }
    if (c === '`') {
      const run = /^`+/.exec(text.slice(i))![0];
      const close = text.indexOf(run, i + run.length);
      if (close > 0) {
        emit({ type: 'code', text: text.slice(i + run.length, close).trim() }, close + run.length);
        continue;
      }
      i += run.length;
      continue;
    }
    if (c === '!' && text[i + 1] === '[') {
      const link = readLink(text, i + 1);
      if (link) {
        emit({ type: 'image', src: link.href, alt: text.slice(link.labelFrom, link.labelTo) }, link.end);
        continue;
      }
    }
    if (c === '[') {
      const link = readLink(text, i);
      if (link) {
        const children = parseInline(text.slice(link.labelFrom, link.labelTo), base + link.labelFrom);
        emit({ type: 'link', href: link.href, children }, link.end);
        continue;
      }
    }
    if (c === '<') {
      const auto = /^<(https?:\/\/[^\s<>]+)>/i.exec(text.slice(i));
      if (auto) {
        const children: Inline[] = [{ type: 'text', start: base + i + 1, end: base + i + 1 + auto[1]!.length }];
        emit({ type: 'link', href: auto[1]!, children }, i + auto[0].length);
        continue;
      }
    }
    if (c === '*' || c === '_' || c === '~') {
      const span = readEmphasis(text, i, c);
      if (span) {
        const inner = parseInline(text.slice(span.innerFrom, span.innerTo), base + span.innerFrom);
        emit(span.wrap(inner), span.end);
        continue;
      }
      i += /^(\*+|_+|~+)/.exec(text.slice(i))![0].length;
      continue;
    }
    i++;
  }
  flush(text.length);
  return out;
}

/** `[label](href "title")` starting at the `[`; the label may nest brackets. */
function readLink(text: string, open: number) {
  let depth = 0;
  let close = -1;
  for (let j = open; j < text.length; j++) {
    if (text[j] === '\\') j++;
    else if (text[j] === '[') depth++;
    else if (text[j] === ']' && --depth === 0) {
      close = j;
      break;
    }
  }
  if (close < 0 || text[close + 1] !== '(') return null;
  const target = /^\(\s*(<[^<>]*>|[^\s()]*(?:\([^\s()]*\)[^\s()]*)*)(?:\s+("[^"]*"|'[^']*'))?\s*\)/.exec(
    text.slice(close + 1),
  );
  if (!target) return null;
  const href = target[1]!.replace(/^<|>$/g, '');
  return { labelFrom: open + 1, labelTo: close, href, end: close + 1 + target[0].length };
}

/** `**strong**`, `__strong__`, `*em*`, `_em_`, `***both***`, `~~del~~` at `at`; null when it does not close. */
function readEmphasis(text: string, at: number, c: string) {
  const run = new RegExp(`^\\${c}+`).exec(text.slice(at))![0].length;
  const size = c === '~' ? 2 : Math.min(run, 3);
  if (c === '~' && run !== 2) return null;
  const innerFrom = at + size;
  // An opener must touch its text; an underscore inside a word (snake_case) is not markup.
  if (!text[innerFrom] || /\s/.test(text[innerFrom]!)) return null;
  if (c === '_' && at > 0 && WORD.test(text[at - 1]!)) return null;
  const marker = c.repeat(size);
  for (let j = innerFrom + 1; j <= text.length - size; j++) {
    if (text[j] === '\\') {
      j++;
      continue;
    }
    if (text[j] === '`') {
      const skip = text.indexOf('`', j + 1);
      if (skip > 0) j = skip;
      continue;
    }
    if (text.startsWith(marker, j) && !/\s/.test(text[j - 1]!)) {
      // The closer must be exactly this run (not part of a longer one), and not inside a word for '_'.
      if (text[j + size] === c || (size < 3 && text[j - 1] === c && j - 1 >= innerFrom)) continue;
      if (c === '_' && WORD.test(text[j + size] ?? '')) continue;
      const wrap = (inner: Inline[]): Inline => {
        if (c === '~') return { type: 'del', children: inner };
        if (size === 3) return { type: 'strong', children: [{ type: 'em', children: inner }] };
        return { type: size === 2 ? 'strong' : 'em', children: inner };
      };
      return { innerFrom, innerTo: j, end: j + size, wrap };
    }
  }
  return null;
}
