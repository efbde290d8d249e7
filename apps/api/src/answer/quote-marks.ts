// A verse set inside an answer's quotation marks. The World English Bible and the Louis Segond print speech marks
// in the verse itself (Matthew 6:14 opens "“For if you forgive…"): wrapping such a verse in our own marks printed
// them twice ("““For if you forgive…"). The verse's own marks stand in for ours where they open or close the whole
// verse; marks inside a quotation of ours become the inner pair.
import type { Locale } from '@bible-qa/contract';

type Marks = { open: string; close: string; inner: Record<string, string> };

/** English “…‘…’…”; Spanish «…“…”…»; French « … “ … ” … » (RAE and Imprimerie nationale usage). */
const MARKS: Partial<Record<Locale, Marks>> = {
  en: { open: '“', close: '”', inner: { '“': '‘', '”': '’' } },
  'es-es': { open: '«', close: '»', inner: { '«': '“', '»': '”' } },
  'fr-fr': { open: '« ', close: ' »', inner: { '«': '“', '»': '”' } },
};
const OPENING = new Set(['“', '«']);
const CLOSING = new Set(['”', '»']);

/** Straight marks ("…") as the curly pair they stand for: opening after a space or at the start, closing elsewhere. */
function curled(text: string): string {
  return text.replace(/"/g, (_, at: number) => (at === 0 || /[\s([—–-]/.test(text[at - 1]!) ? '“' : '”'));
}

/** The depth of open quotations after each character: +1 at an opening mark, −1 at a closing one. */
function depths(text: string): number[] {
  let depth = 0;
  return Array.from(text, (ch) => (depth += OPENING.has(ch) ? 1 : CLOSING.has(ch) ? -1 : 0));
}

/** `text` quoted in the locale's marks, without doubling the marks the text already opens or closes with. */
export function inQuotes(text: string, locale: Locale): string {
  const marks = MARKS[locale] ?? MARKS.en!;
  const body = curled(text.trim());
  const chars = Array.from(body);
  const level = depths(body);
  const final = level.at(-1) ?? 0;
  const opens = OPENING.has(chars[0] ?? '');
  const closes = CLOSING.has(chars.at(-1) ?? '');
  // The verse is one whole quotation already: its first mark closes only at its last character.
  if (opens && closes && final === 0 && level.slice(0, -1).every((depth) => depth > 0)) return body;
  // A speech that opens with the verse and goes on past it: close it.
  if (opens && final > 0) return `${body}${marks.close.trim()}`;
  // A speech that began before the verse and ends with it: open it.
  if (closes && final < 0) return `${marks.open.trim()}${body}`;
  const inner = body.replace(/[“”«»]/g, (mark) => marks.inner[mark] ?? mark);
  return `${marks.open}${inner}${marks.close}`;
}
