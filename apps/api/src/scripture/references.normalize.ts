/** Dashes people and typesetters put in ranges; all become '-'. NFKC already folds － (U+FF0D) and ﹣ (U+FE63). */
const DASHES = /[\u2010-\u2015\u2212\u2E3A\u2E3B\uFE58~\u301C]/g;
/**
 * Colons of Chinese typesetting that NFKC does not make ':': the ratio sign of printed Union Version references
 * (约3∶16) and the vertical-form colon that Big5 text carries (約3︰16; NFKC would make it a two-dot leader).
 */
const COLONS = /[\u2236\uFE30]/g;

/** Text prepared for the finders, and the way back to the caller's offsets. */
export interface NormalizedText {
  text: string;
  /** Maps a [start, end) span of `text` to the span of the original string it came from. */
  toOriginal(start: number, end: number): [number, number];
}

/**
 * NFKC (full-width digits and punctuation become ASCII), every dash and wave dash becomes '-', every colon ':'.
 * Each character is normalised with its combining marks, so offsets can be mapped back even where NFKC changes the
 * length.
 */
export function normalizeReferenceText(input: string): NormalizedText {
  const pieces: string[] = [];
  const origStart: number[] = [];
  const origEnd: number[] = [];
  const clusters = input.match(/\P{M}\p{M}*|\p{M}+/gsu) ?? [];
  let offset = 0;
  for (const cluster of clusters) {
    const out = cluster.replace(COLONS, ':').normalize('NFKC').replace(DASHES, '-');
    for (let i = 0; i < out.length; i++) {
      origStart.push(offset);
      origEnd.push(offset + cluster.length);
    }
    pieces.push(out);
    offset += cluster.length;
  }
  const text = pieces.join('');
  return {
    text,
    toOriginal(start, end) {
      if (end <= start) {
        const at = origStart[start] ?? input.length;
        return [at, at];
      }
      return [origStart[start] ?? input.length, origEnd[end - 1] ?? input.length];
    },
  };
}
