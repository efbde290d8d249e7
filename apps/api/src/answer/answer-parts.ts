import type { Citation, Locale } from '@bible-qa/contract';
import type { ReferenceParser } from '../scripture/references.parser.ts';
import type { CorpusService } from '../corpus/corpus.service.ts';
import type { ReaderContext } from '../scripture/reader.ts';
import type { AnswerContext } from './answer-model.ts';
import { joinList, phrase } from './composer-phrases.ts';

const LITERATURE_EXCERPT = 240;

/** Bible books the answer drew on, each with why: the passages of it the answer cites. */
export function relatedBooks(
  citations: Citation[],
  context: AnswerContext,
  bookName: (code: string) => string,
  language: Locale,
) {
  const byBook = new Map<string, string[]>();
  const add = (book: string, label: string) => {
    const labels = byBook.get(book) ?? [];
    if (!labels.includes(label)) labels.push(label);
    byBook.set(book, labels);
  };
  for (const c of citations)
    if (c.status === 'linked' && c.reference && c.label) add(c.reference.split('.')[0]!, c.label);
  if (byBook.size === 0) for (const v of context.verses) add(v.book, v.label);
  return [...byBook.entries()].slice(0, 4).map(([code, labels]) => ({
    code,
    name: bookName(code),
    why: phrase('bookWhy', language, { refs: joinList(labels.slice(0, 3), language) }),
  }));
}

export function relatedLiterature(context: AnswerContext) {
  return context.entries.slice(0, 5).map((e) => ({
    id: e.id,
    collection: e.collection,
    collectionName: e.collectionName,
    title: e.title,
    excerpt: e.excerpt.length > LITERATURE_EXCERPT ? `${e.excerpt.slice(0, LITERATURE_EXCERPT)}…` : e.excerpt,
  }));
}

/** The key verse as a card image the server renders (GET /webapi/bible/verse-card). */
export function referenceImages(citations: Citation[], context: AnswerContext, translation: string) {
  const key = citations.find((c) => c.status === 'linked' && c.reference)?.reference ?? context.verses[0]?.ref;
  const label = citations.find((c) => c.reference === key)?.label ?? context.verses[0]?.label;
  if (!key) return [];
  const url = `/webapi/bible/verse-card?ref=${encodeURIComponent(key)}&translation=${encodeURIComponent(translation)}`;
  return [{ kind: 'verse-card' as const, url, alt: label ?? key, reference: key }];
}

/**
 * Three follow-up questions the corpus can answer: each candidate is checked by retrieval (its reference resolves,
 * or a search finds passages) before it is offered.
 */
export async function followUps(
  context: AnswerContext,
  reader: ReaderContext,
  parser: ReferenceParser,
  bookName: (code: string) => string,
  corpus: CorpusService,
): Promise<string[]> {
  const L = context.language;
  const candidates: string[] = [];
  const [first, second] = context.verses;
  if (first) {
    candidates.push(phrase('followContext', L, { ref: first.label }));
    candidates.push(phrase('followBook', L, { book: bookName(first.book) }));
  }
  if (second) candidates.push(phrase('followApply', L, { ref: second.label }));
  else if (first) candidates.push(phrase('followApply', L, { ref: first.label }));
  const { index } = corpus.ready();
  const offered: string[] = [];
  for (const question of candidates) {
    const refs = parser.findAll(question, { language: reader.language, tradition: reader.tradition });
    const answerable =
      refs.some((m) => !parser.problemOf(m.reference)) ||
      (await index.search({ query: question, lang: reader.language, kinds: ['verse'], limit: 1 })).length > 0;
    if (answerable && !offered.includes(question)) offered.push(question);
  }
  return offered.slice(0, 3);
}
