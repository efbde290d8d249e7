import type { Locale } from '@bible-qa/contract';
import { warns, type Mood } from '../language/kind-moods.ts';
import type { AnswerContext, ContextVerse } from './answer-model.ts';
import { kindChoices, kindPhrase, type KindPhrase } from './kind-phrases.ts';
import {
  forThePerson,
  prayedClause,
  prayedFor,
  type Person,
  type Prayed,
  type PrayedLanguage,
} from '../language/prayed-words.ts';
import {
  asks,
  asLine,
  asQuoted,
  bestClause,
  overlaps,
  clauseScore,
  clauseSize,
  clausesOf,
  clausesOfVerses,
  themeTerms,
  wordsOf,
  type Clause,
} from './verse-clauses.ts';

/**
 * The offline prayer, sermon outline and poem, made from the passages chosen for the theme (intent-context.ts): every
 * line of a poem is a clause of a verse, every petition of a prayer and every point of a sermon quotes its verse, in
 * the reader's translation, with its reference. The few words of their own (titles, labels, a petition's lead) are in
 * kind-phrases.ts; what differs between two themes is the passages' own words. Asking again (the same request earlier
 * in the conversation) takes the verses and clauses in another turn.
 */

const CHINESE = new Set<Locale>(['zh-cn', 'zh-tw']);

/** What the piece is about, as a heading shows it: the theme the reader gave, or a general one. */
function themeOf(c: AnswerContext): string {
  const theme = c.intent?.theme.trim();
  return theme ? theme : kindPhrase('themeGeneral', c.language);
}

/**
 * How many times the same request was answered already, earlier in the conversation or as this question's earlier
 * versions ("another version"): the arrangement to give now.
 */
function variantOf(c: AnswerContext): number {
  const asked = c.question.trim();
  return c.history.filter((turn) => turn.question.trim() === asked).length + (c.again ?? 0);
}

function rotate<T>(items: readonly T[], by: number): T[] {
  if (!items.length) return [];
  const k = by % items.length;
  return [...items.slice(k), ...items.slice(0, k)];
}

function quote(clause: string, verse: ContextVerse, L: Locale): string {
  return kindPhrase('quoted', L, { quote: asQuoted(clause), label: verse.label });
}

/** The clauses of one verse, best first; `turn` takes the next best in turn when the request is asked again. */
function rankedClauses(clauses: readonly Clause[], verse: ContextVerse): Clause[] {
  return clauses.filter((c) => c.verse === verse).sort((a, b) => clauseScore(b) - clauseScore(a) || a.index - b.index);
}

/**
 * The verses that speak to the theme or pray: those whose best clause holds the theme's words or a mood, in the
 * gatherer's order, then the others; a verse with no clause left is none.
 */
function prayable(verses: readonly ContextVerse[], clauses: readonly Clause[]): ContextVerse[] {
  const speaks = (v: ContextVerse) => clauses.some((c) => c.verse === v && (c.themeHits > 0 || c.moods.length > 0));
  const has = (v: ContextVerse) => clauses.some((c) => c.verse === v);
  return [...verses.filter(speaks), ...verses.filter((v) => has(v) && !speaks(v))];
}

/** The movement a petition makes, by its verse's clause: a command, a confession, a lament, praise, or trust. */
const LEAD_ORDER: readonly Mood[] = ['command', 'confession', 'lament', 'praise', 'trust'];
const LEAD_PHRASE: Record<Mood | 'word', KindPhrase> = {
  praise: 'prayerPraise',
  confession: 'prayerConfession',
  lament: 'prayerLament',
  command: 'prayerCommand',
  trust: 'prayerTrust',
  word: 'prayerWord',
};
/** The order a prayer moves in: thanks, confession, lament, petition, then trust before the Amen. */
const PRAYER_ORDER: readonly (Mood | 'word')[] = ['praise', 'confession', 'lament', 'command', 'word', 'trust'];
const PETITIONS = 4;
/** The fewest petitions a prayer has when its verses give them (quoted after a lead when they cannot be prayed). */
const FEWEST_PETITIONS = 3;

function leadOf(clause: Clause): Mood | 'word' {
  return LEAD_ORDER.find((m) => clause.moods.includes(m)) ?? 'word';
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The language of the reader's words, as the prayed words read it. */
function prayedLanguageOf(L: Locale): PrayedLanguage {
  return CHINESE.has(L) ? 'zh' : L === 'en' ? 'en' : L === 'es-es' ? 'es' : 'fr';
}

/** The language a verse's words are prayed in: the reader's, unless the verse is from another language's text. */
function prayedLanguage(verse: ContextVerse, L: Locale): PrayedLanguage | undefined {
  return verse.otherLanguage ? undefined : prayedLanguageOf(L);
}

/** A petition said to God in its own words (a psalm's address, God turned to "you"): it needs no address before it. */
function speaksToGod(p: Petition): boolean {
  return p.prayed?.form === 'addressed' || p.prayed?.form === 'toGod';
}

/** A small stable number of a verse: which of a phrase's choices its petition takes. */
function verseTurn(verse: ContextVerse): number {
  let h = 0;
  for (const ch of verse.ref) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return h;
}

interface Petition {
  clause: Clause;
  lead: Mood | 'word';
  prayed?: Prayed;
}

/** Of a verse's clauses (in the turn asked), one its words let be said to God, among the first few; else the first. */
function petitionOf(ranked: readonly Clause[], L: Locale): Petition | undefined {
  const lang = ranked[0] ? prayedLanguage(ranked[0].verse, L) : undefined;
  for (const clause of ranked.slice(0, PRAYED_AMONG)) {
    const book = clause.verse.ref.split('.')[0];
    const prayed = lang ? prayedClause(clause.text, lang, clause.moods, book) : undefined;
    if (prayed) return { clause, lead: leadOf(clause), prayed };
  }
  const [clause] = ranked;
  return clause ? { clause, lead: leadOf(clause) } : undefined;
}

/** Verses past the first four a prayer may take instead of one whose words cannot be prayed. */
const PRAYED_EXTRA = 2;

/** Clauses of one verse looked at for one that can be prayed: the best few, so the one prayed still speaks to the theme. */
const PRAYED_AMONG = 3;

/**
 * A petition's sentence: the verse's words said to God, or (when they cannot be) quoted after a lead of its movement,
 * chosen by its verse (so two themes' prayers take the same lead only by chance) and not one the prayer used already.
 */
function petitionText(
  p: Petition,
  L: Locale,
  variant: number,
  usedLeads: Set<string>,
  person: Person | undefined,
): string {
  const { clause, prayed } = p;
  if (prayed) {
    // A verse prayed in the first person is prayed for the one the prayer is asked for ("Heal her, O LORD").
    const lang = prayedLanguage(clause.verse, L);
    const text = person && lang && prayed.form !== 'command' ? forThePerson(prayed.text, lang, person) : prayed.text;
    const lead = prayed.form === 'command' ? 'prayerHelp' : prayed.form === 'promise' ? 'prayerThanks' : undefined;
    const help = lead ? leadWords(kindChoices(lead, L), verseTurn(clause.verse) + variant, usedLeads) : '';
    return kindPhrase('prayed', L, { text: `${help}${text}`, label: clause.verse.label });
  }
  const words = leadWords(kindChoices(LEAD_PHRASE[p.lead], L), verseTurn(clause.verse) + variant, usedLeads);
  return `${words}${CHINESE.has(L) ? '' : ' '}${quote(clause.text, clause.verse, L)}`;
}

/** A lead's words: the choice at `turn`, or the next one the prayer has not used yet. */
function leadWords(choices: readonly string[], turn: number, usedLeads: Set<string>): string {
  const words =
    choices.map((_, i) => choices[(turn + i) % choices.length]!).find((w) => !usedLeads.has(w)) ??
    choices[turn % choices.length]!;
  usedLeads.add(words);
  return words;
}

/**
 * A prayer that prays its passages: each petition is one verse's clause, said to God when its words allow (a psalm's
 * own address, God as the subject turned to "you", a command become "help us to keep it": language/prayed-words.ts),
 * else quoted after a lead that names the movement it makes (thanks, confession, lament, petition, trust), in that
 * order; a petition said to God opens the prayer when there is one, else the address does.
 */
export function prayer(c: AnswerContext): string {
  const L = c.language;
  // A clause of wrath or condemnation is not prayed for anyone ("the wrath of God remains on him", John 3:36).
  const clauses = clausesOfVerses(c.verses, themeTerms(c.intent?.theme ?? '')).filter(
    (cl) => !asks(cl) && !warns(cl.text),
  );
  const variant = variantOf(c);
  // Of the verses that speak to the theme most, those whose words can be prayed first, then the others, in order.
  const candidates = rotate(prayable(c.verses, clauses), variant)
    .slice(0, PETITIONS + PRAYED_EXTRA)
    .flatMap((verse) => {
      const petition = petitionOf(rotate(rankedClauses(clauses, verse), variant), L);
      return petition ? [petition] : [];
    });
  // A petition that only quotes its verse fills the prayer up to the fewest petitions, no further.
  const prayed = candidates.filter((p) => p.prayed).slice(0, PETITIONS);
  const quoted = candidates.filter((p) => !p.prayed).slice(0, Math.max(0, FEWEST_PETITIONS - prayed.length));
  const chosen = [...prayed, ...quoted].sort((a, b) => PRAYER_ORDER.indexOf(a.lead) - PRAYER_ORDER.indexOf(b.lead));
  const opener = chosen.findIndex(speaksToGod);
  if (opener > 0) chosen.unshift(...chosen.splice(opener, 1));
  const usedLeads = new Set<string>();
  const person = prayedFor(c.intent?.theme ?? c.question, prayedLanguageOf(L));
  const petitions = chosen.map((p, i) => {
    const said = petitionText(p, L, variant, usedLeads, person);
    const sentence = i === 0 && !speaksToGod(p) ? `${kindPhrase('prayerAddress', L)}${said}` : capitalised(said);
    return `${sentence}${kindPhrase('sentenceEnd', L)}`;
  });
  return [
    `### ${kindPhrase('prayerTitle', L, { theme: themeOf(c) })}`,
    '',
    ...petitions.flatMap((p) => [p, '']),
    kindPhrase('prayerClose', L),
  ].join('\n');
}

/** A verse as a block quote with its reference: the form the citation verifier links. */
function block(verse: ContextVerse, L: Locale): string {
  const dash = CHINESE.has(L) ? '——' : '— ';
  return `> ${wordsOf(verse)}\n> ${dash}${verse.label}`;
}

const POINTS = 3;

/**
 * A sermon outline that follows its passages: a named passage's parts in order (a parable's setting, turn and
 * command, read as three parts by the gatherer), or the verses chosen for the theme, one point each, headed by the
 * point's own clause. The big idea is the clause that says the theme best; the application, a command the passages
 * give (else a verse to learn by heart).
 */
export function sermon(c: AnswerContext): string {
  const L = c.language;
  const terms = themeTerms(c.intent?.theme ?? '');
  const variant = variantOf(c);
  const points = (isOnePassage(c.verses) ? c.verses : rotate(c.verses, variant)).slice(0, POINTS);
  const clauses = clausesOfVerses(points, terms);
  const numbers = kindChoices('sermonNumbers', L);
  const out = [`### ${kindPhrase('sermonTitle', L, { theme: themeOf(c) })}`, ''];
  // A sermon may quote a warning in its passages, but its big idea, headings and application say the rest first.
  const gentle = clauses.filter((cl) => !warns(cl.text));
  const key = bestClause(gentle) ?? bestClause(clauses);
  if (key) out.push(`${kindPhrase('sermonBigIdea', L)}${quote(key.text, key.verse, L)}`, '');
  points.forEach((verse, i) => {
    const ranked = rankedClauses(clauses, verse)
      .filter((cl) => !key || !overlaps(cl, key) || points.length === 1)
      .sort((a, b) => Number(warns(a.text)) - Number(warns(b.text)));
    const heading = ranked[variant % Math.max(1, ranked.length)] ?? rankedClauses(clauses, verse)[0];
    out.push(`#### ${numbers[i]}${heading ? asLine(heading.text) : verse.label}`, '', block(verse, L), '');
  });
  // A command of the points' own passages, the last first ("Go and do likewise"), else of the other verses.
  const others = c.verses.filter((v) => !points.includes(v));
  const command = [...clausesOfVerses(points, terms).reverse(), ...clausesOfVerses(others, terms)].find(
    (cl) => cl.moods.includes('command') && !asks(cl) && !warns(cl.text) && !(key && overlaps(cl, key)),
  );
  if (command) out.push(`${kindPhrase('sermonApply', L)}${quote(command.text, command.verse, L)}`);
  else {
    const ponder = bestClause(gentle.filter((cl) => !key || !overlaps(cl, key))) ?? key;
    if (ponder) {
      // One of a few ways to take the verse home, chosen by the verse: two themes' outlines share it only by chance.
      const ways = kindChoices('sermonApplyPonder', L);
      out.push(`${ways[verseTurn(ponder.verse) % ways.length]}${quote(ponder.text, ponder.verse, L)}`);
    }
  }
  return out.join('\n').trim();
}

/** The parts of one passage, read in order (Luke 10:25-28, 10:29-32, 10:33-37): they are the outline's points. */
function isOnePassage(verses: readonly ContextVerse[]): boolean {
  const parts = verses.slice(0, POINTS).map((v) => /^(\w+)\.(\d+)\.(\d+)/.exec(v.ref));
  if (parts.length < 2 || parts.some((p) => !p)) return false;
  return parts.every((p, i) => {
    const first = parts[0]!;
    if (p![1] !== first[1] || p![2] !== first[2]) return false;
    const prev = verses[i - 1];
    if (!prev) return true;
    const end = /(\d+)$/.exec(prev.ref);
    return Number(p![3]) === Number(end?.[1]) + 1;
  });
}

/** Lines a cento is made of, at most, and the clauses a verse gives when there are few verses. */
const CENTO_VERSES = 5;
const CENTO_FEWEST = 6;
/** Lines a long passage (a story the theme names) gives a cento. */
const CENTO_FROM_PASSAGE = 4;
/** A clause longer than this (Han characters, or words) is no line of a poem. */
const CENTO_LONGEST = { han: 30, words: 20 };
/** The stanza a line belongs to by its mood: lament and confession, then trust and petition, then praise. */
function stanzaOf(clause: Clause): number {
  if (clause.moods.includes('lament') || clause.moods.includes('confession')) return 0;
  if (clause.moods.includes('praise')) return 2;
  return 1;
}

/**
 * A scripture cento: every line a clause of a verse chosen for the theme, in the reader's translation, the best of
 * each verse (more than one a verse when there are few), ordered lament, trust, praise, with the verses listed under
 * it in the order of the lines.
 */
export function poem(c: AnswerContext): string {
  const L = c.language;
  const clauses = clausesOfVerses(c.verses, themeTerms(c.intent?.theme ?? '')).filter(
    (cl) =>
      clauseSize(cl.text) <= (/\p{Script=Han}/u.test(cl.text) ? CENTO_LONGEST.han : CENTO_LONGEST.words) &&
      !warns(cl.text),
  );
  const variant = variantOf(c);
  const verses = isOnePassage(c.verses)
    ? c.verses.filter((v) => clauses.some((cl) => cl.verse === v))
    : rotate(prayable(c.verses, clauses), variant).slice(0, CENTO_VERSES);
  const fewest = Math.max(1, Math.ceil(CENTO_FEWEST / Math.max(1, verses.length)));
  const perVerse = (v: ContextVerse) =>
    /\d-/.test(v.ref) && clausesOf(v.text).length > 6 ? CENTO_FROM_PASSAGE : fewest;
  const seen = new Set<string>();
  const lines: Clause[] = [];
  for (const verse of verses) {
    const picked: Clause[] = [];
    for (const clause of rotate(rankedClauses(clauses, verse), variant)) {
      if (picked.length < perVerse(verse) && !picked.some((p) => overlaps(p, clause))) picked.push(clause);
    }
    picked.sort((a, b) => a.index - b.index);
    for (const clause of picked) {
      const line = asLine(clause.text);
      if (seen.has(line)) continue;
      seen.add(line);
      lines.push(clause);
    }
  }
  // A passage the reader named (Psalm 23, a parable) is sung in its own order, a stanza for each of its parts;
  // verses chosen for a theme go lament, trust, praise.
  const passage = isOnePassage(c.verses);
  const stanzas: Clause[][] = passage ? verses.map(() => []) : [[], [], []];
  for (const line of lines) stanzas[passage ? verses.indexOf(line.verse) : stanzaOf(line)]!.push(line);
  const kept = stanzas.filter((s) => s.length);
  // A stanza of one line joins the one before it (or after it, when it is first).
  for (let i = kept.length - 1; i >= 0 && kept.length > 1; i--) {
    if (kept[i]!.length > 1) continue;
    const [line] = kept.splice(i, 1);
    if (i > 0) kept[i - 1]!.push(line![0]!);
    else kept[0]!.unshift(line![0]!);
  }
  const order = kept.flat();
  const refs = [...new Set(order.map((cl) => cl.verse.label))];
  return [
    `### ${kindPhrase('poemTitle', L, { theme: themeOf(c) })}`,
    '',
    ...kept.flatMap((stanza) => [stanza.map((cl) => asLine(cl.text)).join('  \n'), '']),
    kindPhrase('poemSources', L, { refs: refs.join(kindPhrase('referenceSeparator', L)) }),
  ].join('\n');
}
