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
    if (tag.startsWith('warning.')) continue;
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

/**
 * A request without the words for whom it is for ("刚信主的朋友" → "刚信主的", "a prayer for my friend who just
 * believed" → "a prayer for my who just believed"), folded; what is left says what it is about. Undefined when no
 * such word is in it, or nothing else is.
 */
export function withoutPersonWords(request: string): string | undefined {
  const { zh, en } = personWords();
  let text = foldToSimplified(request.normalize('NFKC'));
  for (const word of [...zh].sort((a, b) => b.length - a.length)) text = text.split(word).join(' ');
  const words = text.split(/(\s+)/u);
  const kept = words.filter((w) => !en.has(w.toLowerCase().replace(/['’]s$/u, '')));
  const out = kept.join('').replace(/\s+/gu, ' ').trim();
  const changed = out !== foldToSimplified(request.normalize('NFKC')).replace(/\s+/gu, ' ').trim();
  return changed && /[\p{L}]/u.test(out) ? out : undefined;
}

let warnings: { han: readonly string[]; latin: RegExp } | undefined;

/** Words that negate the warning word right after them: "no condemnation", 不定罪. */
const NEGATED_HAN = /[不无没非免]$/u;
const NEGATED_LATIN = /(?:^|[^\p{L}])(?:not|no|never|nor)\s+(?:\p{L}+\s+)?$/iu;

/**
 * Whether a clause speaks of wrath, condemnation or the end of the wicked (lexicon/kind-moods.tsv, `warning`), not
 * negated ("the wrath of God remains on him", 不信的，必被定罪; not "should not perish", 就不定罪了).
 */
export function warns(clause: string): boolean {
  if (!warnings) {
    const byTag = readWordsByTag('kind-moods.tsv');
    const latin = (byTag.get('warning.en') ?? []).map(escapeRegExp).join('|');
    warnings = {
      han: (byTag.get('warning.zh') ?? []).map(foldToSimplified),
      latin: new RegExp(`(?<![\\p{L}])(?:${latin})(?:s|es|ed|ing|eth|est|ness)?(?![\\p{L}])`, 'giu'),
    };
  }
  const folded = foldToSimplified(clause);
  for (const word of warnings.han) {
    for (let at = folded.indexOf(word); at >= 0; at = folded.indexOf(word, at + word.length)) {
      if (!NEGATED_HAN.test(folded.slice(Math.max(0, at - 2), at).replace(/[至必]$/u, ''))) return true;
    }
  }
  for (const m of clause.matchAll(warnings.latin)) if (!NEGATED_LATIN.test(clause.slice(0, m.index))) return true;
  return false;
}
