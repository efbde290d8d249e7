import type { Citation, Locale } from '@bible-qa/contract';
import type { ReferenceParser } from '../scripture/references.parser.ts';
import type { CorpusService } from '../corpus/corpus.service.ts';
import { versionMemo } from '../corpus/version-memo.ts';
import type { PassageIndex } from '../retrieval/passage-index.ts';
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

/** Per index (one corpus version): whether a search finds verses for a question; the same ones come back often. */
const verseFinds = new WeakMap<PassageIndex, ReturnType<typeof versionMemo<boolean>>>();

function findsVerses(index: PassageIndex, question: string, language: string): Promise<boolean> {
  let memo = verseFinds.get(index);
  if (!memo) verseFinds.set(index, (memo = versionMemo<boolean>(5000)));
  return memo.get(`${language}|${question}`, async () => {
    const hits = await index.search({ query: question, lang: language, kinds: ['verse'], limit: 1 });
    return hits.length > 0;
  });
}

/**
 * Three follow-up questions the corpus can answer: the model's suggestions first, then questions built from the key
 * passages. Each is checked by retrieval before it is offered: every reference in it must be a real verse, and it
 * must name one or a search must find passages for it.
 */
export async function followUps(
  context: AnswerContext,
  reader: ReaderContext,
  parser: ReferenceParser,
  bookName: (code: string) => string,
  corpus: CorpusService,
  suggested: readonly string[] = [],
): Promise<string[]> {
  const L = context.language;
  const candidates: string[] = [...suggested];
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
    if (offered.length >= 3) break;
    if (offered.includes(question) || question === context.question) continue;
    const refs = parser.findAll(question, { language: reader.language, tradition: reader.tradition });
    if (refs.some((m) => parser.problemOf(m.reference))) continue;
    const answerable = refs.length > 0 || (await findsVerses(index, question, reader.language));
    if (answerable) offered.push(question);
  }
  return offered;
}
