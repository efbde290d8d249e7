import type { BibleReference } from './references.types.ts';

/**
 * The one spelling of a reference: no undefined fields, no end that repeats the start, so equal references
 * compare equal. `endChapter` equal to `chapter` survives only as "to the end of the chapter" (John 3:16ff).
 */
export function canonicalReference(ref: BibleReference): BibleReference {
  const out: BibleReference = { book: ref.book, chapter: ref.chapter };
  if (ref.verse !== undefined) out.verse = ref.verse;
  const { endChapter, endVerse } = ref;
  if (endChapter !== undefined) {
    const sameChapter = endChapter === ref.chapter;
    if (!sameChapter || (endVerse === undefined && ref.verse !== undefined)) out.endChapter = endChapter;
  }
  if (endVerse !== undefined && (out.endChapter !== undefined || endVerse !== ref.verse)) {
    if (out.verse === undefined) out.verse = 1;
    out.endVerse = endVerse;
  }
  return out;
}
