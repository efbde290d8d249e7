// The numbers at the end of a verse's label ("John 3:16", "诗篇 23篇", "Psalm 22:1 (23:1)"), which taken off leave
// its book's name: lexicon/reference-labels.patterns.tsv, read once.
import { namedPattern, readNamedPatterns } from './lexicon.ts';

const patterns = readNamedPatterns('reference-labels.patterns.tsv');
/** An Orthodox reader's Psalm label's bracketed Protestant number: " (23:1)". */
export const LABEL_BRACKETED = namedPattern(patterns, 'label.bracketed');
/** The chapter and verse at the end of a label: " 3:16", " 23篇", " 9 (10)". */
export const LABEL_NUMBER = namedPattern(patterns, 'label.number');
