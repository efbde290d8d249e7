// How strongly the cross-reference data connects a verse: the votes (openbible.info, in the corpus's crossrefs.tsv)
// of every cross-reference from or to it, summed. Famous verses (Isaiah 41:10, John 3:16) score in the thousands,
// the median verse about 40. The retriever uses it as a prior among verses that are already relevant to a question.
// language/derived/verse-prominence.txt is derived from the corpus by build-derived-data.ts.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DERIVED_DIR } from '../language/derived-files.ts';

export const PROMINENCE_FILE = path.join(DERIVED_DIR, 'verse-prominence.txt');

/** A verse's prominence (0 when no cross-reference touches it). */
export type VerseProminence = (ref: string) => number;

let loaded: ReadonlyMap<string, number> | undefined;

/** The prominence table of the committed data file, read on first use. */
export function defaultProminence(): VerseProminence {
  return (ref) => {
    loaded ??= parseProminence(readFileSync(PROMINENCE_FILE, 'utf8'));
    return loaded.get(ref) ?? 0;
  };
}

/** Lines of `BOOK.C.V<TAB>votes`; anything else is ignored. */
export function parseProminence(text: string): Map<string, number> {
  const table = new Map<string, number>();
  for (const line of text.split('\n')) {
    const [ref, votes] = line.split('\t');
    const n = Number(votes);
    if (ref && Number.isFinite(n) && n > 0) table.set(ref, n);
  }
  return table;
}
