// The stop words are data now (language/lexicon/stop-words.tsv), read by language/stop-words.ts; the answer's
// language reading still imports them from here.
export { STOP_WORD_LISTS, type StopWordLang } from '../language/stop-words.ts';
