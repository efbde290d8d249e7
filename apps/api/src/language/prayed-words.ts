// A verse's clause said to God, for the offline prayer (answer/kind-forms.ts): a psalm that already speaks to him is
// prayed as it stands, a clause with God as its subject is said to him ("The LORD is my shepherd" → "LORD, you are
// my shepherd"), a command to the readers becomes the petition to keep it ("Cast your burden on the LORD" → "help us
// to cast our burden on the LORD"). The words are lexicon/prayed-words.tsv (what each role is for is said there);
// every word of the result but the turned ones is the verse's own, in the reader's translation. A clause whose words
// leave a doubt (a "he" that may be God or another) is not turned, and the prayer quotes it instead.
import { Converter } from 'opencc-js';
import { foldPerCharacter } from './chinese-text.ts';
import { readTable, escapeRegExp } from './lexicon.ts';
import type { Mood } from './kind-moods.ts';

export type PrayedLanguage = 'zh' | 'en' | 'es' | 'fr';
export type PrayedForm = 'addressed' | 'toGod' | 'command' | 'promise';

export interface Prayed {
  form: PrayedForm;
  /** The clause as prayed, without the mark that ended it. */
  text: string;
}

const ROLES = [
  'addressed',
  'psalter',
  'second',
  'attribute',
  'speech',
  'subject',
  'conjunction',
  'wish',
  'wished',
  'blocks',
  'after',
  'verb',
  'subject-verb',
  'opener',
  'ending',
  'you',
  'present',
  'past',
  'start',
  'unstarted',
  'dark',
  'name',
  'opening',
  'story',
  'pronoun',
] as const;
type Role = (typeof ROLES)[number];
interface Entry {
  words: string;
  turned: string;
}
type Table = Map<`${Role}.${PrayedLanguage | 'all'}`, Entry[]>;

let table: Table | undefined;

function read(): Table {
  if (table) return table;
  const out: Table = new Map();
  for (const row of readTable('prayed-words.tsv', ['role', 'language', 'words', 'turned'] as const, 3)) {
    if (!ROLES.includes(row.role as Role)) throw new Error(`${row.file}:${row.line}: no role ${row.role}`);
    const key = `${row.role}.${row.language}` as `${Role}.${PrayedLanguage | 'all'}`;
    // Longest first: 耶和华神 before 耶和华, "the LORD God" before "the LORD".
    out.set(key, [...(out.get(key) ?? []), { words: row.words, turned: row.turned }].sort(longestFirst));
  }
  table = out;
  return out;
}

function longestFirst(a: Entry, b: Entry): number {
  return b.words.length - a.words.length;
}

function entries(role: Role, lang: PrayedLanguage | 'all'): Entry[] {
  return read().get(`${role}.${lang}`) ?? [];
}

const HAN = /\p{Script=Han}/u;

/**
 * A clause read for matching: Chinese folded to Simplified one character for one (so a place in it is a place in the
 * clause as written); other text as written.
 */
function readable(clause: string): string {
  return HAN.test(clause) ? foldPerCharacter(clause).join('') : clause;
}

/** A Latin entry as a whole word (or words), its first letter in either case. */
function latinWord(words: string): string {
  const first = words.charAt(0);
  const head =
    first.toLowerCase() === first.toUpperCase()
      ? escapeRegExp(first)
      : `[${first.toLowerCase()}${first.toUpperCase()}]`;
  return `${head}${escapeRegExp(words.slice(1))}`;
}

/** Where an entry stands in a text (a Chinese word anywhere, a Latin one whole), or -1. */
function foundAt(text: string, words: string): number {
  if (HAN.test(words)) return text.indexOf(words);
  // An elided word (French l’, qu’) stands before the next word's letters.
  const end = /['’]$/.test(words) ? '' : '(?![\\p{L}])';
  return text.search(new RegExp(`(?<![\\p{L}'’])${latinWord(words)}${end}`, 'u'));
}

function holds(text: string, words: string): boolean {
  return foundAt(text, words) >= 0;
}

/** The entry the text opens with, and the length it takes there (with the space after a Latin one). */
function opening(text: string, list: readonly Entry[]): { entry: Entry; length: number } | undefined {
  for (const entry of list) {
    if (HAN.test(entry.words)) {
      if (text.startsWith(entry.words)) return { entry, length: entry.words.length };
      continue;
    }
    const m = new RegExp(`^${latinWord(entry.words)}(?![\\p{L}'’])[,]?\\s*`, 'u').exec(text);
    if (m) return { entry, length: m[0].length };
  }
  return undefined;
}

/** The clause without the mark that ends it. */
function bare(clause: string): string {
  return clause.replace(/[,;:.!?\uff0c\uff1b\uff1a\u3001\u3002\uff01\uff1f]+$/u, '').trim();
}

/** "gives" → "give", "blesses" → "bless", "carries" → "carry": a verb said of "he" said of "you". */
function saidToYou(verb: string): string | undefined {
  if (/(?:ss|us|is)$/.test(verb) || !/s$/.test(verb)) return /ed$/.test(verb) ? verb : undefined;
  if (/ies$/.test(verb)) return `${verb.slice(0, -3)}y`;
  if (/(?:sses|shes|ches|xes|zes|oes)$/.test(verb)) return verb.slice(0, -2);
  return verb.slice(0, -1);
}

let traditionalWords: Map<string, string> | undefined;

/**
 * A Chinese word of the table in the reader's script. The table's words are converted once, by a converter that is
 * then let go: OpenCC's phrase trie holds about 20 MB of the server's heap for as long as a converter lives.
 */
function inScript(word: string, traditional: boolean): string {
  if (!traditional) return word;
  if (!traditionalWords) {
    const toTaiwan = Converter({ from: 'cn', to: 'tw' });
    const words = [...read().values()].flat().map((e) => e.turned);
    traditionalWords = new Map([...words, ...Object.values(HAN_PERSON)].map((w) => [w, toTaiwan(w)]));
  }
  const known = traditionalWords.get(word);
  if (known !== undefined) return known;
  throw new Error(`prayed words: ${word} is not a word of the table`);
}

/**
 * The readers a clause speaks to, as us: Chinese 你们/你 → 我们 (in the reader's script); English your → our, you →
 * us, unless "you" is a verb's subject ("wherever you go") or an old form (thou, ye) stands: then nothing.
 */
function readersAsUs(rest: string, restRead: string, lang: PrayedLanguage, traditional: boolean): string | undefined {
  const pronouns = entries('pronoun', lang);
  if (lang === 'zh') {
    let out = rest;
    let read = restRead;
    for (const p of pronouns) {
      let at = read.indexOf(p.words);
      while (at >= 0) {
        const turned = inScript(p.turned, traditional);
        out = `${out.slice(0, at)}${turned}${out.slice(at + p.words.length)}`;
        read = `${read.slice(0, at)}${p.turned}${read.slice(at + p.words.length)}`;
        at = read.indexOf(p.words, at + p.turned.length);
      }
    }
    return out;
  }
  if (pronouns.some((p) => p.turned === '-' && p.words !== 'you' && holds(rest, p.words))) return undefined;
  const verbs = new Set(entries('subject-verb', lang).map((e) => e.words));
  if ([...rest.matchAll(/(?<![\p{L}'’])[Yy]ou\s+([\p{L}]+)/gu)].some((m) => verbs.has(m[1]!.toLowerCase())))
    return undefined;
  // "you" after a word that opens a clause is that clause's subject ("abound to you, that you…"): "us" would be wrong.
  if (entries('opener', lang).some((e) => holds(rest, `${e.words} you`))) return undefined;
  let out = rest;
  for (const p of pronouns.filter((p) => p.turned !== '-'))
    out = out.replace(new RegExp(`(?<![\\p{L}'’])${latinWord(p.words)}(?![\\p{L}'’])`, 'gu'), p.turned);
  return out.replace(/(?<![\p{L}'’])you(?![\p{L}'’])/gu, 'us');
}

/** A second verb of the subject, joined by "and" before its object: "and saves those who…". */
const SECOND_VERB = /(,? and )(\p{L}+s)(?= (?:those|the|a|an|all|our|my|us|me|them|him|her|his|whoever)(?!\p{L}))/gu;

/**
 * Spanish and French: the verb after God's name said to "tú"/"tu" ("Jehová es mi pastor" → "Jehová, tú eres mi
 * pastor"; "L'Éternel garde" → "Éternel, tu gardes"): a verb of the table, or one whose ending the table turns
 * (`ending`: juzgará → juzgarás, fera → feras), four letters or more; else nothing. No pronoun is turned: a clause
 * with one (`blocks`: te, su, il, vous) was left before.
 */
function romanceToGod(name: string, verb: string, after: string, lang: 'es' | 'fr'): string | undefined {
  const lower = verb.toLowerCase();
  const known = entries('verb', lang).find((e) => e.words === lower)?.turned;
  const ending = known
    ? undefined
    : lower.length >= 4
      ? entries('ending', lang).find((e) => lower.endsWith(e.words))
      : undefined;
  const said = known ?? (ending ? `${lower.slice(0, -ending.words.length)}${ending.turned}` : undefined);
  const you = entries('you', lang)[0]?.words;
  return said && you ? `${name}, ${you} ${said}${after}` : undefined;
}

function toGod(clause: string, lang: PrayedLanguage): string | undefined {
  const traditional = lang === 'zh' && readable(clause) !== clause;
  let read = readable(clause);
  let text = clause;
  const cut = (n: number) => {
    read = read.slice(n).trimStart();
    text = text.slice(text.length - read.length);
  };
  const conj = opening(read, entries('conjunction', lang));
  if (conj) cut(conj.length);
  const wish = opening(read, entries('wish', lang));
  if (wish) cut(wish.length);
  const subject = opening(read, entries('subject', lang));
  if (!subject) return undefined;
  cut(subject.length);
  if (!read.trim()) return undefined;
  if (entries('after', lang).some((e) => read.startsWith(e.words))) return undefined;
  if (entries('blocks', lang).some((e) => holds(read, e.words))) return undefined;
  if (lang === 'zh') {
    const rest = readersAsUs(text, read, lang, traditional);
    const name = inScript(subject.entry.turned, traditional);
    return rest === undefined ? undefined : `${name}啊，${wish ? '求你' : '你'}${rest}`;
  }
  const m = /^(\S+)(.*)$/su.exec(text);
  if (!m) return undefined;
  if (lang === 'es' || lang === 'fr') return romanceToGod(subject.entry.turned, m[1]!, m[2]!, lang);
  // English: the verb after the subject is said to "you"; a wished verb is asked for.
  const [, verb, after] = m as unknown as [string, string, string];
  const wished = wish !== undefined || entries('wished', lang).some((e) => e.words === verb);
  const known = entries('verb', lang).find((e) => e.words === verb.toLowerCase());
  const said = wished ? verb : known ? `you ${known.turned}` : saidToYou(verb) && `you ${saidToYou(verb)}`;
  if (!said) return undefined;
  const rest = readersAsUs(
    after.replace(SECOND_VERB, (_, and: string, v: string) => `${and}${saidToYou(v) ?? v}`),
    after,
    lang,
    false,
  );
  return rest === undefined ? undefined : `${subject.entry.turned}, ${said}${rest}`;
}

function command(clause: string, lang: PrayedLanguage): string | undefined {
  if (lang !== 'zh' && lang !== 'en') return undefined;
  const read = readable(clause);
  const open = opening(read, entries('opening', lang));
  if (lang === 'zh' && !open) return undefined;
  const traditional = lang === 'zh' && read !== clause;
  let rest = clause.slice(open?.length ?? 0);
  const restRead = read.slice(open?.length ?? 0);
  if (!rest.trim()) return undefined;
  // 我们 is the readers; 我 alone is a speaker.
  const unspoken = lang === 'zh' ? read.replaceAll('我们', '') : read;
  if (entries('story', lang).some((e) => holds(unspoken, e.words))) return undefined;
  if (lang === 'en' && entries('past', lang).some((e) => holds(unspoken, e.words))) return undefined;
  if (lang === 'en' && entries('pronoun', lang).some((p) => p.turned === '-' && holds(restRead, p.words)))
    return undefined;
  // "Love is patient": a first word that a verb follows is the subject, not a command.
  const second = lang === 'en' ? rest.split(/[\s,]+/u)[1]?.toLowerCase() : undefined;
  if (second && !open && entries('verb', lang).some((e) => e.words === second)) return undefined;
  const turned = readersAsUs(rest, restRead, lang, traditional);
  if (turned === undefined) return undefined;
  rest = turned;
  if (lang === 'zh') return `${open?.entry.turned ?? ''}${rest}`;
  // A second command opened as the first is, after a mark, is said as the first ("…the former things, and don't
  // consider…" → "…, and not to consider…"; "… afraid. Don't be discouraged" → "…, and not to be discouraged").
  for (const entry of entries('opening', lang)) {
    const later = new RegExp(`([,;.])\\s+(?:and\\s+)?${latinWord(entry.words)}(?![\\p{L}'’])\\s*`, 'gu');
    rest = rest.replace(later, (_, mark: string) => `${mark === '.' ? ',' : mark} and ${entry.turned} `);
  }
  return open ? `${open.entry.turned} ${rest}` : `to ${rest.charAt(0).toLowerCase()}${rest.slice(1)}`;
}

/**
 * A clause of a book of prayers whose second person is only "your" before one of God's own (your faithfulness, 你的
 * 信实), naming no one else and no name of God as its subject: it speaks to God.
 */
function spokenToGod(read: string, lang: PrayedLanguage, book: string): boolean {
  if (!entries('psalter', 'all').some((e) => e.words === book)) return false;
  if (entries('blocks', lang).some((e) => holds(read, e.words))) return false;
  if (entries('subject', lang).some((e) => holds(read, e.words))) return false;
  const attributes = entries('attribute', lang).map((e) => e.words);
  if (lang === 'zh') {
    const at = [...read.matchAll(/你(?!们)/gu)].map((m) => m.index);
    return at.length > 0 && at.every((i) => attributes.some((a) => read.startsWith(`的${a}`, i + 1)));
  }
  const second = new Set(entries('second', lang).map((e) => e.words));
  const words = read.toLowerCase().match(/[\p{L}’']+/gu) ?? [];
  const found = words.flatMap((w, i) => (second.has(w) ? [i] : []));
  return (
    found.length > 0 &&
    found.every((i) => {
      if (words[i] !== 'your' && words[i] !== 'thy') return false;
      const after = words.slice(i + 1, i + 3).join(' ');
      return attributes.some((a) => after === a || after.startsWith(`${a} `));
    })
  );
}

/** Words a promise may hold of `story`: the third person it speaks of ("if he has committed sins"). */
const THIRD_PERSON = new Set(['he', 'him', 'his', '他']);

/**
 * A clause that states what is or will be, with no speaker or story in it, as given thanks for (the caller's words
 * lead it): "Two are better than one" → "two are better than one".
 */
function promise(clause: string, lang: PrayedLanguage): string | undefined {
  if (lang !== 'zh' && lang !== 'en') return undefined;
  let read = readable(clause);
  let text = clause;
  const conj = opening(read, entries('conjunction', lang));
  if (conj) {
    read = read.slice(conj.length).replace(/^[\s,，、：；]+/u, '');
    text = text.slice(text.length - read.length);
  }
  if (!read) return undefined;
  const unspoken = lang === 'zh' ? read.replaceAll('我们', '').replaceAll('你们', '') : read;
  const story = entries('story', lang).filter((e) => !THIRD_PERSON.has(e.words));
  if (story.some((e) => holds(unspoken, e.words))) return undefined;
  if (!entries('present', lang).some((e) => holds(read, e.words))) return undefined;
  if (entries('past', lang).some((e) => holds(read, e.words))) return undefined;
  if (entries('dark', lang).some((e) => holds(read, e.words))) return undefined;
  if (lang === 'zh') {
    if (unspoken.includes('你') || entries('unstarted', lang).some((e) => read.startsWith(e.words))) return undefined;
    return readersAsUs(text, read, lang, text !== read);
  }
  if (entries('second', lang).some((e) => holds(read, e.words))) return undefined;
  const [first = ''] = text.split(/[\s,]/u);
  if (!entries('start', lang).some((e) => e.words === first.toLowerCase())) return undefined;
  // A name keeps its capital ("God is faithful", "Jesus Christ is…"); any other first word continues the lead's sentence.
  const name = first === first.toUpperCase() || entries('name', lang).some((e) => e.words === first);
  return name ? text : `${text.charAt(0).toLowerCase()}${text.slice(1)}`;
}

/**
 * The clause of a verse of `book` (`PSA`) as said to God, when its words allow: `addressed` (as it stands), `toGod`
 * (turned to "you"), for a clause that gives a command (its `moods`) `command`, whose text follows a petition's "help
 * us", for a clause of trust or praise `promise`, whose text follows "thank you that" (the caller's words).
 */
export function prayedClause(
  clause: string,
  lang: PrayedLanguage,
  moods: readonly Mood[],
  book = '',
): Prayed | undefined {
  const isCommand = moods.includes('command');
  const text = bare(clause);
  if (!text) return undefined;
  const read = readable(text);
  if (entries('speech', lang).some((e) => holds(read, e.words))) return undefined;
  if (entries('addressed', lang).some((e) => holds(read, e.words))) return { form: 'addressed', text };
  if (!isCommand && spokenToGod(read, lang, book)) return { form: 'addressed', text };
  const turned = toGod(text, lang);
  if (turned) return { form: 'toGod', text: turned };
  if (isCommand) {
    const kept = command(text, lang);
    return kept ? { form: 'command', text: kept } : undefined;
  }
  const thanked = moods.includes('trust') || moods.includes('praise') ? promise(text, lang) : undefined;
  return thanked ? { form: 'promise', text: thanked } : undefined;
}

export type Person = 'she' | 'he' | 'they';

let persons: { language: PrayedLanguage; word: string; person: Person }[] | undefined;

function personRows() {
  persons ??= readTable('prayed-for.tsv', ['language', 'word', 'person'] as const).map((row) => {
    if (row.person !== 'she' && row.person !== 'he' && row.person !== 'they')
      throw new Error(`${row.file}:${row.line}: no person ${row.person}`);
    return { language: row.language as PrayedLanguage, word: row.word, person: row.person };
  });
  return persons;
}

/**
 * Who a prayer is asked for (lexicon/prayed-for.tsv): the person the request names first, by the pronoun its
 * petitions take; an English friend or neighbour takes the request's own "his" or "her". Nothing when it names no one
 * there ("my exam" is the reader's own).
 */
export function prayedFor(request: string, lang: PrayedLanguage): Person | undefined {
  const read = lang === 'zh' ? readable(request) : request.toLowerCase();
  const found = personRows()
    .filter((row) => row.language === lang)
    .map((row) => ({ row, at: foundAt(read, row.word) }))
    .filter(({ at }) => at >= 0)
    .sort((a, b) => a.at - b.at || b.row.word.length - a.row.word.length)[0];
  if (!found) return undefined;
  if (lang === 'en' && found.row.person === 'they') {
    if (/\bher\b|\bshe\b/.test(read)) return 'she';
    if (/\bhis\b|\bhe\b|\bhim\b/.test(read)) return 'he';
  }
  return found.row.person;
}

const HAN_PERSON: Record<Person, string> = { she: '她', he: '他', they: '他们' };
const EN_PERSON: Record<Person, Record<string, string>> = {
  she: { i: 'she', me: 'her', my: 'her', mine: 'hers', myself: 'herself' },
  he: { i: 'he', me: 'him', my: 'his', mine: 'his', myself: 'himself' },
  they: { i: 'they', me: 'them', my: 'their', mine: 'theirs', myself: 'themselves' },
};
/** Verbs after "I" as said after the person: "I am" → "she is", "they are". */
const AFTER_I: Record<Person, Record<string, string>> = {
  she: { am: 'is', have: 'has', do: 'does', "i'm": "she's" },
  he: { am: 'is', have: 'has', do: 'does' },
  they: { am: 'are', was: 'were' },
};
/** Words after "I" that stay as they are: modal verbs, the past, adverbs. */
const KEPT_AFTER_I =
  /^(?:will|shall|can|may|might|must|would|should|could|was|had|did|also|too|even|still|never|always|\p{L}+ed|\p{L}+ly)$/u;

function saidOfThirdPerson(verb: string): string {
  if (/[^aeiou]y$/.test(verb)) return `${verb.slice(0, -1)}ies`;
  if (/(?:s|sh|ch|x|o)$/.test(verb)) return `${verb}es`;
  return `${verb}s`;
}

/**
 * A clause prayed in the first person, prayed for the person the prayer is for: "Heal me, O LORD, and I will be
 * healed" → "Heal her, O LORD, and she will be healed"; 求你医治我，我便痊愈 → 求你医治她，她便痊愈. Our words (we, 我们)
 * stay ours.
 */
export function forThePerson(text: string, lang: PrayedLanguage, person: Person): string {
  if (lang === 'zh') {
    const traditional = readable(text) !== text;
    const said = inScript(HAN_PERSON[person], traditional);
    return text.replace(/我(?![们們])/gu, said);
  }
  if (lang !== 'en') return text;
  const words = EN_PERSON[person];
  return text.replace(
    /(?<![\p{L}'’])(I|me|my|mine|myself)(?![\p{L}'’])(\s+([\p{L}'’]+))?/gu,
    (whole, pronoun: string, gap = '', next = '') => {
      const said = words[pronoun.toLowerCase()]!;
      if (pronoun !== 'I' || !next) return `${said}${gap}`;
      const lower = next.toLowerCase();
      const verb =
        AFTER_I[person][lower] ?? (person === 'they' || KEPT_AFTER_I.test(lower) ? next : saidOfThirdPerson(next));
      return `${said}${gap.replace(next, verb)}`;
    },
  );
}
