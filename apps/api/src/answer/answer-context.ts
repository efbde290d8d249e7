import { COLLECTION_NAMES, type AnswerKind, type ChatMode, type Locale, type Tradition } from '@bible-qa/contract';
import type { BibleReference } from '../bible/references.types.ts';
import type { CorpusRepository } from '../corpus/corpus.repository.ts';
import type { CorpusService } from '../corpus/corpus.service.ts';
import type { BibleService, ReaderContext } from '../features/bible/bible.service.ts';
import { fromUsfm } from '../features/bible/bible.service.ts';
import { bibleLanguageOf } from '../features/bible/translation-policy.ts';
import type { AnswerContext, ContextEntry, ContextVerse } from './answer-model.ts';

const VERSES_BY_MODE: Record<ChatMode, number> = { simple: 3, advanced: 6, professional: 8 };
const PROFESSIONAL_COLLECTIONS = [
  'strongs-greek',
  'strongs-hebrew',
  'matthew-henry-complete',
  'eastons-dictionary',
  'naves-topical',
];

export interface GatherInput {
  question: string;
  kind: AnswerKind;
  mode: ChatMode;
  language: Locale;
  tradition: Tradition;
  history: { question: string; answer: string }[];
}

export interface Gathered {
  context: AnswerContext;
  reader: ReaderContext;
  translation: { id: string; name: string };
}

/**
 * Retrieval for one question: explicit references first, then BM25 over the reader's language, one hit per verse,
 * shown in the reader's translation; reference entries for literature; cross-references of the key verse.
 */
export function createContextGatherer(deps: {
  bible: BibleService;
  corpus: CorpusService;
  corpusData: CorpusRepository;
}) {
  async function versesFor(refs: BibleReference[], reader: ReaderContext, translation: string, limit: number) {
    const out: ContextVerse[] = [];
    const seen = new Set<string>();
    for (const ref of refs) {
      if (out.length >= limit) break;
      const passage = await deps.bible.passageFor(ref, reader, translation);
      if (!passage || seen.has(passage.reference)) continue;
      seen.add(passage.reference);
      out.push({
        ref: passage.reference,
        label: passage.title,
        text: passage.verses.map((v) => v.text).join(' '),
        book: ref.book,
      });
    }
    return out;
  }

  return {
    async gather(input: GatherInput): Promise<Gathered> {
      const { index, versionId } = deps.corpus.ready();
      const reader: ReaderContext = { language: bibleLanguageOf(input.language), tradition: input.tradition };
      const translation = await deps.bible.translationFor(reader);
      const { parser } = await deps.bible.tools();
      const explicit = parser
        .findAll(input.question, { language: reader.language, tradition: reader.tradition })
        .map((m) => m.reference)
        .filter((ref) => !parser.problemOf(ref))
        // an explicit reference stands for its first few verses, not a whole book's worth of text
        .map((ref) =>
          ref.verse === undefined ? { book: ref.book, chapter: ref.chapter, verse: 1, endVerse: 6 } : ref,
        );
      const hits = await index.search({
        query: input.question,
        lang: reader.language,
        kinds: ['verse'],
        limit: 40,
        ...(reader.tradition === 'protestant' ? { canon: 'protestant' as const } : {}),
      });
      const searched: BibleReference[] = [];
      const seen = new Set<string>();
      for (const hit of hits) {
        if (!hit.ref || seen.has(hit.ref)) continue;
        seen.add(hit.ref);
        const ref = fromUsfm(hit.ref);
        if (ref) searched.push(ref);
      }
      const limit = VERSES_BY_MODE[input.mode];
      const verses = await versesFor([...explicit, ...searched], reader, translation.id, limit);

      const entryHits = await index.search({
        query: input.question,
        kinds: ['entry'],
        limit: 12,
        ...(input.mode === 'professional' ? { collections: PROFESSIONAL_COLLECTIONS } : {}),
      });
      const entryIds = [...new Set(entryHits.map((h) => h.id.replace(/#\d+$/, '')))].slice(0, 6);
      const rows = await deps.corpusData.referenceEntriesByIds(versionId, entryIds);
      const byId = new Map(rows.map((r) => [r.id, r]));
      const entries: ContextEntry[] = [];
      for (const hit of entryHits) {
        const id = hit.id.replace(/#\d+$/, '');
        const row = byId.get(id);
        if (!row || entries.some((e) => e.id === id)) continue;
        entries.push({
          id,
          collection: row.collection,
          collectionName: COLLECTION_NAMES[row.collection] ?? row.collection,
          title: row.title,
          excerpt: hit.text,
        });
      }

      let crossReferences: ContextVerse[] = [];
      const key = verses[0] ? fromUsfm(verses[0].ref.split('-')[0]!) : undefined;
      if (key?.verse !== undefined && input.mode !== 'simple') {
        const rows2 = await deps.corpusData.crossReferencesOf(versionId, key.book, key.chapter, key.verse, 6);
        const refs = rows2.map((r) => fromUsfm(r.toRef)).filter((r): r is BibleReference => Boolean(r));
        crossReferences = (await versesFor(refs, reader, translation.id, 4)).filter(
          (v) => !verses.some((k) => k.ref === v.ref),
        );
      }

      return {
        reader,
        translation: { id: translation.id, name: translation.name },
        context: {
          question: input.question,
          kind: input.kind,
          mode: input.mode,
          language: input.language,
          tradition: input.tradition,
          translationName: translation.name,
          verses,
          crossReferences,
          entries,
          history: input.history,
        },
      };
    },
  };
}
export type ContextGatherer = ReturnType<typeof createContextGatherer>;
