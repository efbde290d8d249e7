/** The line after which a model lists its suggested follow-up questions (see prompt.ts). */
export const FOLLOW_UP_MARKER = '[[follow-ups]]';

const MAX_SUGGESTIONS = 5;
const MAX_QUESTION_CHARS = 120;
/** What is read after the marker at most: a model that streams on past its suggestions is stopped there. */
const MAX_TAIL_CHARS = MAX_SUGGESTIONS * (MAX_QUESTION_CHARS + 8);
/** List marks and quotation marks around a suggested question: "1. ", "- ", "* ", "「…」". */
const DECORATION = /^\s*(?:[-*•]|\d+[.)、])?\s*["“「『]?|["”」』]?\s*$/g;

export interface SplitStream {
  /** The answer's text, without the follow-up section. */
  text: AsyncIterable<string>;
  /** The questions the model suggested, once `text` has been read to the end. */
  suggestions(): string[];
}

/**
 * Separates a model's suggested follow-up questions from its answer while it streams: text is passed on as it
 * comes, except a line that may be the marker, held back until it is known; from the marker on, nothing is shown.
 */
export function splitFollowUps(stream: AsyncIterable<string>): SplitStream {
  let tail = '';
  let found = false;
  async function* text(): AsyncGenerator<string> {
    let held = '';
    for await (const chunk of stream) {
      if (found) {
        tail += chunk;
        if (tail.length < MAX_TAIL_CHARS) continue;
        tail = tail.slice(0, MAX_TAIL_CHARS);
        return;
      }
      const all = held + chunk;
      const at = markerAt(all);
      if (at) {
        found = true;
        const before = all.slice(0, at.lineStart).replace(/\s+$/, '\n');
        if (before.trim()) yield before;
        tail = all.slice(at.end, at.end + MAX_TAIL_CHARS);
        if (tail.length < MAX_TAIL_CHARS) continue;
        return;
      }
      // The last line so far might be the start of the marker: keep it until the next chunk decides.
      const lineStart = all.lastIndexOf('\n') + 1;
      const line = all.slice(lineStart).trimStart();
      const mayBeMarker = line.length > 0 && FOLLOW_UP_MARKER.startsWith(line);
      held = mayBeMarker ? all.slice(lineStart) : '';
      const out = mayBeMarker ? all.slice(0, lineStart) : all;
      if (out) yield out;
    }
    if (held && !found) yield held;
  }
  return {
    text: text(),
    suggestions() {
      return tail
        .split('\n')
        .map((line) => line.replace(DECORATION, '').trim())
        .filter((line) => line.length > 1 && line.length <= MAX_QUESTION_CHARS)
        .slice(0, MAX_SUGGESTIONS);
    },
  };
}

/** The line of `text` the marker starts (leading spaces allowed), and where the marker ends; undefined if none. */
function markerAt(text: string): { lineStart: number; end: number } | undefined {
  let from = 0;
  for (;;) {
    const at = text.indexOf(FOLLOW_UP_MARKER, from);
    if (at < 0) return undefined;
    const lineStart = text.lastIndexOf('\n', at - 1) + 1;
    if (text.slice(lineStart, at).trim() === '') return { lineStart, end: at + FOLLOW_UP_MARKER.length };
    from = at + 1;
  }
}
