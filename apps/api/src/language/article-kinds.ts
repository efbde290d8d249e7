// What a Bible dictionary's article is about, read from its opening (lexicon/article-kinds.tsv): the first word of a
// kind among its first words decides. Easton's "Hagar | Flight, … an Egyptian, Sarah's handmaid" is a person,
// "Cherith | A cutting; … a torrent-bed … a brook" a place, "Mene | … one of the words" neither.
import { readWordList, wholeWords, wordFragment, type WordRow, type WordRule } from './word-list.ts';

export const ARTICLE_KINDS = ['person', 'place', 'other'] as const;
export type ArticleKind = (typeof ARTICLE_KINDS)[number];

/** How many words of an article's opening are read for its kind. */
const OPENING_WORDS = 16;

const RULE: WordRule = {
  fragment: (pattern) => wordFragment(pattern),
  wrap: (fragments) => wholeWords(fragments),
};

let rows: WordRow[] | undefined;
/** The list's lines, read once. */
export function articleKindRows(): WordRow[] {
  if (!rows) {
    rows = readWordList('article-kinds.tsv', RULE);
    for (const row of rows)
      if (!(ARTICLE_KINDS as readonly string[]).includes(row.tag))
        throw new Error(`${row.file}:${row.line}: no kind ${row.tag}`);
  }
  return rows;
}

/** The list as it is read: whole words looked up, and the rows with a `*`, tried in turn. */
let lookup: { words: Map<string, ArticleKind>; starred: WordRow[] } | undefined;

/** Up to this many words before the first comma, semicolon or full stop are the name's meaning, not its bearer. */
const GLOSS_WORDS = 4;
/** A numbered part of an article, one bearer of its name: "(1.)", "(2)". */
const SENSE = /\(\d+\.?\)/;

/**
 * The kinds an article's parts say its title is: the whole article's opening, and each numbered part's ("Isaac.
 * (1) Israel, or the kingdom … (2.) The only son of Abraham": place, person). The name's meaning is left out when
 * the article opens with it ("Mountain-goat, the wife of Heber": a wife), and so is what is in brackets.
 */
export function articleKinds(text: string): ArticleKind[] {
  const [first = '', ...parts] = text.split(SENSE);
  const plain = first.replace(/\([^)]*\)/g, ' ');
  const gloss = /^[^,;.]*[,;.]/.exec(plain)?.[0];
  const opening = gloss && (gloss.match(/\p{L}+/gu) ?? []).length <= GLOSS_WORDS ? plain.slice(gloss.length) : plain;
  return [opening, ...parts].flatMap((part) => articleKind(part) ?? []);
}

/** The kind a text's first words say (the first word of a kind among them), or undefined when none is. */
export function articleKind(text: string): ArticleKind | undefined {
  lookup ??= {
    words: new Map(
      articleKindRows().flatMap((row) => (row.pattern.includes('*') ? [] : [[row.pattern, row.tag as ArticleKind]])),
    ),
    starred: articleKindRows().filter((row) => row.pattern.includes('*')),
  };
  const { words: kindOf, starred } = lookup;
  const words =
    text
      .replace(/\([^)]*\)/g, ' ')
      .toLowerCase()
      .match(/\p{L}+/gu) ?? [];
  for (const word of words.slice(0, OPENING_WORDS)) {
    const kind = kindOf.get(word) ?? (starred.find((row) => row.regex.test(word))?.tag as ArticleKind | undefined);
    if (kind) return kind;
  }
  return undefined;
}
