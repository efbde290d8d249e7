import type { Citation } from '@bible-qa/contract';
import type { ReferenceParser } from '../scripture/references.parser.ts';
import type { BibleLanguage, BibleReference, Tradition } from '../scripture/references.types.ts';
import { toScheme } from '../scripture/versification.ts';
import { createOneChapterFinder } from './one-chapter-references.ts';
import { quotationFor, quoteMatches, type Quotation } from './quotation.ts';

export { quotationFor, quoteMatches } from './quotation.ts';

/** A passage as the corpus gives it: its label in the reader's book names, its text, and the translation. */
export interface FoundPassage {
  label: string;
  text: string;
  reference: string;
  translation: string;
}

export interface VerseSource {
  /** The passage's text and label in the reader's translation, or undefined when there is no such passage. */
  lookup(ref: BibleReference): Promise<FoundPassage | undefined>;
  /**
   * The passage in the corpus's other translations, those in the reader's language first; [] when none has it.
   * Without it, only the reader's translation counts.
   */
  elsewhere?(ref: BibleReference): Promise<FoundPassage[]>;
}

export interface VerifyOptions {
  language: BibleLanguage;
  tradition: Tradition;
}

/** What a reference in the text turned out to be. */
type Verdict =
  { status: 'invalid' } | { status: 'linked' | 'misquoted'; passage: FoundPassage; quotation: Quotation | undefined };

/**
 * Finds every scripture reference in generated text and checks it against the corpus: linked to its verse text in
 * the reader's translation, invalid when no such verse exists, misquoted when the quotation beside it is not that
 * verse. A book of the reader's canon that their translation lacks is shown from a translation that has it; a
 * book outside their canon is invalid for them; a quotation that is faithful to another translation of the corpus
 * is linked to that one. Ids are c1, c2, … in order of appearance, so the same text always gets the same ids.
 */
export function createCitationVerifier(parser: ReferenceParser, verses: VerseSource, options: VerifyOptions) {
  const findSlips = createOneChapterFinder(parser.catalogue);
  const lookups = new Map<string, Promise<FoundPassage | undefined>>();
  const others = new Map<string, Promise<FoundPassage[]>>();
  const lookup = (ref: BibleReference) => memo(lookups, ref, () => verses.lookup(ref));
  const elsewhere = (ref: BibleReference) => memo(others, ref, async () => (await verses.elsewhere?.(ref)) ?? []);

  /**
   * Orthodox readers' Psalm labels carry the Septuagint number, the Protestant one beside it in brackets: "Psalm
   * 22:1 (23:1)". A reference with its book named is read the Septuagint way; the bare number after it is KJV.
   */
  function readersNumbering(m: { text: string; reference: BibleReference }): BibleReference {
    const greek = options.tradition === 'orthodox' && m.reference.book === 'PSA' && /^\D/u.test(m.text);
    return greek ? toScheme(m.reference, 'lxx', 'kjv') : m.reference;
  }

  async function judge(ref: BibleReference, text: string, start: number, end: number): Promise<Verdict> {
    // A book outside the reader's canon still links: the retriever shows a book the reader names (marked outside it).
    // The Greek parts of Daniel and Esther are numbered as the Catholic texts number them (Daniel 3:24-90, 13, 14).
    const greekPart = ref.book !== 'PSA' && parser.problemOf(ref, 'vulgate') === undefined;
    if (parser.problemOf(ref) && !greekPart) return { status: 'invalid' };
    // A book of the reader's canon that their translation lacks (the Prayer of Manasseh in English) is shown from
    // a text that has it.
    const passage = (await lookup(ref)) ?? (await elsewhere(ref))[0];
    if (!passage) return { status: 'invalid' };
    const quotation = quotationFor(text, start, end);
    if (!quotation || quoteMatches(quotation.text, passage.text)) return { status: 'linked', passage, quotation };
    const faithful = (await elsewhere(ref)).find((other) => quoteMatches(quotation.text, other.text));
    if (faithful) return { status: 'linked', passage: faithful, quotation };
    return { status: 'misquoted', passage, quotation };
  }

  return {
    /** Citations whose reference ends inside [from, to) of `text`, numbered from `firstId`. */
    async verify(text: string, from = 0, to = text.length, firstId = 1): Promise<Citation[]> {
      // The new lines are read with the lines before them up to CONTEXT_CHARS back (a short reference such as
      // "v. 17" takes its book from there), not the whole answer: a long answer costs its length, not its square.
      const reach = Math.max(0, from - CONTEXT_CHARS);
      const base = reach === 0 ? 0 : text.lastIndexOf('\n', reach) + 1;
      const head = text.slice(base, to);
      const shift = <T extends { start: number; end: number }>(m: T): T => ({
        ...m,
        start: m.start + base,
        end: m.end + base,
      });
      const within = (m: { start: number; end: number }) => m.start >= from && m.end <= to;
      const slips = findSlips(head).map(shift).filter(within);
      const matches = parser
        .findAll(head, { language: options.language, tradition: options.tradition })
        .map(shift)
        .filter((m) => within(m) && !slips.some((s) => m.start < s.end && s.start < m.end));
      const found = [
        ...slips.map((s) => ({ ...s, reference: undefined })),
        ...matches.map((m) => ({ ...m, reference: readersNumbering(m) as BibleReference | undefined })),
      ].sort((a, b) => a.start - b.start);
      const out: Citation[] = [];
      for (const [i, m] of found.entries()) {
        const base = { id: `c${firstId + i}`, text: m.text, start: m.start, end: m.end };
        const verdict = m.reference ? await judge(m.reference, text, m.start, m.end) : { status: 'invalid' as const };
        if (verdict.status === 'invalid') {
          const quotation = quotationFor(text, m.start, m.end);
          out.push({
            ...base,
            status: 'invalid',
            reference: null,
            label: null,
            translation: null,
            verseText: null,
            quote: quotation ? { start: quotation.start, end: quotation.end } : null,
          });
          continue;
        }
        const { passage, quotation } = verdict;
        out.push({
          ...base,
          status: verdict.status,
          reference: passage.reference,
          label: passage.label,
          translation: passage.translation,
          verseText: passage.text,
          quote: quotation ? { start: quotation.start, end: quotation.end } : null,
        });
      }
      return out;
    },
  };
}

/** How much of the answer before the lines being verified is read with them, for context. */
const CONTEXT_CHARS = 4_000;

function memo<T>(cache: Map<string, Promise<T>>, ref: BibleReference, load: () => Promise<T>): Promise<T> {
  const key = JSON.stringify(ref);
  let value = cache.get(key);
  if (!value) {
    value = load();
    cache.set(key, value);
  }
  return value;
}

export function verificationCounts(citations: Citation[]) {
  const linked = citations.filter((c) => c.status === 'linked').length;
  return { checked: citations.length, linked, marked: citations.length - linked };
}
