// Words of a follow-up question that point back to what an earlier question named ("this book", "这段经文", "it"):
// lexicon/follow-up.*.tsv, read and compiled once.
import { anyOf, readPatternList, type LexiconRow } from './lexicon.ts';

const TAGS = ['book', 'back', 'pronoun'] as const;
export type PointingBack = (typeof TAGS)[number];

/** The lines of the lists, Chinese and Latin-script apart, each tag checked. */
export function followUpRows(): { han: LexiconRow[]; latin: LexiconRow[] } {
  const read = (lang: string) => {
    const rows = readPatternList(`follow-up.${lang}.tsv`);
    const unknown = rows.find((row) => !(TAGS as readonly string[]).includes(row.tag));
    if (unknown) throw new Error(`${unknown.file}:${unknown.line}: no tag "${unknown.tag}"`);
    return rows;
  };
  return { han: read('zh'), latin: ['en', 'es', 'fr'].flatMap(read) };
}

let words: Record<PointingBack, RegExp> | undefined;

/** Each kind of pointing back, its words in every language as one matcher (of a lower-cased text). */
export function followUpWords(): Record<PointingBack, RegExp> {
  if (words) return words;
  const rows = [...followUpRows().han, ...followUpRows().latin];
  words = Object.fromEntries(TAGS.map((tag) => [tag, anyOf(rows.filter((row) => row.tag === tag))])) as Record<
    PointingBack,
    RegExp
  >;
  return words;
}
