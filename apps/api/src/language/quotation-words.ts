// What answer/quotation.ts reads in an answer's words: the characters printings swap for the Union Version's own
// (lexicon/han-variants.tsv) and what may stand between a reference and the quotation after it
// (lexicon/quotation.patterns.tsv). Read once.
import { namedPattern, readNamedPatterns, readRewriteList } from './lexicon.ts';

/** The Union Version's character for one written otherwise (祂 → 他), one character each. */
export const HAN_VARIANTS: ReadonlyMap<string, string> = new Map(
  readRewriteList('han-variants.tsv').map((row) => {
    if ([...row.from].length !== 1 || [...row.to].length !== 1)
      throw new Error(`${row.file}:${row.line}: a variant is one character for one`);
    return [row.from, row.to];
  }),
);

/** Between a reference and the quotation after it: "John 3:16: “…”", "约翰福音3:16说：「…」" (group 1: the mark). */
export const AFTER_REFERENCE = namedPattern(readNamedPatterns('quotation.patterns.tsv'), 'after-reference');
