import { COLLECTION_NAMES, type ChatMode } from '@bible-qa/contract';
import { ENTRY_EXCERPT, entryExcerpt, LEXICONS } from '../corpus/entry-excerpt.ts';
import type { CorpusRepository } from '../corpus/corpus.repository.ts';
import { versionMemo } from '../corpus/version-memo.ts';
import type { PassageIndex } from '../retrieval/passage-index.ts';
import type { EntryRefs, Retrieval } from '../retrieval/verse-retriever.ts';
import type { ReaderContext } from '../scripture/reader.ts';
import type { ReferenceParser } from '../scripture/references.parser.ts';
import type { ScriptureSource } from '../scripture/scripture-source.ts';
import { parseUsfm } from '../scripture/usfm.ts';
import type { ContextEntry, ContextVerse } from './answer-model.ts';
import { commentaryCovering } from './commentary.ts';

/** Reference entries and cross-reference lists kept in memory per corpus version (they never change within one). */
export const ROW_CACHE = 2000;
/** Entries an answer shows at most (Matthew Henry's section on the key verse comes first, besides). */
const ENTRIES = 8;

/** A reference entry as the answer shows it: its excerpt is ingestion's, or made now for a version built before. */
function contextEntry(
  row: { id: string; collection: string; title: string; text: string; excerpt: string | null },
  parser: ReferenceParser,
): ContextEntry {
  return {
    id: row.id,
    collection: row.collection,
    collectionName: COLLECTION_NAMES[row.collection] ?? row.collection,
    title: row.title,
    excerpt: row.excerpt ?? entryExcerpt(row.text, parser),
  };
}

export interface LiteratureQuery {
  retrieval: Retrieval;
  /** The key passage, and its first verse when it has one. */
  key: ContextVerse | undefined;
  at: { book: string; chapter: number; verse: number } | undefined;
  mode: ChatMode;
  reader: ReaderContext;
  index: PassageIndex;
  parser: ReferenceParser;
}

/**
 * The reference works of an answer, for one corpus version: the entries retrieval used and, in professional mode,
 * the lexicon entries the key passage's English (KJV) words find, whatever the reader's language, with Matthew
 * Henry on the key verse first. Excerpts already read are kept: popular questions come back to the same entries.
 */
export function createLiterature(deps: { bible: ScriptureSource; corpusData: CorpusRepository }, versionId: number) {
  type EntryRow = Awaited<ReturnType<CorpusRepository['referenceEntriesByIds']>>[number];
  const rows = versionMemo<EntryRow | undefined>(ROW_CACHE);
  const entries = versionMemo<ContextEntry | undefined>(ROW_CACHE);
  const commentaries = versionMemo<ContextEntry | undefined>(ROW_CACHE);

  /**
   * Entry rows with their citations and the start of their text, read once for both readers: the retriever ranks
   * the verses an entry cites, and the answer shows the excerpts of the same entries. One statement where there were
   * two (on PGlite each costs about 2 ms of CPU, whatever it reads).
   */
  async function entryRows(ids: string[]): Promise<EntryRow[]> {
    const found = await rows.many(ids, async (missing) => {
      const read = await deps.corpusData.referenceEntriesByIds(versionId, missing, ENTRY_EXCERPT);
      return new Map(read.map((row) => [row.id, row]));
    });
    return found.filter((row): row is EntryRow => Boolean(row));
  }

  /** The retriever's EntryRefs (verse-retriever.ts): the citations of the entries found, by id. */
  const entryRefs: EntryRefs = async (ids) => new Map((await entryRows(ids)).map((row) => [row.id, row.refs]));

  async function lexiconHits(q: LiteratureQuery) {
    const ref = q.key ? parseUsfm(q.key.ref) : undefined;
    const english = ref ? await deps.bible.passageFor(ref, q.reader, 'kjv') : undefined;
    if (!ref || !english) return [];
    const query = english.verses.map((v) => v.text).join(' ');
    return q.index.search({ query, kinds: ['entry'], collections: LEXICONS, limit: 3 });
  }

  function commentaryOn(at: NonNullable<LiteratureQuery['at']>, parser: ReferenceParser) {
    return commentaries.get(`${at.book}.${at.chapter}.${at.verse}`, async () => {
      const rows = await deps.corpusData.commentaryOnChapter(versionId, at.book, at.chapter, ENTRY_EXCERPT);
      const row = commentaryCovering(rows, at);
      return row && contextEntry(row, parser);
    });
  }

  async function literature(q: LiteratureQuery): Promise<ContextEntry[]> {
    const professional = q.mode === 'professional';
    const [lexicon, commentary] = await Promise.all([
      professional ? lexiconHits(q) : [],
      professional && q.at ? commentaryOn(q.at, q.parser) : undefined,
    ]);
    const ids = [...q.retrieval.entries.map((e) => e.id), ...lexicon.map((h) => h.id.replace(/#\d+$/, ''))]
      .filter((id, i, all) => all.indexOf(id) === i)
      .slice(0, ENTRIES);
    // Only the excerpt is kept: commentary entries run to tens of kilobytes.
    const shownRows = await entries.many(ids, async (missing) => {
      const found = await entryRows(missing);
      return new Map(found.map((row) => [row.id, contextEntry(row, q.parser)]));
    });
    const refsOf = new Map(q.retrieval.entries.map((e) => [e.id, e.refs]));
    const shown = shownRows
      .filter((e): e is ContextEntry => Boolean(e))
      .map((e) => (refsOf.has(e.id) ? { ...e, refs: refsOf.get(e.id) } : e));
    if (commentary && !shown.some((e) => e.id === commentary.id)) shown.unshift(commentary);
    return shown;
  }

  return { literature, entryRefs };
}
