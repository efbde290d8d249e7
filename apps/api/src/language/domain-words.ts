// The words that place a question inside or outside the faith's and the Bible's domain, in the five languages
// (lexicon/faith-words.tsv, faith-words.patterns.tsv, off-topic-words.tsv): the answer reads its asker's intent by
// them (answer/question-intent.ts), and the retriever's relevance floor refuses a question that is plainly about
// something else (the weather, a recipe, a share price) with none of them. Each list is matched in the question's
// normalised form (fold.ts `normalise`): a Chinese entry anywhere, a Latin one as whole words.
import { normalise } from './fold.ts';
import { namedPattern, readNamedPatterns } from './lexicon.ts';
import { literalFragment, readWordList, wholeWords, wordFragment, type WordRow, type WordRule } from './word-list.ts';

/** The folded form a question is read in: NFKC, lower case, Han text in Simplified (fold.ts). */
export { normalise, wholeWords };

const LATIN_TAGS = ['en', 'es', 'fr'];

/** zh entries are characters found anywhere; en, es and fr entries are words found whole. */
export const DOMAIN_RULE: WordRule = {
  fragment: (pattern, tag) => (tag === 'zh' ? literalFragment(pattern) : wordFragment(pattern)),
  wrap: (fragments, tag) => (tag === 'zh' ? new RegExp(fragments.join('|'), 'u') : wholeWords(fragments)),
};

interface DomainLists {
  faith: WordRow[];
  offTopic: WordRow[];
  faithHan: RegExp;
  faithLatin: RegExp;
  offTopicHan: RegExp;
  offTopicLatin: RegExp;
  /** Each Latin language's own off-topic words: French "basket" (basketball) is no sport in English. */
  offTopicOf: ReadonlyMap<string, RegExp>;
}
let lists: DomainLists | undefined;

/** The lists, read and compiled once: each language's entries joined into one expression. */
export function domainLists(): DomainLists {
  if (lists) return lists;
  const faith = readWordList('faith-words.tsv', DOMAIN_RULE);
  const offTopic = readWordList('off-topic-words.tsv', DOMAIN_RULE);
  for (const row of [...faith, ...offTopic])
    if (row.tag !== 'zh' && !LATIN_TAGS.includes(row.tag))
      throw new Error(`${row.file}:${row.line}: no language ${row.tag}`);
  const godAlone = namedPattern(readNamedPatterns('faith-words.patterns.tsv'), 'god-alone');
  const han = (rows: WordRow[], ...more: string[]) =>
    new RegExp([...rows.filter((r) => r.tag === 'zh').map((r) => r.fragment), ...more].join('|'), 'u');
  const latin = (rows: WordRow[]) => wholeWords(rows.filter((r) => r.tag !== 'zh').map((r) => r.fragment));
  lists = {
    faith,
    offTopic,
    faithHan: han(faith, godAlone.source),
    faithLatin: latin(faith),
    offTopicHan: han(offTopic),
    offTopicLatin: latin(offTopic),
    offTopicOf: new Map(LATIN_TAGS.map((tag) => [tag, latin(offTopic.filter((r) => r.tag === tag))])),
  };
  return lists;
}

/**
 * Whether a folded question names no faith word and plainly names another topic (the caller adds its own cues). Given
 * the reader's language, a Latin-script question is held to that language's off-topic words only ("the baby found in
 * a basket" is no game of basketball, though French calls the game "basket"); faith words count in any language.
 */
export function namesOnlyAnotherTopic(folded: string, language?: string): boolean {
  const { faithHan, faithLatin, offTopicHan, offTopicLatin, offTopicOf } = domainLists();
  const otherLatin = offTopicOf.get(language?.split('-')[0] ?? '') ?? offTopicLatin;
  return !faithHan.test(folded) && !faithLatin.test(folded) && (offTopicHan.test(folded) || otherLatin.test(folded));
}
