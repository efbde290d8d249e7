// Cuts long reference entries (a Matthew Henry chapter, a long dictionary article) into passages of a bounded size,
// so BM25 length normalisation, highlights and the prompt budget work on passage-sized units.

export const DEFAULT_PASSAGE_CHARS = 1200;
const SENTENCE_END = /(?<=[.!?;:。！？；])\s+|(?<=[。！？；])/u;

function cutLongSentence(sentence: string, maxChars: number): string[] {
  const pieces: string[] = [];
  let rest = Array.from(sentence);
  while (rest.length > maxChars) {
    let cut = maxChars;
    for (let i = maxChars; i > maxChars / 2; i--) {
      if (rest[i] === ' ') {
        cut = i;
        break;
      }
    }
    pieces.push(rest.slice(0, cut).join('').trim());
    rest = rest.slice(cut);
  }
  const tail = rest.join('').trim();
  if (tail) pieces.push(tail);
  return pieces;
}

/** Splits text at sentence ends into passages of at most `maxChars` code points (whitespace runs collapsed). */
export function splitIntoPassages(text: string, maxChars = DEFAULT_PASSAGE_CHARS): string[] {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (!clean) return [];
  if (clean.length <= maxChars) return [clean];
  const passages: string[] = [];
  let current = '';
  for (const sentence of clean.split(SENTENCE_END)) {
    if (!sentence) continue;
    const joined = current ? `${current}${/\p{Script=Han}$/u.test(current) ? '' : ' '}${sentence}` : sentence;
    if (Array.from(joined).length <= maxChars) {
      current = joined;
      continue;
    }
    if (current) passages.push(current);
    const pieces = cutLongSentence(sentence, maxChars);
    current = pieces.pop() ?? '';
    passages.push(...pieces);
  }
  if (current) passages.push(current);
  return passages;
}
