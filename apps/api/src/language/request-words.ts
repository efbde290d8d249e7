// What a question asks for in so many words (a prayer, a sermon, a poem), and the words of such a request, which
// taken out leave its theme. The lists: lexicon/request-kinds.*.tsv (phrases), lexicon/request-words.*.tsv (words
// taken out), lexicon/request.patterns.tsv (a request verb, then the thing asked for). Read and compiled once.
import {
  anyOf,
  namedPattern,
  readNamedPatterns,
  readPatternList,
  readTable,
  type NamedPattern,
  type TableRow,
  escapeRegExp,
} from './lexicon.ts';

export const REQUEST_KINDS = ['prayer', 'sermon', 'poem'] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];

const LANGUAGES = ['zh', 'en', 'es', 'fr'] as const;
const KIND_TAGS = new Set<string>([...REQUEST_KINDS, 'named-sermon']);
const WORD_TAGS: Record<(typeof LANGUAGES)[number], readonly string[]> = {
  zh: ['ask', 'thing'],
  en: ['word'],
  es: ['word'],
  fr: ['word'],
};

interface RequestLists {
  /** Each kind's phrases and patterns as one matcher (of the question folded by normalise). */
  kinds: Record<RequestKind, RegExp>;
  /** A sermon named (the Sermon on the Mount): asked about, not for. */
  namedSermon: RegExp;
  /** The words of a request, every one (global, case-insensitive, of the question as written). */
  words: RegExp;
  /** A particle (的, 之) left at either end of a theme once the words are out. */
  particle: RegExp;
}
let lists: RequestLists | undefined;

/** The named patterns of request.patterns.tsv. */
export function requestPatterns(): Map<string, NamedPattern> {
  return readNamedPatterns('request.patterns.tsv');
}

/** The lines of request-words.*.tsv: a tag, a word as written, an example it is taken out of. */
export function requestWordRows(): TableRow<'tag' | 'word' | 'example'>[] {
  return LANGUAGES.flatMap((lang) => {
    const rows = readTable(`request-words.${lang}.tsv`, ['tag', 'word', 'example'] as const);
    const unknown = rows.find((row) => !WORD_TAGS[lang].includes(row.tag));
    if (unknown) throw new Error(`${unknown.file}:${unknown.line}: no tag "${unknown.tag}"`);
    return rows;
  });
}

/** Longest first, so that where two words begin at one place the longer is taken ("sermon outline", "sermon"). */
const longestFirst = (words: readonly string[]) => [...words].sort((a, b) => b.length - a.length);

export function requestLists(): RequestLists {
  if (lists) return lists;
  const rows = LANGUAGES.flatMap((lang) => readPatternList(`request-kinds.${lang}.tsv`));
  const unknown = rows.find((row) => !KIND_TAGS.has(row.tag));
  if (unknown) throw new Error(`${unknown.file}:${unknown.line}: no tag "${unknown.tag}"`);
  const patterns = [...requestPatterns().values()].filter((p) => !p.name.startsWith('@'));
  const misnamed = patterns.find((p) => !['strip', 'theme', ...REQUEST_KINDS].includes(p.name.split('.')[0]!));
  if (misnamed) throw new Error(`${misnamed.file}:${misnamed.line}: no kind "${misnamed.name.split('.')[0]}"`);
  const kinds = Object.fromEntries(
    REQUEST_KINDS.map((kind) => [
      kind,
      anyOf([...rows.filter((row) => row.tag === kind), ...patterns.filter((p) => p.name.startsWith(`${kind}.`))]),
    ]),
  ) as Record<RequestKind, RegExp>;
  const words = requestWordRows();
  const of = (tag: string) => longestFirst(words.filter((row) => row.tag === tag).map((row) => escapeRegExp(row.word)));
  const strip = patterns.filter((p) => p.name.startsWith('strip.')).map((p) => p.regex.source);
  lists = {
    kinds,
    namedSermon: anyOf(rows.filter((row) => row.tag === 'named-sermon')),
    words: new RegExp(
      [
        ...of('ask'),
        // A prayer, sermon or poem, with the 的 before it ("关于饶恕的祷告").
        `的?(?:${[...of('thing'), ...strip].join('|')})`,
        `(?<!\\p{L})(?:${of('word').join('|')})(?!\\p{L})`,
      ].join('|'),
      'giu',
    ),
    particle: namedPattern(requestPatterns(), 'theme.particle'),
  };
  return lists;
}
