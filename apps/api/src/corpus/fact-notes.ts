// Fact notes: the dictionaries and the topical Bible state facts and cite the verses that state them ("the ark rested
// after the Flood subsided (Gen. 8:4)", "Aaron -Marriage of EXO 6:23"). Each citation, with the words that lead up to
// it, becomes a small searchable note that points to its verses: a question of fact ("Where did the ark come to
// rest?") finds the note by its words and the verse through the note, where the verse itself shares few of them.
// Matthew Henry's commentary tells each passage's events in plain words and cites the verse of each ("Himself
// wounded (1 Sam. 31:3), and slain by his own hand, 1 Sam. 31:4"): its citations of the chapters it comments on are
// notes too (kind `note`, collection `matthew-henry-complete`); its citations of other books are the sermon's
// cross-references, whose words speak of the passage commented, not of the verse cited, and are left out.
import type { ReferenceParser } from '../scripture/references.parser.ts';
import type { BibleReference } from '../scripture/references.types.ts';
import { formatUsfm, parseUsfm } from '../scripture/usfm.ts';

/** The dictionaries and the topical Bible: they state facts with inline citations (all English). */
export const DICTIONARY_NOTE_COLLECTIONS = [
  'eastons-dictionary',
  'smiths-dictionary',
  'schaffs-dictionary',
  'naves-topical',
] as const;
/** The commentary: only its citations of the chapters an entry comments on are notes. */
export const COMMENTARY = 'matthew-henry-complete';
/** Reference works whose text gives notes. */
export const NOTE_COLLECTIONS: ReadonlySet<string> = new Set([...DICTIONARY_NOTE_COLLECTIONS, COMMENTARY]);

/** A note holds at most the last this many words before its citation: the sentence or two it supports. */
const NOTE_WORDS = 60;
/** The commentary's sentences are long and its citations dense: a note of it holds the clause or two before one. */
const COMMENTARY_WORDS = 30;
/** Fewer words than this before a citation: the note takes its sentence's words after it instead. */
const MIN_WORDS = 3;
/** Between two citations of one group there is only punctuation, "and" or "comp." ("Gen. 8:4; 9:1, and Ex. 3:2"). */
const SAME_GROUP = /^[\s,;:.()[\]–—-]*(?:(?:and|comp|cf|see)\.?[\s,;:.()]*)?$/i;

export interface FactNote {
  /** The words before the citation (a Nave's line: its heading words). */
  text: string;
  /** The cited verses, ranges or chapters, `BOOK.C.V` / `BOOK.C.V-BOOK.C.V` / `BOOK.C`. */
  refs: string[];
}

/**
 * The notes of one entry. A topical entry (Nave's) is one line per sub-topic ("-Marriage of EXO 6:23"), each line its
 * own text; a dictionary article is read as one text. References the corpus cannot hold are left out.
 */
export function factNotes(
  entry: { collection: string; text: string; refs?: readonly string[] },
  parser: ReferenceParser,
): FactNote[] {
  if (!NOTE_COLLECTIONS.has(entry.collection)) return [];
  if (entry.collection === COMMENTARY) {
    const own = commentedChapters(entry.refs?.[0]);
    if (!own) return [];
    return notesOf(entry.text, parser, COMMENTARY_WORDS, (ref) => own.has(`${ref.book}.${ref.chapter}`));
  }
  const texts = entry.collection === 'naves-topical' ? entry.text.split('\n').slice(1) : [entry.text];
  return texts.flatMap((text) => notesOf(text, parser, NOTE_WORDS));
}

/** The chapters a commentary entry comments on (its first reference: `JDG.16.4-JDG.16.17`, `ACT.1.1-ACT.1.26`). */
function commentedChapters(first: string | undefined): Set<string> | undefined {
  const range = first ? parseUsfm(first) : undefined;
  if (!range) return undefined;
  const chapters = new Set<string>();
  for (let c = range.chapter; c <= (range.endChapter ?? range.chapter); c++) chapters.add(`${range.book}.${c}`);
  return chapters;
}

function notesOf(
  text: string,
  parser: ReferenceParser,
  maxWords: number,
  keep: (ref: BibleReference) => boolean = () => true,
): FactNote[] {
  const groups: { start: number; end: number; refs: string[] }[] = [];
  for (const match of parser.findAll(text, { language: 'en' })) {
    if (parser.problemOf(match.reference) !== undefined || !keep(match.reference)) continue;
    const last = groups.at(-1);
    const ref = formatUsfm(match.reference);
    if (last && SAME_GROUP.test(text.slice(last.end, match.start))) {
      last.end = match.end;
      if (!last.refs.includes(ref)) last.refs.push(ref);
    } else groups.push({ start: match.start, end: match.end, refs: [ref] });
  }
  return groups.flatMap((group, i) => {
    const from = groups[i - 1]?.end ?? 0;
    let words = wordsOf(text.slice(from, group.start)).slice(-maxWords);
    // A citation that opens its sentence ("In 2 Kings 19:37 the word is rendered Armenia") is explained after it.
    if (words.length < MIN_WORDS) {
      const next = groups[i + 1]?.start ?? text.length;
      const after = text.slice(group.end, next);
      const sentence = wordsOf(/^.*?[.!?][”"’)]*(?=\s|$)/s.exec(after)?.[0] ?? after).slice(0, maxWords);
      if (sentence.length >= MIN_WORDS) words = sentence;
    }
    const note = words.join(' ');
    return note ? [{ text: note, refs: group.refs }] : [];
  });
}

/** The words of a stretch of text, without the brackets and punctuation a cut leaves at its ends. */
function wordsOf(stretch: string): string[] {
  return stretch
    .replace(/^[\s).\],;:–—-]+|[\s([,;:–—-]+$/g, '')
    .split(/\s+/)
    .filter(Boolean);
}
