// The passage guide's shape and the rules that need no corpus: a topical index from what readers ask about
// (names, aliases in five languages) to the verses a pastor would cite, most important first.
import { z } from 'zod';
import { CARE_THEMES } from '../../language/care-lexicon.ts';
import { guideAliasRules } from '../../language/guide-aliases.ts';

export const GUIDE_KINDS = ['passage', 'topic', 'person', 'place'] as const;
export const GUIDE_LANGUAGES = ['zh-Hans', 'zh-Hant', 'en', 'es', 'fr'] as const;
export type GuideLanguage = (typeof GUIDE_LANGUAGES)[number];
/** zh-Hant is optional: the code converts zh-Hans, so only forms that differ from that conversion are listed. */
export const REQUIRED_GUIDE_LANGUAGES: readonly GuideLanguage[] = ['zh-Hans', 'en', 'es', 'fr'];

/** USFM `BOOK.C.V` or `BOOK.C.V-BOOK.C.V`, the corpus's own reference form. */
export const GUIDE_REF_PATTERN = /^([1-4A-Z][A-Z0-9]{2})\.(\d+)\.(\d+)(?:-([1-4A-Z][A-Z0-9]{2})\.(\d+)\.(\d+))?$/;

/** The most verses one ref may span; the guide points at the heart of a passage, not at whole books. */
export const MAX_RANGE_VERSES = 40;

const alias = z.string().trim().min(1);

export const passageGuideEntrySchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'id must be kebab-case'),
  kind: z.enum(GUIDE_KINDS),
  refs: z.array(z.string().regex(GUIDE_REF_PATTERN, 'ref must be USFM BOOK.C.V or BOOK.C.V-BOOK.C.V')).min(1),
  names: z.strictObject({
    'zh-Hans': z.array(alias).min(1),
    'zh-Hant': z.array(alias).optional(),
    en: z.array(alias).min(1),
    es: z.array(alias).min(1),
    fr: z.array(alias).min(1),
  }),
  /**
   * A topic that speaks to a reader's distress (language/care-lexicon.ts): read as named when a writer speaks of that
   * distress in their own words ("my mom just died" is grief, though it names no alias). One topic per theme.
   */
  care: z.enum(CARE_THEMES).optional(),
  /** Only for entries whose refs are deuterocanonical: then every ref is in the Vulgate numbering of `cpdv`. */
  canon: z.literal('catholic').optional(),
  /**
   * A topic's passages in the deuterocanon (Vulgate numbering of `cpdv`), for readers whose canon holds them: the
   * reference works the other rankers read never cite those books (almsgiving → Tobit 4:7-11).
   */
  deuterocanon: z
    .array(z.string().regex(GUIDE_REF_PATTERN, 'ref must be USFM BOOK.C.V or BOOK.C.V-BOOK.C.V'))
    .min(1)
    .optional(),
});

export type PassageGuideEntry = z.infer<typeof passageGuideEntrySchema>;
export const passageGuideSchema = z.array(passageGuideEntrySchema);

/**
 * Aliases two entries may share on purpose (the Chinese Union Version gives the patriarch and Mary's husband the
 * same name, so a question about 约瑟 should bring both), and words that would match almost any question, so that an
 * alias equal to one says nothing: language/lexicon/guide-aliases.tsv. Everything else is one alias, one entry.
 */
const ALIAS_RULES = guideAliasRules();
export const INTENDED_SHARED_ALIASES: Readonly<Partial<Record<GuideLanguage, readonly string[]>>> = Object.fromEntries(
  [...ALIAS_RULES.shared].map(([language, aliases]) => {
    if (!(GUIDE_LANGUAGES as readonly string[]).includes(language))
      throw new Error(`guide-aliases.tsv: ${language} is no guide language`);
    return [language, aliases];
  }),
);
const TOO_GENERIC = ALIAS_RULES.tooGeneric;

const HAN = /\p{Script=Han}/u;

/** The form under which two aliases count as the same: case, width and surrounding space ignored. */
export function aliasKey(text: string): string {
  return text.normalize('NFKC').trim().toLowerCase();
}

export interface RefParts {
  book: string;
  chapter: number;
  verse: number;
  endBook: string;
  endChapter: number;
  endVerse: number;
}

export function parseGuideRef(ref: string): RefParts | undefined {
  const m = GUIDE_REF_PATTERN.exec(ref);
  if (!m) return undefined;
  const [, book, chapter, verse, endBook, endChapter, endVerse] = m;
  return {
    book: book!,
    chapter: Number(chapter),
    verse: Number(verse),
    endBook: endBook ?? book!,
    endChapter: Number(endChapter ?? chapter),
    endVerse: Number(endVerse ?? verse),
  };
}

export interface GuideBooks {
  /** Every USFM code the corpus knows (books.json). */
  codes: ReadonlySet<string>;
  /** The deuterocanonical and apocryphal codes (testament DC): only `canon: "catholic"` entries may cite them. */
  deuterocanon: ReadonlySet<string>;
}

/** Problems that need no verse text: the schema, unique ids and aliases, ref syntax and book codes. */
export function findStructuralProblems(data: unknown, books: GuideBooks): string[] {
  const parsed = passageGuideSchema.safeParse(data);
  if (!parsed.success) {
    return parsed.error.issues.map((issue) => `schema: ${issue.path.join('.')}: ${issue.message}`);
  }
  const problems: string[] = [];
  const ids = new Set<string>();
  const owners = new Map<string, string>();
  for (const entry of parsed.data) {
    const at = entry.id;
    if (ids.has(entry.id)) problems.push(`${at}: duplicate id`);
    ids.add(entry.id);
    problems.push(...refProblems(entry, books));
    for (const language of GUIDE_LANGUAGES) {
      const intended = new Set((INTENDED_SHARED_ALIASES[language] ?? []).map(aliasKey));
      const seenHere = new Set<string>();
      for (const name of entry.names[language] ?? []) {
        const key = aliasKey(name);
        if (seenHere.has(key)) problems.push(`${at}: ${language} alias "${name}" listed twice`);
        seenHere.add(key);
        problems.push(...aliasProblems(at, language, name));
        const owner = owners.get(`${language}:${key}`);
        if (owner && owner !== entry.id && !intended.has(key)) {
          problems.push(`${at}: ${language} alias "${name}" is also an alias of ${owner}`);
        }
        owners.set(`${language}:${key}`, entry.id);
      }
    }
  }
  return problems;
}

function aliasProblems(at: string, language: GuideLanguage, name: string): string[] {
  const problems: string[] = [];
  const key = aliasKey(name);
  const han = [...key].filter((c) => HAN.test(c)).length;
  if (han === 1 && [...key].length === 1) problems.push(`${at}: ${language} alias "${name}" is a single character`);
  if (language.startsWith('zh') && han === 0) problems.push(`${at}: ${language} alias "${name}" has no Chinese`);
  if (!language.startsWith('zh') && key.length < 3) problems.push(`${at}: ${language} alias "${name}" is too short`);
  if (TOO_GENERIC.has(key)) problems.push(`${at}: ${language} alias "${name}" is too generic`);
  if (/[()（）|/]/.test(name)) problems.push(`${at}: ${language} alias "${name}" holds brackets or separators`);
  return problems;
}

function refProblems(entry: PassageGuideEntry, books: GuideBooks): string[] {
  const problems: string[] = [];
  let deuterocanonical = false;
  for (const ref of entry.refs) {
    const parts = parseGuideRef(ref)!;
    for (const code of [parts.book, parts.endBook]) {
      if (!books.codes.has(code)) problems.push(`${entry.id}: ${ref}: unknown book ${code}`);
      if (books.deuterocanon.has(code)) deuterocanonical = true;
    }
    if (parts.endBook !== parts.book) problems.push(`${entry.id}: ${ref}: a range must stay in one book`);
    const start = parts.chapter * 1000 + parts.verse;
    const end = parts.endChapter * 1000 + parts.endVerse;
    if (parts.chapter < 1 || parts.verse < 1) problems.push(`${entry.id}: ${ref}: chapters and verses start at 1`);
    if (end < start) problems.push(`${entry.id}: ${ref}: range ends before it starts`);
  }
  if (deuterocanonical && entry.canon !== 'catholic') {
    problems.push(`${entry.id}: cites the deuterocanon but is not marked canon "catholic"`);
  }
  if (!deuterocanonical && entry.canon === 'catholic' && !entry.refs.some((r) => isCatholicOnlyRef(r))) {
    problems.push(`${entry.id}: marked canon "catholic" but cites nothing deuterocanonical`);
  }
  const seen = new Set<string>();
  for (const ref of entry.refs) {
    if (seen.has(ref)) problems.push(`${entry.id}: ${ref} listed twice`);
    seen.add(ref);
  }
  if (entry.deuterocanon && entry.kind !== 'topic') problems.push(`${entry.id}: only a topic lists deuterocanon refs`);
  for (const ref of entry.deuterocanon ?? []) {
    const parts = parseGuideRef(ref)!;
    if (!books.deuterocanon.has(parts.book) && !isCatholicOnlyRef(ref))
      problems.push(`${entry.id}: ${ref}: a deuterocanon ref outside the deuterocanon`);
    if (parts.endBook !== parts.book) problems.push(`${entry.id}: ${ref}: a range must stay in one book`);
  }
  return problems;
}

/** Greek additions that Catholic Bibles number inside Daniel and Esther (Vulgate numbering, as in `cpdv`). */
export function isCatholicOnlyRef(ref: string): boolean {
  const parts = parseGuideRef(ref);
  if (!parts) return false;
  if (parts.book === 'DAN') return parts.chapter >= 13 || (parts.chapter === 3 && parts.endVerse > 23);
  if (parts.book === 'EST') return parts.chapter > 10 || (parts.chapter === 10 && parts.endVerse > 3);
  return false;
}
