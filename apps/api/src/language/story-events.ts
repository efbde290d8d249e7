// The words a story's telling uses for what a question of fact asks. A question asks "How did Absalom die?", "谁取代了
// 犹大？", "Qui a trahi Samson ?"; the dictionaries and the commentary tell it "Absalom defeated and slain", "the apostle
// elected to fill the place of the traitor Judas", "betrayed … to the Philistines". The fact notes are English
// (corpus/fact-notes.ts): a question's predicate, in any of the five languages, adds the English words the works tell
// that kind of event with. The kinds of event and their words are data (lexicon/story-events.tsv, how a question
// names each; lexicon/story-event-words.tsv, the English words), read and compiled once.
import { dataLines } from './lexicon.ts';
import { readWordList, type WordRow, type WordRule } from './word-list.ts';

const HAN = /\p{Script=Han}/u;

/**
 * A Chinese entry is found anywhere in the question as written (a regular expression, no flags); a Latin one is a
 * stem found at a word's start, in any case.
 */
export const STORY_RULE: WordRule = {
  fragment: (pattern) => pattern,
  wrap: (fragments) =>
    HAN.test(fragments[0] ?? '')
      ? new RegExp(fragments.join('|'))
      : new RegExp(`(?<!\\p{L})(?:${fragments.join('|')})`, 'iu'),
};

interface StoryEvent {
  name: string;
  /** Stems of the question's words (Latin languages) and Chinese words. */
  latin: RegExp;
  han?: RegExp;
  /** English words the reference works use for it. */
  words: string;
}

interface StoryLists {
  rows: WordRow[];
  events: StoryEvent[];
}
let lists: StoryLists | undefined;

export function storyEvents(): StoryLists {
  if (lists) return lists;
  const rows = readWordList('story-events.tsv', STORY_RULE);
  const events = dataLines('story-event-words.tsv').map(({ line, cells }): StoryEvent => {
    const [name, words, extra] = cells;
    if (!name || !words || extra !== undefined)
      throw new Error(`story-event-words.tsv:${line}: an event and its words`);
    const of = rows.filter((row) => row.tag === name);
    const latin = of.filter((row) => !HAN.test(row.fragment)).map((row) => row.fragment);
    const han = of.filter((row) => HAN.test(row.fragment)).map((row) => row.fragment);
    if (!latin.length) throw new Error(`story-events.tsv: no stems of ${name}`);
    return {
      name,
      latin: STORY_RULE.wrap(latin, name),
      ...(han.length ? { han: STORY_RULE.wrap(han, name) } : {}),
      words,
    };
  });
  const unknown = rows.find((row) => !events.some((event) => event.name === row.tag));
  if (unknown) throw new Error(`${unknown.file}:${unknown.line}: no event ${unknown.tag} in story-event-words.tsv`);
  lists = { rows, events };
  return lists;
}

/** English words for the event a question asks about (or undefined): they widen the English search of the notes. */
export function storyWords(question: string): string | undefined {
  const words = new Set<string>();
  for (const event of storyEvents().events) {
    if (event.latin.test(question) || event.han?.test(question)) {
      for (const word of event.words.split(' ')) words.add(word);
    }
  }
  return words.size > 0 ? [...words].join(' ') : undefined;
}
