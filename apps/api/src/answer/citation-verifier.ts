import type { Citation } from '@bible-qa/contract';
import type { BookCatalogue } from '../scripture/book-names.ts';
import { inCanon } from '../scripture/canon.ts';
import { createReferenceFormatter } from '../scripture/references.format.ts';
import type { ReferenceParser } from '../scripture/references.parser.ts';
import type { BibleLanguage, BibleReference, Tradition } from '../scripture/references.types.ts';
import { formatUsfm } from '../scripture/usfm.ts';
import { toScheme } from '../scripture/versification.ts';
import { createOneChapterFinder } from './one-chapter-references.ts';
import { createUnknownBookFinder } from './unknown-books.ts';
import { quotationFor, quoteMatches, type Quotation } from './quotation.ts';

export { quotationFor, quoteMatches } from './quotation.ts';

/** A passage as the corpus gives it: its label in the reader's book names, its text, and the translation. */
export interface FoundPassage {
  label: string;
  text: string;
  reference: string;
  translation: string;
  /** The translation's language: a book outside the reader's canon is shown only in their own language. */
  language?: string;
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
  | { status: 'invalid' }
  | {
      status: 'linked' | 'misquoted' | 'outside-canon';
      ref: BibleReference;
      /** The text shown: undefined only for a book outside the reader's canon that no text in their language has. */
      passage: FoundPassage | undefined;
      quotation: Quotation | undefined;
    };

/** A reference found in the text, with the other reading of its numbers when a Psalm's may be read two ways. */
interface Found {
  text: string;
  start: number;
  end: number;
  reference: BibleReference | undefined;
  otherReading?: BibleReference;
}

const toolsOf = new WeakMap<BookCatalogue, ReturnType<typeof buildCatalogueTools>>();
function buildCatalogueTools(catalogue: BookCatalogue) {
  return {
    findSlips: createOneChapterFinder(catalogue),
    findUnknownBooks: createUnknownBookFinder(catalogue),
    format: createReferenceFormatter(catalogue),
  };
}
/**
 * The finders and the formatter a corpus version's book catalogue gives, built once per catalogue, not per answer:
 * the unknown-book finder alone lists every name of every book (about 1.5 ms of an answer's CPU).
 */
function catalogueTools(catalogue: BookCatalogue) {
  let tools = toolsOf.get(catalogue);
  if (!tools) toolsOf.set(catalogue, (tools = buildCatalogueTools(catalogue)));
  return tools;
}

/**
 * Finds every scripture reference in generated text and checks it against the corpus: linked to its verse text in
 * the reader's translation, invalid when no such verse or no such book exists, misquoted when the quotation beside
 * it is not that verse. A book of the reader's canon that their translation lacks is shown from a translation that
 * has it; a quotation that is faithful to another translation of the corpus is linked to that one. A book outside
 * the reader's canon is marked so, shown only from a text in their language, never linked to another language's.
 * Psalm numbers are read in the numbering the prompt asks the reader's tradition for (prompt.ts): the Septuagint's
 * for Orthodox readers, the Hebrew one for the others; a quotation faithful to the psalm of the other numbering
 * settles which one was meant. Ids are c1, c2, … in order of appearance, so the same text always gets the same ids.
 */
export function createCitationVerifier(parser: ReferenceParser, verses: VerseSource, options: VerifyOptions) {
  const { findSlips, findUnknownBooks, format } = catalogueTools(parser.catalogue);
  const lookups = new Map<string, Promise<FoundPassage | undefined>>();
  const others = new Map<string, Promise<FoundPassage[]>>();
  const lookup = (ref: BibleReference) => memo(lookups, ref, () => verses.lookup(ref));
  const elsewhere = (ref: BibleReference) => memo(others, ref, async () => (await verses.elsewhere?.(ref)) ?? []);

  /**
   * The numbering the prompt asks for. Orthodox readers' Psalm labels carry the Septuagint number, the Protestant
   * one beside it in brackets: "Psalm 22:1 (23:1)". A reference with its book named is read the Septuagint way; the
   * bare number after it is KJV. Catholic and Orthodox Bibles print the Greek numbers, so for their readers the other
   * reading is kept for a quotation to choose; a Protestant's Bible has only the Hebrew ones.
   */
  function readings(m: { text: string; reference: BibleReference }): Pick<Found, 'reference' | 'otherReading'> {
    if (m.reference.book !== 'PSA' || options.tradition === 'protestant') return { reference: m.reference };
    const named = /^\D/u.test(m.text);
    const greek = toScheme(m.reference, 'lxx', 'kjv');
    const asked = options.tradition === 'orthodox' && named ? greek : m.reference;
    const other = asked === greek ? m.reference : greek;
    const differs = JSON.stringify(other) !== JSON.stringify(asked) && !parser.problemOf(other);
    return differs ? { reference: asked, otherReading: other } : { reference: asked };
  }

  /** The reference as it is shown when the corpus has no text of it for the reader. */
  function bare(ref: BibleReference): FoundPassage {
    return {
      label: format(ref, { locale: options.language, tradition: options.tradition }),
      text: '',
      reference: formatUsfm(ref),
      translation: '',
    };
  }

  async function judge(ref: BibleReference, text: string, start: number, end: number): Promise<Verdict> {
    // The Greek parts of Daniel and Esther are numbered as the Catholic texts number them (Daniel 3:24-90, 13, 14).
    const greekPart = ref.book !== 'PSA' && parser.problemOf(ref, 'vulgate') === undefined;
    if (parser.problemOf(ref) && !greekPart) return { status: 'invalid' };
    const quotation = quotationFor(text, start, end);
    // Susanna (Daniel 13) and the other Greek parts are outside a Protestant's canon, as their own books are.
    const outside =
      !inCanon(ref.book, options.tradition) ||
      (greekPart && parser.problemOf(ref) !== undefined && options.tradition === 'protestant');
    if (outside) return judgeOutside(ref, quotation);
    // A book of the reader's canon that their translation lacks (the Prayer of Manasseh in English) is shown from
    // a text that has it.
    const passage = (await lookup(ref)) ?? (await elsewhere(ref))[0];
    if (!passage) return { status: 'invalid' };
    if (!quotation || quoteMatches(quotation.text, passage.text)) return { status: 'linked', ref, passage, quotation };
    const faithful = (await elsewhere(ref)).find((other) => quoteMatches(quotation.text, other.text));
    if (faithful) return { status: 'linked', ref, passage: faithful, quotation };
    return { status: 'misquoted', ref, passage, quotation };
  }

  /**
   * A book outside the reader's canon (Tobit for a Protestant, Psalm 151 for a Catholic): marked so, with its text
   * from a translation in the reader's language when the corpus has one. A quotation beside it is held to that text,
   * or, when there is none, to any text of the corpus; one that matches none is misquoted (removed on screen).
   */
  async function judgeOutside(ref: BibleReference, quotation: Quotation | undefined): Promise<Verdict> {
    const own = await lookup(ref);
    const all = [...(own ? [own] : []), ...(await elsewhere(ref))];
    if (all.length === 0) return { status: 'invalid' };
    const mine = all.filter((p) => p.language === options.language);
    const faithful = (p: FoundPassage) => !quotation || quoteMatches(quotation.text, p.text);
    const shown = mine.find(faithful);
    if (shown) return { status: 'outside-canon', ref, passage: shown, quotation };
    if (mine[0]) return { status: 'misquoted', ref, passage: mine[0], quotation };
    return { status: all.some(faithful) ? 'outside-canon' : 'misquoted', ref, passage: undefined, quotation };
  }

  /** The verdict on a found reference: a quotation faithful only to the other reading of a Psalm's number wins. */
  async function judgeFound(m: Found, text: string): Promise<Verdict> {
    if (!m.reference) return { status: 'invalid' };
    const verdict = await judge(m.reference, text, m.start, m.end);
    if (verdict.status !== 'misquoted' || !m.otherReading) return verdict;
    const other = await judge(m.otherReading, text, m.start, m.end);
    return other.status === 'linked' ? other : verdict;
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
      const overlaps = (a: { start: number; end: number }, b: { start: number; end: number }) =>
        a.start < b.end && b.start < a.end;
      const slips = findSlips(head).map(shift).filter(within);
      const matches = parser
        .findAll(head, { language: options.language, tradition: options.tradition })
        .map(shift)
        .filter((m) => within(m) && !slips.some((s) => overlaps(m, s)));
      // A book name no Bible has ("Hezekiah 3:16"), where no reference was read.
      const unknown = findUnknownBooks(head)
        .map(shift)
        .filter((u) => within(u) && ![...slips, ...matches].some((m) => overlaps(m, u)));
      const found: Found[] = [
        ...slips.map((s) => ({ ...s, reference: undefined })),
        ...unknown.map((u) => ({ ...u, reference: undefined })),
        ...matches.map((m) => ({ ...m, ...readings(m) })),
      ].sort((a, b) => a.start - b.start);
      const out: Citation[] = [];
      for (const [i, m] of found.entries()) {
        const base = { id: `c${firstId + i}`, text: m.text, start: m.start, end: m.end };
        const verdict = await judgeFound(m, text);
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
        const { quotation } = verdict;
        const passage = verdict.passage ?? bare(verdict.ref);
        out.push({
          ...base,
          status: verdict.status,
          reference: passage.reference,
          label: passage.label,
          translation: passage.translation || null,
          verseText: passage.text || null,
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

/** Checked references, those linked, and those marked (invalid, misquoted, or outside the reader's canon). */
export function verificationCounts(citations: Citation[]) {
  const linked = citations.filter((c) => c.status === 'linked').length;
  return { checked: citations.length, linked, marked: citations.length - linked };
}
