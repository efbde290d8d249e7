import { STOP_WORD_LISTS } from '../language/stop-words.ts';
import { normalise } from '../language/fold.ts';
import { moodsOf, personWords, type Mood } from '../language/kind-moods.ts';
import { withoutInterludes, withoutPsalmTitle } from '../language/psalm-titles.ts';
import type { ContextVerse } from './answer-model.ts';
import { parseUsfm } from '../scripture/usfm.ts';

/**
 * A verse cut into clauses, the pieces a scripture cento's lines and a prayer's quotations are made of: each is a
 * contiguous run of the verse's own words in the reader's translation, so the citation verifier finds it in the verse.
 */
export interface Clause {
  text: string;
  verse: ContextVerse;
  /** Its place in the verse (0 first), and how many of the verse's clauses it is (one, or two together). */
  index: number;
  span: 1 | 2;
  moods: Mood[];
  /** How many of the theme's words it holds. */
  themeHits: number;
}

/** Where a clause ends: a mark of the sentence or the clause, with any closing quotation marks after it. */
const CLAUSE_END = /([,;:.!?\uff0c\uff1b\uff1a\u3002\uff01\uff1f]+["\u201d\u2019\u300d\u300f]*)/u;
/** Quotation marks, which a line of verse is read without (speech inside a verse: 耶稣说：「…」). */
const QUOTE_MARKS = /["\u201c\u201d\u300c\u300d\u300e\u300f]|^[\u2018']+|(?<![\p{L}])[\u2019']+$/gu;
/** A note printed inside the Union Version's verse (〔或作：…〕): not the verse's words. */
const PRINTED_NOTE = /\u3014[^\u3015]*\u3015/gu;
/** A psalm's title in brackets before its first verse (（大卫的诗）): no words to sing or pray. */
const TITLE = /^\s*\uff08[^\uff09]*\uff09/u;
const HAN = /\p{Script=Han}/u;

/** How long a clause is: Han characters, or words. */
export function clauseSize(text: string): number {
  const han = text.match(/\p{Script=Han}/gu)?.length ?? 0;
  return han || (text.match(/[\p{L}\p{N}’']+/gu)?.length ?? 0);
}

function isHan(text: string): boolean {
  return HAN.test(text);
}

/** A clause shorter than this (Han characters, or words) is joined to the next: "Behold," is no line. */
const SHORTEST = { han: 5, words: 4 };

/** The verse's clauses, in order, short ones joined to the next, without quotation marks or printed notes. */
export function clausesOf(text: string): string[] {
  const pieces = text.replace(PRINTED_NOTE, '').replace(TITLE, '').split(CLAUSE_END);
  const raw: string[] = [];
  for (let i = 0; i < pieces.length; i += 2) raw.push(`${pieces[i] ?? ''}${pieces[i + 1] ?? ''}`);
  const out: string[] = [];
  let pending = '';
  for (const piece of raw) {
    const joined = pending ? `${pending}${isHan(pending) ? '' : ' '}${piece.trim()}` : piece.trim();
    const clean = joined.replace(QUOTE_MARKS, '').trim();
    if (!clean) continue;
    const short = clauseSize(clean) < (isHan(clean) ? SHORTEST.han : SHORTEST.words);
    // A short clause ends the one before it within its sentence ("体贴肉体的，就是死；"), else begins the next
    // ("Behold, …", "耶稣说：…").
    const last = out[out.length - 1];
    if (short && !pending && last !== undefined && !SENTENCE_END.test(last)) {
      out[out.length - 1] = `${last}${isHan(clean) ? '' : ' '}${clean}`;
      continue;
    }
    if (short) {
      pending = joined;
      continue;
    }
    out.push(clean);
    pending = '';
  }
  if (pending.replace(QUOTE_MARKS, '').trim()) {
    const tail = pending.replace(QUOTE_MARKS, '').trim();
    if (out.length) out[out.length - 1] = `${out[out.length - 1]}${isHan(tail) ? '' : ' '}${tail}`;
    else out.push(tail);
  }
  return out;
}

/** A clause as a line of verse: no trailing comma, colon or semicolon. */
export function asLine(clause: string): string {
  return clause.replace(/[,;:\uff0c\uff1b\uff1a\u3001]+$/u, '').trim();
}

/** A clause as quoted inside a sentence: no mark after its last word but a question's or an exclamation's. */
export function asQuoted(clause: string): string {
  return clause.replace(/[,;:.\uff0c\uff1b\uff1a\u3001\u3002]+$/u, '').trim();
}

/**
 * The words of a theme that a verse on it may share: Latin words of four letters or more that are not stop words,
 * compared by their first five letters (forgive, forgiveness); Chinese, the pairs of characters left when the stop
 * words are taken out (失业, 工作). Words for the people it is for (mother, 朋友) say who, not what: left out.
 */
export function themeTerms(theme: string): string[] {
  const text = normalise(theme);
  const people = personWords();
  const stopHan = [...STOP_WORD_LISTS.zh, ...people.zh];
  let han = text.replace(/[^\p{Script=Han}]+/gu, ' ');
  for (const word of [...stopHan].sort((a, b) => b.length - a.length)) han = han.split(word).join(' ');
  const pairs = han
    .split(/\s+/u)
    .filter((run) => run.length >= 2)
    .flatMap((run) => Array.from({ length: run.length - 1 }, (_, i) => run.slice(i, i + 2)));
  const stopLatin = new Set([...STOP_WORD_LISTS.en, ...people.en]);
  const words = (text.match(/\p{Script=Latin}+/gu) ?? [])
    .filter((w) => w.length >= 4 && !stopLatin.has(w))
    .map((w) => w.slice(0, 5));
  return [...new Set([...pairs, ...words])];
}

/** How many of the theme's terms a text holds. */
export function themeHitsOf(text: string, terms: readonly string[]): number {
  const folded = normalise(text);
  const words = new Set((folded.match(/\p{Script=Latin}+/gu) ?? []).map((w) => w.slice(0, 5)));
  return terms.filter((t) => (HAN.test(t) ? folded.includes(t) : words.has(t))).length;
}

/** The books that print an interlude mark (Selah) between their lines. */
const INTERLUDE_BOOKS = new Set(['PSA', 'HAB']);

/** Whether a passage starts at a psalm's first verse, where some translations print the psalm's title. */
function opensPsalm(ref: string): boolean {
  const start = parseUsfm(ref);
  return start?.book === 'PSA' && start.verse === 1;
}

/**
 * A verse's words to sing, pray or preach: a psalm's first verse without the title its translation prints in it (an
 * English sentence, a Chinese bracket), a psalm's line without its interlude mark (Selah).
 */
export function wordsOf(verse: Pick<ContextVerse, 'ref' | 'text'>): string {
  const text = opensPsalm(verse.ref) ? withoutPsalmTitle(verse.text).replace(TITLE, '').trim() : verse.text;
  return INTERLUDE_BOOKS.has(verse.ref.slice(0, 3)) ? withoutInterludes(text) : text;
}

/**
 * The candidate lines of the verses: each clause, and each clause with the one after it when together they still
 * read as one line; each read for its moods and the theme's words.
 */
export function clausesOfVerses(verses: readonly ContextVerse[], terms: readonly string[]): Clause[] {
  return verses.flatMap((verse) => {
    const singles = clausesOf(wordsOf(verse));
    const out: Clause[] = [];
    singles.forEach((text, index) => {
      const next = singles[index + 1];
      const texts = [text];
      // Two clauses read as one line only within a sentence.
      if (next && !SENTENCE_END.test(text)) {
        const pair = `${text}${isHan(text) ? '' : ' '}${next}`;
        if (clauseSize(pair) <= longestOf(pair)) texts.push(pair);
      }
      for (const t of texts)
        out.push({
          text: t,
          verse,
          index,
          span: t === text ? 1 : 2,
          moods: moodsOf(t),
          themeHits: themeHitsOf(t, terms),
        });
    });
    return out;
  });
}

/** The longest a line of verse reads well at (Han characters, or words); longer clauses are chosen last. */
const LONGEST = { han: 24, words: 18 };
/** The shortest a line says something whole at. */
const FULLEST = { han: 8, words: 6 };

function longestOf(text: string): number {
  return isHan(text) ? LONGEST.han : LONGEST.words;
}

/** Where a sentence ends: a clause that ends so is a whole sentence. */
const SENTENCE_END = /[.!?\u3002\uff01\uff1f]$/u;

/**
 * How well a clause serves as a line or a quotation: the theme's words first, then a mood, a whole sentence (in
 * English, one that begins with a capital), a size that reads as one line.
 */
export function clauseScore(clause: Clause): number {
  const size = clauseSize(clause.text);
  const han = isHan(clause.text);
  const whole = SENTENCE_END.test(clause.text) ? 1 : 0;
  const capital = !han && /^\p{Lu}/u.test(clause.text) ? 1 : 0;
  const fits = size > longestOf(clause.text) ? -2 : size < (han ? FULLEST.han : FULLEST.words) ? -1 : 1;
  return clause.themeHits * 3 + (clause.moods.length ? 1 : 0) + whole + capital + fits;
}

/** Whether a clause asks a question (no line of a prayer's petition or an application). */
export function asks(clause: Clause): boolean {
  return /[?\uff1f]$/u.test(clause.text.trim());
}

/** Whether two candidates of one verse share a clause. */
export function overlaps(a: Clause, b: Clause): boolean {
  return a.verse === b.verse && a.index < b.index + b.span && b.index < a.index + a.span;
}

/** The best clause: the best scored, the earlier on a tie. */
export function bestClause(clauses: readonly Clause[]): Clause | undefined {
  let best: Clause | undefined;
  for (const c of clauses) if (!best || clauseScore(c) > clauseScore(best)) best = c;
  return best;
}

/** The verses (`BOOK.C.V`) a corpus reference holds: a verse, or each verse of a range within one chapter. */
export function versesOfReference(reference: string): string[] {
  const ref = parseUsfm(reference);
  if (!ref || ref.verse === undefined) return [reference];
  const to = ref.endChapter === undefined ? (ref.endVerse ?? ref.verse) : ref.verse;
  return Array.from({ length: to - ref.verse + 1 }, (_, i) => `${ref.book}.${ref.chapter}.${ref.verse! + i}`);
}
