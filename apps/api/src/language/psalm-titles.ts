// A psalm's title, where a translation prints it inside the psalm's first verse: lexicon/psalm-titles.tsv, one
// opening a line. Read once.
import { readWordsByTag } from './word-list.ts';

let openings: readonly string[] | undefined;

function titleOpenings(): readonly string[] {
  openings ??= [...readWordsByTag('psalm-titles.tsv').values()].flat().map((opening) => opening.toLowerCase());
  return openings;
}

/** A sentence at the start of a text: up to its full stop and a closing quotation mark after it. */
const FIRST_SENTENCE = /^\s*([^.]*\.[”"’]?)\s+/u;

/**
 * A psalm's first verse without its title ("For the Chief Musician. By the sons of Korah. According to Alamoth. God is
 * our refuge…" → "God is our refuge…"): the leading sentences that open as a title does. Text without one is returned
 * as it is.
 */
export function withoutPsalmTitle(text: string): string {
  let rest = text;
  for (;;) {
    const sentence = FIRST_SENTENCE.exec(rest);
    if (!sentence) return rest;
    const start = sentence[1]!.toLowerCase();
    if (!titleOpenings().some((opening) => start.startsWith(opening))) return rest;
    rest = rest.slice(sentence[0].length);
  }
}

let interludes: readonly string[] | undefined;

/**
 * A psalm's words without its interlude marks ("God is our refuge. (Selah.)" → "God is our refuge."): the marks as the
 * corpus's Bibles print them, in lexicon/psalm-interludes.tsv. The caller keeps it to the books that have them.
 */
export function withoutInterludes(text: string): string {
  interludes ??= (readWordsByTag('psalm-interludes.tsv').get('mark') ?? []).sort((a, b) => b.length - a.length);
  let out = text;
  for (const mark of interludes) out = out.split(mark).join(' ');
  return out === text
    ? text
    : out
        .replace(/\s+/g, ' ')
        .replace(/\s+([,.;:!?。，；：！？」』])/gu, '$1')
        .trim();
}
