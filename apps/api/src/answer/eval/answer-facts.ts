// Metrics of issue 27 over one answer (npm run eval:answers), pure functions: does the first passage cited hold a
// gold verse, does the opening state the short answer, and does the answer show a verse twice.
import type { Citation, Locale } from '@bible-qa/contract';
import { answerPhrase } from '../answer-first-phrases.ts';
import { foldForLexicon } from '../../language/fold.ts';
import { escapeRegExp } from '../../language/lexicon.ts';
import { goldAmongFirst } from './answer-rubric.ts';
import { usfmOverlap as overlaps } from '../../scripture/usfm.ts';

/** The opening a reader sees first: the first 280 characters of the answer's text. */
export const OPENING_CHARS = 280;

type CitationLike = Pick<Citation, 'status' | 'reference'> & Partial<Pick<Citation, 'start' | 'end' | 'quote'>>;

/**
 * The form a text and an answer form are compared in: NFKC, lower case, Chinese in Simplified (扫罗 = 掃羅), accents
 * off (Saül = Saul), every mark but letters and digits a space (Lot’s wife = Lot's wife = lot s wife).
 */
export function foldForAnswer(text: string): string {
  return foldForLexicon(text)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

const HAN = /\p{Script=Han}/u;
/** A digit or a Chinese numeral: a number form must not be part of a longer number (四十 in 一百四十, 7 in 17). */
const NUMERAL = '\\p{Nd}零〇一二三四五六七八九十百千万两';
const NUMERAL_CHAR = new RegExp(`^[${NUMERAL}]$`, 'u');

/**
 * Does the text state one of the answer's forms? Chinese forms are found anywhere (Chinese has no spaces); other
 * forms as whole words (Eve is not in "every"); a number never inside a longer one.
 */
export function statesAnswer(text: string, forms: readonly string[]): boolean {
  const spaced = foldForAnswer(text);
  const unspaced = spaced.replace(/ /g, '');
  return forms.some((raw) => {
    const form = foldForAnswer(raw);
    if (!form) return false;
    const chars = Array.from(form);
    const before = NUMERAL_CHAR.test(chars[0]!) ? `(?<![${NUMERAL}])` : '';
    const after = NUMERAL_CHAR.test(chars[chars.length - 1]!) ? `(?![${NUMERAL}])` : '';
    if (HAN.test(form)) {
      return new RegExp(`${before}${escapeRegExp(form.replace(/ /g, ''))}${after}`, 'u').test(unspaced);
    }
    const pattern = `(?<![\\p{L}\\p{N}])${before}${escapeRegExp(form)}${after}(?![\\p{L}\\p{N}])`;
    return new RegExp(pattern, 'u').test(spaced);
  });
}

/** Chapter-and-verse numbers the citations did not cover ("34:7", "3,16", "19:2-5"): never an answer. */
const BARE_REFERENCE = /\d+\s*[:：,.]\s*\d+(?:\s*[-–]\s*\d+(?:\s*[:：.]\s*\d+)?)?/gu;

/**
 * The opening without its references: the first `chars` characters of the content with every citation's text
 * blanked ("1 Samuel 16:13" names Samuel, "撒母耳记上" holds 撒母耳; "34:7" holds 7) and any bare chapter:verse too.
 */
export function openingText(content: string, citations: readonly CitationLike[], chars = OPENING_CHARS): string {
  // Offsets are UTF-16, as `start` and `end` are.
  let out = content;
  for (const c of citations) {
    if (c.start === undefined || c.end === undefined || c.start >= chars) continue;
    out = out.slice(0, c.start) + ' '.repeat(c.end - c.start) + out.slice(c.end);
  }
  return out.slice(0, chars).replace(BARE_REFERENCE, ' ');
}

/** Does the answer's opening state the short answer (one of its forms)? */
export function openingHasAnswer(
  content: string,
  citations: readonly CitationLike[],
  forms: readonly string[],
  chars = OPENING_CHARS,
): boolean {
  return statesAnswer(openingText(content, citations, chars), forms);
}

/** Is the first passage the answer cites (linked) a gold verse, or a range holding one? */
export function firstCitationGold(c: { gold: readonly string[]; citations: readonly CitationLike[] }): boolean {
  return goldAmongFirst(c, 1);
}

/** The references of the linked citations, in the answer's order. */
export function linkedReferences(citations: readonly CitationLike[]): string[] {
  return citations.flatMap((c) => (c.status === 'linked' && c.reference ? [c.reference] : []));
}

/**
 * Does the answer show a verse twice: two linked citations that share a verse (the lead verse inside its setting:
 * Deuteronomy 34:7, then 34:5-9; the same passage again further on)? A reference repeated right after itself is one
 * passage shown once, named above it and under it ("The account is in Genesis 5:1-2:", the quotation, "— Genesis
 * 5:1-2").
 */
export function showsVerseTwice(citations: readonly CitationLike[]): boolean {
  // A reference written inside a quoted verse (the Union Version's "（撒勒法与路加福音四章二十六节同）" in 1 Kings
  // 17:9) is part of that verse's text: it shows nothing of its own.
  const quoted = (c: CitationLike) =>
    c.start !== undefined &&
    citations.some((q) => q !== c && q.quote && q.quote.start <= c.start! && c.end! <= q.quote.end);
  const linked = linkedReferences(citations.filter((c) => !quoted(c)));
  const refs = linked.filter((ref, i) => i === 0 || linked[i - 1] !== ref);
  return refs.some((a, i) => refs.slice(i + 1).some((b) => overlaps(a, b)));
}

/**
 * The first line of an answer when it states its answer in a sentence of the composer's own ("In short: forty days
 * (Matthew 4:2)."), else undefined.
 */
export function statedLine(content: string, locale: Locale): string | undefined {
  const [before] = answerPhrase('statedAnswer', locale).split('{answer}');
  const first = content.split('\n', 1)[0]!;
  return before && first.startsWith(before) ? first : undefined;
}
