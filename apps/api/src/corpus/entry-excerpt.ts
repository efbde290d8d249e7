import { ENTRY_COLLECTIONS } from '../retrieval/verse-retriever.ts';
import type { ReferenceParser } from '../scripture/references.parser.ts';

/** The start of a reference entry an answer shows (commentary entries run to tens of kilobytes). */
export const ENTRY_EXCERPT = 600;
/** The lexicons a professional answer reads the key passage's original-language words in. */
export const LEXICONS = ['strongs-greek', 'strongs-hebrew'] as const;
/**
 * The works whose excerpts ingestion stores: every one an answer shows (retrieval's and the lexicons). The creeds and
 * the names list, which answers never show, are left without one.
 */
export const EXCERPTED_COLLECTIONS: ReadonlySet<string> = new Set<string>([...ENTRY_COLLECTIONS, ...LEXICONS]);

/**
 * A reference work's excerpt without its scripture references: the answer's citations are the verses it quotes in
 * the reader's translation; an English dictionary's "2 Cor 6:2" beside its own English quotation is not one of them.
 */
export function withoutReferences(text: string, parser: ReferenceParser): string {
  let out = text;
  for (const m of parser.findAll(text, { language: 'en' }).reverse()) out = out.slice(0, m.start) + out.slice(m.end);
  return out
    .replace(/\(\s*(?:comp\.|cf\.|see)?[\s,;.]*\)/gi, '')
    .replace(/\s+([,;.])/g, '$1')
    .replace(/([,;])(?:\s*[,;])+/g, '$1')
    .replace(/\s{2,}/g, ' ')
    .trim();
}

/**
 * The excerpt an answer shows of an entry. Ingestion stores it with the entry: the reference parser reads 60-250
 * characters a millisecond, so cleaning an answer's eight or nine entries when asked cost a new question tens of
 * milliseconds. Finding references needs only the books' names (never the verse counts), so any parser of the
 * version's books gives the same excerpt.
 */
export function entryExcerpt(text: string, parser: ReferenceParser): string {
  return withoutReferences(text.slice(0, ENTRY_EXCERPT), parser);
}
