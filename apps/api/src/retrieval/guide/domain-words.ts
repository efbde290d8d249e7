// The faith and off-topic word lists are data now (language/lexicon/faith-words.tsv, off-topic-words.tsv), read by
// language/domain-words.ts; the answer's modules still import these names from here.
export { namesOnlyAnotherTopic, normalise, wholeWords } from '../../language/domain-words.ts';
