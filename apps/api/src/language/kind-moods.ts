// The movement of a verse's clause (lament, trust, praise, confession, a command), read from lexicon/kind-moods.tsv
// (what the words are for is said there), for prayers and poems made from the passages.
import { foldToSimplified } from './fold.ts';
import { readWordsByTag } from './word-list.ts';
import { escapeRegExp } from './lexicon.ts';

export const MOODS = ['lament', 'trust', 'praise', 'confession', 'command'] as const;
export type Mood = (typeof MOODS)[number];
type MoodLang = 'zh' | 'en';

interface MoodMatchers {
  han: Map<Mood, readonly string[]>;
  latin: Map<Mood, RegExp>;
}

let matchers: MoodMatchers | undefined;

function read(): MoodMatchers {
  if (matchers) return matchers;
  const byTag = readWordsByTag('kind-moods.tsv');
  const han = new Map<Mood, readonly string[]>();
  const latin = new Map<Mood, RegExp>();
  for (const [tag, words] of byTag) {
    const [mood, lang] = tag.split('.') as [Mood, MoodLang];
    if (!MOODS.includes(mood) || (lang !== 'zh' && lang !== 'en')) throw new Error(`kind-moods.tsv: no tag ${tag}`);
    if (lang === 'zh') {
      han.set(mood, words.map(foldToSimplified));
      continue;
    }
    const alternatives = words.map(escapeRegExp).join('|');
    // An imperative is the clause's first word; the other moods' words stand anywhere, with a common ending.
    latin.set(
      mood,
      mood === 'command'
        ? new RegExp(`^(?:${alternatives}|do not)(?![\\p{L}])`, 'iu')
        : new RegExp(`(?<![\\p{L}])(?:${alternatives})(?:s|es|ed|ing|eth|est|ness)?(?![\\p{L}])`, 'iu'),
    );
  }
  matchers = { han, latin };
  return matchers;
}

/** The moods a clause's words show, in the order of MOODS. */
export function moodsOf(clause: string): Mood[] {
  const { han, latin } = read();
  const folded = foldToSimplified(clause);
  const text = clause.replace(/^[^\p{L}]+/u, '');
  return MOODS.filter(
    (mood) => han.get(mood)?.some((word) => folded.includes(word)) || latin.get(mood)?.test(text) === true,
  );
}

let persons: { zh: readonly string[]; en: ReadonlySet<string> } | undefined;

/** Words for the people a piece is asked for (lexicon/kind-persons.tsv): who it is for, not what it is about. */
export function personWords(): { zh: readonly string[]; en: ReadonlySet<string> } {
  if (persons) return persons;
  const byTag = readWordsByTag('kind-persons.tsv');
  persons = { zh: (byTag.get('zh') ?? []).map(foldToSimplified), en: new Set(byTag.get('en') ?? []) };
  return persons;
}
