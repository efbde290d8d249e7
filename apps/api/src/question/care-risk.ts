// Whether the person writing may be at risk of ending their life, read before anything else is done with a question
// (decision 0036). It errs toward care. Two kinds of list are read, in five languages (language/lexicon/):
// - phrases that are a sign alone (care-risk.*.tsv: "kill myself", "攒了两个月的安眠药", "carta de despedida");
// - concepts (care-concepts.*.tsv), which are a sign where they meet in one sentence: an ending of the writer's life
//   with a wish, a finality, a time or weariness ("想 … 消失", "go to sleep for good"); not wanting to live; weariness
//   of living; a means with a time, a finality or a thought that will not let go; a short message of giving up.
// A message right after one at risk carries the risk on. The one thing that sets a sign aside is a question about a
// figure of the Bible ("Why did Judas hang himself?") that says nothing of the writer.
import { readFileSync } from 'node:fs';
import { CARE_KNOWN_WORDS_FILE } from '../language/derived-files.ts';
import { foldForLexicon } from '../language/fold.ts';
import {
  namedPattern,
  readNamedPatterns,
  readPatternList,
  readRewriteList,
  rewriter,
  type LexiconRow,
} from '../language/lexicon.ts';
import { hasBibleFigure } from './guide/bible-names.ts';
import { careFeatures, careModel, probability } from './care-model.ts';

/** Phrases that are a sign alone. */
const STRONG = new Set([
  'ideation',
  'burden',
  'plan',
  'means',
  'farewell',
  'method',
  'attempt',
  'selfharm',
  'hopeless',
]);
const CONCEPTS = [
  'ending',
  'life',
  'wish',
  'negwish',
  'final',
  'tired',
  'soon',
  'means',
  'dark',
  'giveup',
  'farewell',
  'forgive',
  'plight',
  'settle',
] as const;
type Concept = (typeof CONCEPTS)[number];
/** Two concepts that must stand close (not wanting, then living) are at most this many characters apart. */
const NEAR = 24;
/** An ending this close after "don't want" is the thing not wanted. */
const NEGATED = 14;
/** A message of giving up read alone ("I think I'm done", "ya no puedo más") is this short. */
const TERSE_HAN = 12;
const TERSE_WORDS = 8;
const LANGUAGES = ['zh', 'en', 'es', 'fr'] as const;
/** Earlier messages of the conversation read with the new one. */
const HISTORY_TURNS = 3;
/** A reply this short carries on what came before ("是的", "tonight", "how many would it take"). */
const SHORT_HAN = 16;
const SHORT_WORDS = 8;

export type RiskLevel = 'crisis' | 'concern' | 'topic';

/** A sign read in a message: the tag of its list line and where the line is, for the log and the evaluation. */
export interface RiskSign {
  tag: string;
  at: string;
}

export interface RiskReading {
  /**
   * crisis: the writer may be at risk (the help line comes before anything else); concern: the fitted model, below
   * its threshold but above its concern line, reads a writer speaking of themselves as perhaps at risk (the help line
   * first, then an answer of comfort); topic: self-harm is the subject of a question that says nothing of the writer
   * ("Do people who die by suicide go to heaven?": the help line first, then the answer); undefined: none of these.
   */
  level: RiskLevel | undefined;
  signs: RiskSign[];
  /** A risk word that was about a figure of the Bible, asked about (not the writer's). */
  aboutFigure: boolean;
  /** The crisis was read in an earlier message of the conversation. */
  fromHistory: boolean;
}

interface Lists {
  rewrite: (text: string) => string;
  risk: LexiconRow[];
  concepts: LexiconRow[];
  /** The word classes of the lists (`@want`, `@death`): tested one line at a time like the rest. */
  classes: LexiconRow[];
  context: LexiconRow[];
  vocabulary: Map<number, string[]>;
  /** Real words one slip from a word of the lists, never mended into it ("blessing" is not "bleeding"). */
  known: ReadonlySet<string>;
}
let lists: Lists | undefined;

/** The care lists, read and compiled once (language/lexicon/care-*.tsv). */
export function careLists(): Lists {
  if (lists) return lists;
  const rewrite = rewriter(readRewriteList('care-rewrite.tsv'));
  const fold = (pattern: string) => rewrite(foldForLexicon(pattern));
  const all = LANGUAGES.flatMap((lang) => readPatternList(`care-risk.${lang}.tsv`, fold));
  const risk = all.filter((row) => !row.tag.startsWith('@'));
  const classes = all.filter((row) => row.tag.startsWith('@'));
  const concepts = LANGUAGES.flatMap((lang) => readPatternList(`care-concepts.${lang}.tsv`, fold));
  const unknown = concepts.find((row) => !(CONCEPTS as readonly string[]).includes(row.tag));
  if (unknown) throw new Error(`${unknown.file}:${unknown.line}: no concept "${unknown.tag}"`);
  const context = readPatternList('care-context.tsv', fold);
  const vocabulary = vocabularyOf([...risk, ...concepts]);
  lists = { rewrite, risk, classes, concepts, context, vocabulary, known: knownWords() };
  return lists;
}

/** The corpus's real words that mending would turn into a list word (language/derived/care-known-words.txt). */
function knownWords(): ReadonlySet<string> {
  return new Set(readFileSync(CARE_KNOWN_WORDS_FILE, 'utf8').split('\n').filter(Boolean));
}

/** The words of the lists long enough to be mistyped and still recognised, by length. */
function vocabularyOf(rows: readonly LexiconRow[]): Map<number, string[]> {
  const words = new Set<string>();
  for (const row of rows)
    for (const word of foldForLexicon(row.pattern).match(/[\p{Script=Latin}*']+/gu) ?? [])
      if (!word.includes('*') && !word.includes("'") && word.length >= 6) words.add(word);
  const byLength = new Map<number, string[]>();
  for (const word of words) byLength.set(word.length, [...(byLength.get(word.length) ?? []), word]);
  return byLength;
}

/** Damerau–Levenshtein distance, stopped early past `max`. */
function distance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...new Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    let best = Infinity;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
      best = Math.min(best, v);
    }
    if (best > max) return max + 1;
  }
  return d[a.length]![b.length]!;
}

/**
 * A mistyped word of the lists read as the word ("sucide", "mysefl", "dissapear"): one slip in a word of six letters
 * or more, two in one of eight or more, the first letter kept; a word with an apostrophe is left alone. Shorter
 * words are mistyped in set ways, which care-rewrite.tsv lists (tird, wnat); guessing at them turned real words into
 * others ("quedé" into "quemé").
 */
function corrected(text: string, vocabulary: Map<number, string[]>, known: ReadonlySet<string>): string {
  return text.replace(/[\p{Script=Latin}']{6,}/gu, (token) =>
    known.has(token) ? token : remembered(mended, token, () => mend(token, vocabulary)),
  );
}

/** Whether the mending, without the known real words, would change a word (scripts/build-care-words.ts). */
export function wouldMend(word: string): boolean {
  return mend(word, careLists().vocabulary) !== word;
}

function mend(token: string, vocabulary: Map<number, string[]>): string {
  if (token.includes("'") || (vocabulary.get(token.length) ?? []).includes(token)) return token;
  const max = token.length >= 8 ? 2 : 1;
  for (let length = token.length - max; length <= token.length + max; length++) {
    const near = vocabulary.get(length)?.find((word) => word[0] === token[0] && distance(token, word, max) <= max);
    if (near) return near;
  }
  return token;
}

/** How many words mended, and messages read, are remembered: words and earlier messages come back at every ask. */
const REMEMBERED = 4096;
const mended = new Map<string, string>();
const readings = new Map<string, RiskReading>();

/** A value kept in a small memory, the oldest entry forgotten once it is full. */
function remembered<T>(memory: Map<string, T>, key: string, make: () => T): T {
  const known = memory.get(key);
  if (known !== undefined) return known;
  const value = make();
  if (memory.size >= REMEMBERED) memory.delete(memory.keys().next().value!);
  memory.set(key, value);
  return value;
}

/** A message in the form the lists are written in: folded, rewritten, typing slips mended. */
export function careText(text: string): string {
  const { rewrite, vocabulary, known } = careLists();
  return corrected(rewrite(foldForLexicon(text)), vocabulary, known);
}

const NEGATION_LATIN = /(?:^|[^\p{L}])(?:not|never|no|nunca|jamais|pas|ne)\s+(?:\p{L}+\s+)?$/u;
/** A negation just before (我不 …, 没 …): language/lexicon/care.patterns.tsv. */
const NEGATION_HAN = namedPattern(readNamedPatterns('care.patterns.tsv'), 'negation.han');

/** Whether a line of a list is found in a prepared text; a wish to die said in the negative ("我不想死") is not. */
function found(row: LexiconRow, text: string): boolean {
  const match = row.regex.exec(text);
  if (!match) return false;
  if (row.tag !== 'ideation') return true;
  const before = text.slice(Math.max(0, match.index - 16), match.index);
  return !(NEGATION_LATIN.test(before) || NEGATION_HAN.test(before));
}

/** Whether a list line matches a message as the reader wrote it (for the list's own tests). */
export function lineMatches(row: LexiconRow, text: string): boolean {
  return found(row, careText(text));
}

function has(tag: string, text: string): boolean {
  return careLists().context.some((row) => row.tag === tag && found(row, text));
}

/** Quoted words are someone else's ("约拿说“我死了比活着还好”", "to die is gain"). */
function unquoted(text: string): string {
  return text.replace(/[“「『«"][^”」』»"]*[”」』»"]/gu, ' ').replace(/(^|[\s(])'[^']{2,}'(?=[\s.,;:!?)]|$)/gu, '$1 ');
}

/** The words before a verb of saying: what a figure says after it ("Jonah said it is better for me to die") is theirs. */
function beforeSpeech(text: string): string {
  let cut = text.length;
  for (const row of careLists().context) {
    if (row.tag !== 'speech') continue;
    const match = row.regex.exec(text);
    if (match && match.index < cut) cut = match.index;
  }
  return text.slice(0, cut);
}

/**
 * Where each concept stands in a text (every place), and how many times it is found; "don't want" is taken out
 * before "want" is looked for.
 */
function conceptsOf(sentence: string): { at: Map<Concept, number[]>; count: Map<Concept, number> } {
  const at = new Map<Concept, number[]>();
  const count = new Map<Concept, number>();
  const note = (concept: Concept, index: number) => {
    at.set(concept, [...(at.get(concept) ?? []), index]);
    count.set(concept, (count.get(concept) ?? 0) + 1);
  };
  let text = sentence;
  const rows = careLists().concepts;
  for (const row of rows.filter((r) => r.tag === 'negwish')) {
    for (const match of allOf(row, text)) {
      note('negwish', match.index);
      text = text.slice(0, match.index) + ' '.repeat(match[0].length) + text.slice(match.index + match[0].length);
    }
  }
  for (const row of rows) {
    if (row.tag === 'negwish' || !row.regex.test(text)) continue;
    for (const match of allOf(row, text)) note(row.tag as Concept, match.index);
  }
  return { at, count };
}

const globals = new WeakMap<LexiconRow, RegExp>();
function globalOf(row: LexiconRow): RegExp {
  let regex = globals.get(row);
  if (!regex) globals.set(row, (regex = new RegExp(row.regex.source, 'gu')));
  return regex;
}

/**
 * Every match of a line in a text. By hand, not String.prototype.matchAll: that clones the expression at each call,
 * which made reading a message cost milliseconds.
 */
function allOf(row: LexiconRow, text: string): RegExpExecArray[] {
  const regex = globalOf(row);
  const out: RegExpExecArray[] = [];
  regex.lastIndex = 0;
  for (let match = regex.exec(text); match; match = regex.exec(text)) {
    out.push(match);
    if (match[0] === '') regex.lastIndex += 1;
  }
  return out;
}

/** Some place of `b` stands after some place of `a`, at most `within` characters on. */
function near({ at }: { at: Map<Concept, number[]> }, a: Concept, b: Concept, within = NEAR): boolean {
  const before = at.get(a) ?? [];
  return (at.get(b) ?? []).some((j) => before.some((i) => j >= i && j - i <= within));
}

function isTerse(text: string): boolean {
  const han = (text.match(/\p{Script=Han}/gu) ?? []).length;
  return han > 0 ? han <= TERSE_HAN : text.split(/\s+/).filter(Boolean).length <= TERSE_WORDS;
}

/** The places of an ending not wished away ("I don't want to die": the ending right after "don't want" is none). */
function endingsWished(c: { at: Map<Concept, number[]> }): number[] {
  const negated = (j: number) => (c.at.get('negwish') ?? []).some((i) => j >= i && j - i <= NEGATED);
  return (c.at.get('ending') ?? []).filter((j) => !negated(j));
}

/** The message speaks of an ending only to wish it away ("I do not want to die, I am scared of the surgery"). */
function wishesDeathAway(text: string): boolean {
  const c = conceptsOf(text);
  return c.at.has('ending') && endingsWished(c).length === 0;
}

/** The ways concepts meeting in one sentence are a sign, each named for the log and the evaluation. */
function conceptSigns(sentence: string): RiskSign[] {
  const signs: RiskSign[] = [];
  const sign = (tag: string, why: string) => signs.push({ tag, at: `concepts: ${why}` });
  const c = conceptsOf(sentence);
  const has = (concept: Concept) => c.at.has(concept);
  // "I don't want to die", "我不想死": an ending wished away right after "don't want" is no sign.
  const endings = endingsWished(c);
  if (endings.length) c.at.set('ending', endings);
  else c.at.delete('ending');
  if (has('ending') && (has('wish') || has('final') || has('soon') || has('tired') || has('means') || has('dark')))
    sign('ideation', 'an ending with a wish, a finality, a time, weariness or a means');
  if (near(c, 'negwish', 'life')) sign('ideation', 'not wanting to live');
  if (near(c, 'tired', 'life') || near(c, 'life', 'tired')) sign('ideation', 'weariness of living');
  if (near(c, 'final', 'life')) sign('ideation', 'no point in living');
  return signs;
}

/** The ways concepts meeting across a message are a sign: a means, a decision, goodbyes, a plea, a time. */
function messageSigns(message: string): RiskSign[] {
  const signs: RiskSign[] = [];
  const sign = (tag: string, why: string) => signs.push({ tag, at: `concepts: ${why}` });
  const m = conceptsOf(message);
  const has = (concept: Concept) => m.at.has(concept);
  const weighing = has('dark') || has('final') || has('ending') || has('tired') || has('giveup') || has('farewell');
  if (has('means') && weighing)
    sign('plan', 'a means with a finality, an ending, weariness or a thought that will not let go');
  if (has('dark') && has('soon')) sign('plan', 'a decision with a time');
  if ((m.count.get('farewell') ?? 0) >= 2 || (has('farewell') && (has('soon') || has('dark'))))
    sign('farewell', 'goodbyes, or a goodbye with a time or a decision');
  if (has('forgive') && (has('soon') || has('ending') || has('means')))
    sign('plan', 'asking forgiveness for what is near');
  // Affairs put in order (letters left, a pet entrusted, the insurance for the family) are a goodbye when the message
  // also holds a blow, a finality, a decision, a time or a second such provision.
  const ending =
    has('final') || has('dark') || has('tired') || has('ending') || has('means') || (has('giveup') && isTerse(message));
  if (has('settle') && ((m.count.get('settle') ?? 0) >= 2 || has('plight') || ending || has('soon') || has('farewell')))
    sign('farewell', 'affairs put in order, with a blow, a finality, a time or another provision');
  // A blow the writer's life has taken (a job lost, a debt, a diagnosis, a rejection) with a finality or an ending.
  if (has('plight') && (ending || has('forgive'))) sign('plan', 'a blow with a finality, an ending or a means');
  if (isTerse(message) && has('giveup')) sign('ideation', 'a short message of giving up');
  return signs;
}

/** The model's features of a message in the lists' form: its words and characters, and the concepts found in it. */
export function messageFeatures(prepared: string): string[] {
  return careFeatures(prepared, conceptsOf(prepared).at.keys());
}

/** A message in the form the model and the lists read it: folded, rewritten, idioms of death taken out. */
export function preparedText(text: string): string {
  return withoutIdioms(careText(text));
}

/** Idioms of death that are about something else ("going to die if I fail", "me muero de los nervios") taken out. */
function withoutIdioms(prepared: string): string {
  let text = prepared;
  for (const row of careLists().context) {
    if (row.tag !== 'idiom') continue;
    text = text.replace(globalOf(row), (found) => ' '.repeat(found.length));
  }
  return text;
}

const SENTENCE_END = /[.!?。！？\n]+/u;

/** The signs of one sentence: the phrases found in it and the concepts that meet in it. */
function sentenceSigns(sentence: string): RiskSign[] {
  return [
    ...careLists()
      .risk.filter((row) => found(row, sentence))
      .map((row) => ({ tag: row.tag, at: `${row.file}:${row.line}` })),
    ...conceptSigns(sentence),
  ];
}

/**
 * Reads one message alone. Signs are read in the writer's own words (a quotation is someone else's: "约拿说“我死了
 * 比活着还好”"), sentence by sentence, and across the message for what its sentences say together (a means, then a
 * time). A sentence that names a figure of the Bible and asks about it, and says nothing of the writer, gives no sign.
 */
function readOne(text: string, mentionsScripture: boolean): RiskReading {
  // A conversation's earlier messages are read again at each ask: each reading is remembered (it depends on nothing
  // else). The reading is shared, so it is frozen: a caller copies it to change it.
  return remembered(readings, `${mentionsScripture ? 1 : 0}${text}`, () => {
    const reading = readAlone(text, mentionsScripture);
    Object.freeze(reading.signs);
    return Object.freeze(reading);
  });
}

function readAlone(text: string, mentionsScripture: boolean): RiskReading {
  const full = withoutIdioms(careText(text));
  const own = withoutIdioms(careText(unquoted(text)));
  const figure = hasBibleFigure(text, (name) => has('divine', careText(name))) || has('figure', full);
  const asks = mentionsScripture || has('question', full);
  const aboutFigure = (part: string) => figure && asks && !has('self', beforeSpeech(part));
  const signs: RiskSign[] = [];
  let setAside = false;
  const read = (source: string) => {
    for (const sentence of source.split(SENTENCE_END).filter((part) => part.trim())) {
      const found = sentenceSigns(sentence);
      if (!found.length) continue;
      if (aboutFigure(sentence)) setAside = true;
      else signs.push(...found);
    }
    const across = messageSigns(source);
    if (across.length && aboutFigure(source)) setAside = true;
    else signs.push(...across);
  };
  read(own);
  // The fitted model reads what no list holds. At or above its threshold the message is at risk; between its concern
  // line and the threshold, a message in which the writer speaks of themselves is a concern (erring toward care: the
  // help line, then comfort). Self-harm named as a subject is the lists' to read (a topic, or a crisis with the writer
  // in it). A figure of the Bible asked about sets the model aside as it does the lists.
  if (!signs.some((sign) => STRONG.has(sign.tag) || sign.tag === 'topic')) {
    const model = careModel();
    const p = probability(model, messageFeatures(own));
    const concern = p >= model.concern && has('self', beforeSpeech(own)) && !wishesDeathAway(own);
    if (p >= model.threshold || concern) {
      if (aboutFigure(own)) setAside = true;
      else signs.push({ tag: p >= model.threshold ? 'ideation' : 'concern', at: `model: p = ${p.toFixed(2)}` });
    }
  }
  // A quotation may still be the writer's own cry ("“I can't go on” is all I can say"), unless it is scripture's.
  if (!signs.length && own !== full && !figure && !mentionsScripture) read(full);
  const tags = new Set(signs.map((s) => s.tag));
  const risky = [...tags].some((t) => STRONG.has(t));
  if (!risky && !tags.has('topic') && !tags.has('concern'))
    return { level: undefined, signs, aboutFigure: setAside, fromHistory: false };
  const urgent = conceptsOf(own).at.has('soon');
  if (tags.has('concern') && !risky && !tags.has('topic'))
    return { level: 'concern', signs, aboutFigure: false, fromHistory: false };
  if (risky || has('self', beforeSpeech(own)) || urgent)
    return { level: 'crisis', signs, aboutFigure: false, fromHistory: false };
  return { level: 'topic', signs, aboutFigure: false, fromHistory: false };
}

function isShort(text: string): boolean {
  const han = (text.match(/\p{Script=Han}/gu) ?? []).length;
  return han > 0 ? han <= SHORT_HAN : text.split(/\s+/).filter(Boolean).length <= SHORT_WORDS;
}

/**
 * Reads a message, with the conversation's earlier messages (oldest first): a crisis in one of the last three stays
 * a crisis; a short reply that carries on an earlier message with a sign of risk in it ("how many would it take"
 * after "I have a bottle of pills next to me") is read with it.
 */
export function readRisk(
  text: string,
  options: { history?: readonly string[]; mentionsScripture?: boolean } = {},
): RiskReading {
  const mentionsScripture = options.mentionsScripture ?? false;
  const own = readOne(text, mentionsScripture);
  if (own.level === 'crisis' || own.aboutFigure) return own;
  const earlier = (options.history ?? []).slice(-HISTORY_TURNS);
  for (const message of earlier) {
    const before = readOne(message, false);
    if (before.level === 'crisis')
      return { ...own, level: 'crisis', signs: [...own.signs, ...before.signs], fromHistory: true };
  }
  if (earlier.length && isShort(text)) {
    // A short reply read with the messages before it: together they may say what none says alone ("I'm on the
    // platform" … "tell my mother I love her").
    const together = readOne([...earlier, text].join('\n'), false);
    if (together.level === 'crisis') return { ...own, level: 'crisis', signs: together.signs, fromHistory: true };
  }
  return own;
}
