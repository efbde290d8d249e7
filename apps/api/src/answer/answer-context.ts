import { COLLECTION_NAMES, type AnswerKind, type ChatMode, type Locale, type Tradition } from '@bible-qa/contract';
import type { BibleReference } from '../bible/references.types.ts';
import { schemeOf, toScheme } from '../bible/versification.ts';
import type { CorpusRepository } from '../corpus/corpus.repository.ts';
import type { CorpusService } from '../corpus/corpus.service.ts';
import type { BibleService, ReaderContext } from '../features/bible/bible.service.ts';
import { fromUsfm, toUsfm } from '../features/bible/bible.service.ts';
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
  /** Whether the model quotes cross-references (the lookup is skipped when not). */
  withCrossReferences?: boolean;
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
  /** Passages of the first references that exist in the translation, looked up together, in the given order. */
  async function versesFor(refs: BibleReference[], reader: ReaderContext, translation: string, limit: number) {
    const passages = await Promise.all(
      refs.slice(0, limit + 4).map((ref) => deps.bible.passageFor(ref, reader, translation)),
    );
    const out: ContextVerse[] = [];
    const seen = new Set<string>();
    passages.forEach((passage, i) => {
      if (!passage || seen.has(passage.reference) || out.length >= limit) return;
      seen.add(passage.reference);
      out.push({
        ref: passage.reference,
        label: passage.title,
        text: passage.verses.map((v) => v.text).join(' '),
        book: refs[i]!.book,
      });
    });
    return out;
  }

  return {
    async gather(input: GatherInput): Promise<Gathered> {
      const { index, versionId } = deps.corpus.ready();
      const reader: ReaderContext = { language: bibleLanguageOf(input.language), tradition: input.tradition };
      const translation = await deps.bible.translationFor(reader);
      const { parser, format } = await deps.bible.tools();
      // Verses are searched in the reader's own translation, so a hit carries the text to quote; the two searches
      // run in LanceDB's threads together.
      const [hits, entryHits] = await Promise.all([
        index.search({ query: input.question, translations: [translation.id], kinds: ['verse'], limit: 30 }),
        index.search({
          query: input.question,
          kinds: ['entry'],
          limit: 12,
          ...(input.mode === 'professional' ? { collections: PROFESSIONAL_COLLECTIONS } : {}),
        }),
      ]);
      const limit = VERSES_BY_MODE[input.mode];
      const explicit = parser
        .findAll(input.question, { language: reader.language, tradition: reader.tradition })
        .map((m) => m.reference)
        .filter((ref) => !parser.problemOf(ref))
        // an explicit reference stands for its first few verses, not a whole book's worth of text
        .map((ref) =>
          ref.verse === undefined ? { book: ref.book, chapter: ref.chapter, verse: 1, endVerse: 6 } : ref,
        );
      const verses = await versesFor(explicit, reader, translation.id, limit);
      const scheme = schemeOf(translation.id);
      for (const hit of hits) {
        if (verses.length >= limit) break;
        // A hit is numbered the translation's way (Darby's Psalms count their titles); answers cite in KJV numbering,
        // the numbering the verifier reads the label in. A verse that does not map back to itself (a psalm title
        // KJV has no number for) would be labelled with another verse's reference, so it is left out.
        const own = hit.ref ? fromUsfm(hit.ref) : undefined;
        const ref = own && toScheme(own, scheme, 'kjv');
        if (!ref || toUsfm(toScheme(ref, 'kjv', scheme)) !== hit.ref) continue;
        const usfm = toUsfm(ref);
        if (verses.some((v) => v.ref === usfm)) continue;
        verses.push({
          ref: usfm,
          label: format(ref, { locale: reader.language, tradition: reader.tradition }),
          text: hit.text,
          book: ref.book,
        });
      }
      const entryIds = [...new Set(entryHits.map((h) => h.id.replace(/#\d+$/, '')))].slice(0, 6);
      const key = verses[0] ? fromUsfm(verses[0].ref.split('-')[0]!) : undefined;
      const [rows, crossRows] = await Promise.all([
        deps.corpusData.referenceEntriesByIds(versionId, entryIds),
        key?.verse !== undefined && input.mode !== 'simple' && input.withCrossReferences !== false
          ? deps.corpusData.crossReferencesOf(versionId, key.book, key.chapter, key.verse, 6)
          : Promise.resolve([]),
      ]);
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

      const crossRefs = crossRows.map((r) => fromUsfm(r.toRef)).filter((r): r is BibleReference => Boolean(r));
      const crossReferences = (await versesFor(crossRefs, reader, translation.id, 4)).filter(
        (v) => !verses.some((k) => k.ref === v.ref),
      );

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
