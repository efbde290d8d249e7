import type { BookCatalogue } from './book-names.ts';
import type { BibleReference, VersificationScheme } from './references.types.ts';
import type { VerseCounts } from './verse-counts.ts';

export type ReferenceProblem = 'unknown_book' | 'verse_out_of_range';

/**
 * Checks a reference against the book list (book, chapters) and, when given, the verse counts of a scheme.
 * A chapter the counts do not know is left to the chapter check, so a missing row never rejects a real verse.
 */
export function createReferenceValidator(catalogue: BookCatalogue, verseCounts?: VerseCounts) {
  return function problemOf(ref: BibleReference, scheme: VersificationScheme): ReferenceProblem | undefined {
    if (!catalogue.get(ref.book)) return 'unknown_book';
    // The Greek Psalter has a 151st psalm inside the book of Psalms.
    const last = ref.book === 'PSA' && scheme === 'lxx' ? 151 : (catalogue.lastChapter(ref.book, scheme) ?? 0);
    const endChapter = ref.endChapter ?? ref.chapter;
    if (ref.chapter < 1 || ref.chapter > last || endChapter < ref.chapter || endChapter > last) {
      return 'verse_out_of_range';
    }
    if (ref.verse === undefined) return undefined;
    if (ref.verse < 1) return 'verse_out_of_range';
    const count = verseCounts?.count(ref.book, ref.chapter, scheme);
    if (count !== undefined && ref.verse > count) return 'verse_out_of_range';
    if (ref.endVerse === undefined) return undefined;
    if (ref.endChapter === undefined && ref.endVerse < ref.verse) return 'verse_out_of_range';
    const endCount = verseCounts?.count(ref.book, endChapter, scheme);
    if (ref.endVerse < 1 || (endCount !== undefined && ref.endVerse > endCount)) return 'verse_out_of_range';
    return undefined;
  };
}
