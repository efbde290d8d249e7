// Words of distress in the four languages of the lists (Chinese after folding to Simplified), read only when the
// reader speaks of themselves (FIRST_PERSON), so "圣经怎么看焦虑？" is answered as a question and "我很焦虑" as a
// person. The words are in lexicon/distress.*.tsv, the patterns a list cannot say in lexicon/distress.patterns.tsv.
// Whether the reader may be at risk of ending their life is read apart, from the care lists (question/care-risk.ts).
import { anyOf, readNamedPatterns, readPatternList, type LexiconRow } from './lexicon.ts';

/**
 * Distress themes, in the order a reader's words are read: a death named is grief, whatever else the reader feels
 * with it; feeling worthless before despair; loneliness, illness and anxiety after it; sleeplessness last (a reader
 * anxious and sleepless is anxious). The passages chosen for each are in answer/theme-passages.ts.
 */
export const CARE_THEMES = [
  'grief',
  'worth',
  'despair',
  'lonely',
  'illness',
  'livelihood',
  'anxiety',
  'sleep',
] as const;
export type DistressTheme = (typeof CARE_THEMES)[number];
/** A distress theme, or a crisis: a reader who may be at risk of ending their life. */
export type CareTheme = DistressTheme | 'crisis';

const TAGS = new Set<string>([...CARE_THEMES, 'self', 'asks']);

/** The lines of the distress lists (language/lexicon/distress.*.tsv), each tag of each file checked. */
export function distressRows(): { han: LexiconRow[]; latin: LexiconRow[] } {
  const read = (file: string) => {
    const rows = readPatternList(file);
    const unknown = rows.find((row) => !TAGS.has(row.tag));
    if (unknown) throw new Error(`${unknown.file}:${unknown.line}: no tag "${unknown.tag}"`);
    return rows;
  };
  return { han: read('distress.zh.tsv'), latin: ['en', 'es', 'fr'].flatMap((lang) => read(`distress.${lang}.tsv`)) };
}

const rows = distressRows();
const patterns = [...readNamedPatterns('distress.patterns.tsv').values()];
const misnamed = patterns.find((p) => !TAGS.has(p.name.split('.')[0]!));
if (misnamed) throw new Error(`${misnamed.file}:${misnamed.line}: no tag "${misnamed.name.split('.')[0]}"`);
const ofTag = (list: readonly LexiconRow[], tag: string) => list.filter((row) => row.tag === tag);
const patternsOf = (tag: string) => patterns.filter((p) => p.name.startsWith(`${tag}.`));

/** Each theme's words in every language, and its patterns (distress.patterns.tsv: name `theme.…`), as one matcher. */
const DISTRESS = Object.fromEntries(
  CARE_THEMES.map((theme) => [
    theme,
    anyOf([...ofTag(rows.han, theme), ...ofTag(rows.latin, theme), ...patternsOf(theme)]),
  ]),
) as Record<DistressTheme, RegExp>;

/** The distress themes a text (Chinese folded to Simplified) speaks of, in any of the five languages, in CARE_THEMES order. */
export function distressOf(text: string): DistressTheme[] {
  return CARE_THEMES.filter((theme) => DISTRESS[theme].test(text));
}

/**
 * The reader speaks of themselves or their own (我, I, my, yo, mi, je, ma …). Chinese often leaves the pronoun out:
 * "觉得自己一无是处", and a statement that asks nothing ("工作一直不顺利，很沮丧") is the reader's own.
 */
export const FIRST_PERSON_HAN = anyOf(ofTag(rows.han, 'self'));
/**
 * A Chinese text that asks something, or asks for scripture: a distress word in it may be its topic ("圣经怎么看沮丧？",
 * "关于悲伤的经文").
 */
export const ASKS_HAN = anyOf(ofTag(rows.han, 'asks'));
export const FIRST_PERSON_LATIN = anyOf([...ofTag(rows.latin, 'self'), ...patternsOf('self')]);

/**
 * The distress themes of a writer who speaks of themselves or their own ("my mom just died", "觉得自己一无是处"; a
 * Chinese statement that asks nothing is the writer's own), in CARE_THEMES order; none for a question about a theme
 * ("圣经怎么看焦虑？") or about someone in the Bible ("How old was Moses when he died?"). Chinese folded to Simplified.
 */
export function distressOfWriter(text: string): DistressTheme[] {
  const statement = /\p{Script=Han}/u.test(text) && !ASKS_HAN.test(text);
  const firstPerson = FIRST_PERSON_HAN.test(text) || FIRST_PERSON_LATIN.test(text) || statement;
  return firstPerson ? distressOf(text) : [];
}
