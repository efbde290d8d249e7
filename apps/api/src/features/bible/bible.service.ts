import type { BibleLanguage, Book, Passage, SearchResult, Tradition, Translation } from '@bible-qa/contract';
import { createReferenceFormatter } from '../../scripture/references.format.ts';
import type { ReferenceParser } from '../../scripture/references.parser.ts';
import type { BibleReference, BookRecord, VersificationScheme } from '../../scripture/references.types.ts';
import { formatUsfm, parseUsfm } from '../../scripture/usfm.ts';
import { schemeOf, toScheme } from '../../scripture/versification.ts';
import { loadReferenceParser } from '../../corpus/reference-parser.ts';
import type { CorpusRepository } from '../../corpus/corpus.repository.ts';
import type { CorpusService, ReadyCorpus } from '../../corpus/corpus.service.ts';
import { AppError } from '../../http/app-error.ts';
import { canonOrder, canonStanding } from '../../scripture/canon.ts';
import type { ReaderContext } from '../../scripture/reader.ts';
import { defaultTranslation, translationAbbr } from '../../scripture/translation-policy.ts';
import { versionMemo } from '../../corpus/version-memo.ts';
import type { PassageHit } from '../../retrieval/passage-index.ts';
import { readChapter, translationsHolding, type ChapterShelf } from './bible-chapter.ts';
import { createVerseHits } from './bible-verse-hits.ts';

const MAX_PASSAGE_VERSES = 200;
const PASSAGE_CACHE = 5000;

/** One corpus version's books, parser and translations, built once per version. */
interface VersionState {
  versionId: number;
  index: ReadyCorpus['index'];
  parser: ReferenceParser;
  format: ReturnType<typeof createReferenceFormatter>;
  books: Map<string, BookRecord & { zhCatholic?: Record<string, string> }>;
  translations: Map<string, Translation>;
  chaptersOf: Map<string, Map<string, number>>;
}

export function createBibleService({ corpus, corpusData }: { corpus: CorpusService; corpusData: CorpusRepository }) {
  // The version requests get, and the next one while it is warmed before the switch.
  const states = new Map<number, Promise<VersionState>>();
  // Answers quote the same verses again and again; the corpus of a version never changes.
  // Concurrent askers of one passage share its query (a burst of the same question reads it once).
  const passages = versionMemo<Passage | undefined>(PASSAGE_CACHE);

  async function buildState({ versionId, index }: ReadyCorpus): Promise<VersionState> {
    const { parser, books, translations, chaptersOf } = await loadReferenceParser(corpusData, versionId);
    return {
      versionId,
      index,
      parser,
      format: createReferenceFormatter(parser.catalogue),
      books: new Map(books.map((b) => [b.code, b])),
      translations: new Map(
        translations.map(({ versionId: _v, ...t }) => [t.id, { ...t, abbr: translationAbbr(t.id) }]),
      ),
      chaptersOf,
    };
  }

  function stateOf(version: ReadyCorpus): Promise<VersionState> {
    let state = states.get(version.versionId);
    if (!state) {
      state = buildState(version);
      states.set(version.versionId, state);
      state.catch(() => states.delete(version.versionId));
      // Keep the newest two: the one in use and the one being warmed (or just replaced).
      for (const id of [...states.keys()].sort((a, b) => a - b).slice(0, -2)) states.delete(id);
    }
    return state;
  }

  const current = (): Promise<VersionState> => stateOf(corpus.ready());

  function translationFor(s: VersionState, requested: string | undefined, reader: ReaderContext, book: string) {
    if (requested) {
      const translation = s.translations.get(requested);
      if (!translation) throw new AppError('translation_unknown', [requested]);
      return translation;
    }
    const preferred = defaultTranslation(reader.language, reader.tradition, s.books.get(book)?.testament ?? 'OT');
    // A corpus without the preferred text falls back to the reader's language and tradition, then language, then any.
    const all = [...s.translations.values()];
    const translation =
      s.translations.get(preferred) ??
      all.find((t) => t.language === reader.language && t.tradition === reader.tradition) ??
      all.find((t) => t.language === reader.language) ??
      all[0];
    if (!translation) throw new AppError('translation_unknown', [preferred]);
    return translation;
  }

  async function readVerses(versionId: number, translation: string, ref: BibleReference) {
    const out: { book: string; chapter: number; verse: number; text: string }[] = [];
    const lastChapter = ref.endChapter ?? ref.chapter;
    for (let c = ref.chapter; c <= lastChapter && out.length < MAX_PASSAGE_VERSES; c += 1) {
      const from = c === ref.chapter ? (ref.verse ?? 1) : 1;
      const single = ref.verse !== undefined && ref.endVerse === undefined && ref.endChapter === undefined;
      const to = c === lastChapter ? (ref.endVerse ?? (single ? ref.verse! : 999)) : 999;
      const rows = await corpusData.versesOfChapter(versionId, translation, ref.book, c, from, to);
      for (const row of rows) if (row.text.trim()) out.push({ book: ref.book, ...row });
    }
    return out.slice(0, MAX_PASSAGE_VERSES);
  }

  async function passageOf(
    s: VersionState,
    ref: BibleReference,
    reader: ReaderContext,
    requested: string | undefined,
    asked: VersificationScheme,
  ): Promise<Passage> {
    const translation = translationFor(s, requested, reader, ref.book);
    const own = toScheme(ref, asked, schemeOf(translation.id));
    const verses = await readVerses(s.versionId, translation.id, own);
    if (verses.length === 0)
      throw new AppError('verse_out_of_range', [
        s.format(ref, { locale: reader.language, tradition: reader.tradition }),
      ]);
    return {
      reference: formatUsfm(ref),
      translationReference: formatUsfm(own),
      title: s.format(ref, { locale: reader.language, tradition: reader.tradition }),
      translation: { id: translation.id, name: translation.name, language: translation.language },
      verses,
    };
  }

  const shelfOf = (s: VersionState): ChapterShelf => ({
    books: s.books,
    translations: s.translations,
    chaptersOf: s.chaptersOf,
    format: s.format,
    name: (code, language, tradition) => s.parser.catalogue.name(code, language, tradition),
  });

  const verseHits = createVerseHits({ corpusData });

  return {
    /** Builds a version's books, parser and retriever before it takes requests (the corpus service's warm-up). */
    async warm(version: ReadyCorpus): Promise<void> {
      verseHits.prepare(await stateOf(version));
    },
    /** The current version's parser, formatter and translations (the answer engine parses and verifies with them). */
    async tools() {
      const s = await current();
      return { parser: s.parser, format: s.format, translations: s.translations, books: s.books };
    },
    /** A parsed reference's passage in the reader's translation, or undefined when it has no such verses. */
    async passageFor(ref: BibleReference, reader: ReaderContext, translation?: string): Promise<Passage | undefined> {
      const s = await current();
      const key = `${s.versionId}|${translation ?? ''}|${reader.language}|${reader.tradition}|${formatUsfm(ref)}`;
      return passages.get(key, () =>
        passageOf(s, ref, reader, translation, 'kjv').catch((error: unknown) => {
          if (error instanceof AppError) return undefined;
          throw error;
        }),
      );
    },
    /** The translation a reader sees for a book (their tradition's text in their language). */
    async translationFor(reader: ReaderContext, book = 'JHN', requested?: string): Promise<Translation> {
      return translationFor(await current(), requested, reader, book);
    },
    /** A passage by reference in the reader's (or a named) translation; numbering is mapped for Vulgate/LXX texts. */
    async passage(text: string, reader: ReaderContext, translation?: string, asked: VersificationScheme = 'kjv') {
      const s = await current();
      const [ref] = s.parser.parse(text, { language: reader.language, tradition: reader.tradition, scheme: asked });
      if (!ref) throw new AppError('reference_unparsable', [text]);
      return passageOf(s, ref, reader, translation, asked);
    },
    /** One passage in several translations side by side. */
    async parallel(text: string, reader: ReaderContext, translations: string[]) {
      const s = await current();
      const [ref] = s.parser.parse(text, { language: reader.language, tradition: reader.tradition });
      if (!ref) throw new AppError('reference_unparsable', [text]);
      const ids = translations.length > 0 ? translations.slice(0, 6) : [...s.translations.keys()];
      const passages: Passage[] = [];
      for (const id of ids) {
        if (!s.translations.has(id)) throw new AppError('translation_unknown', [id]);
        try {
          passages.push(await passageOf(s, ref, reader, id, 'kjv'));
        } catch (error) {
          // A translation without this book (the deuterocanon in a Protestant text) is left out of the view.
          if (!(error instanceof AppError && error.errorName === 'verse_out_of_range') || translations.length === 1)
            throw error;
        }
      }
      return { reference: formatUsfm(ref), passages };
    },
    async search(
      query: {
        q: string;
        translation?: string;
        collection?: string;
        kind?: 'verse' | 'entry';
        canon?: Tradition;
        limit: number;
        lang?: BibleLanguage;
      },
      reader: ReaderContext,
    ): Promise<SearchResult> {
      const s = await current();
      const { index } = s;
      const trimmed = query.q.trim();
      const matches =
        trimmed.length <= 200
          ? s.parser.findAll(trimmed, { language: reader.language, tradition: reader.tradition })
          : [];
      const explicit = matches.length === 1 && matches[0]!.text.length >= trimmed.replace(/\s+/g, '').length * 0.6;
      let passage: Passage | null = null;
      if (explicit && !s.parser.problemOf(matches[0]!.reference)) {
        passage = await passageOf(s, matches[0]!.reference, reader, query.translation, 'kjv').catch(() => null);
      }
      if (query.kind !== 'entry' && !query.collection) {
        const read = (ref: BibleReference, translation: string | undefined, scheme: VersificationScheme) =>
          passageOf(s, ref, reader, translation, scheme);
        return { passage, hits: await verseHits(s, read, trimmed, reader, query.limit, query.translation) };
      }
      const hits = await index.search({
        query: trimmed,
        ...(query.lang ? { lang: query.lang } : {}),
        ...(query.translation ? { translations: [query.translation] } : {}),
        ...(query.collection ? { collections: [query.collection] } : {}),
        // Fact notes serve the retriever; the route searches verses and reference entries.
        kinds: query.kind ? [query.kind] : ['verse', 'entry'],
        ...(query.canon ? { canon: query.canon } : {}),
        limit: query.limit,
      });
      return {
        passage,
        hits: hits
          .filter((h): h is PassageHit & { kind: 'verse' | 'entry' } => h.kind !== 'note')
          .map((h) => ({
            id: h.id,
            kind: h.kind,
            lang: h.lang,
            translation: h.translation ?? null,
            collection: h.collection ?? null,
            ref: h.ref ?? null,
            title: h.title ?? null,
            text: h.text,
            highlight: h.highlight,
            score: h.score,
          })),
      };
    },
    /**
     * The books of a canon in the order its Bible prints them, named in a language and tradition (Catholic Chinese
     * names for Catholic readers).
     */
    async books({ language, tradition }: ReaderContext): Promise<Book[]> {
      const s = await current();
      return canonOrder(tradition)
        .map((code) => s.books.get(code))
        .filter((b) => b !== undefined)
        .map((b) => ({
          code: b.code,
          appendix: canonStanding(b.code, tradition) === 'appendix',
          order: b.order,
          testament: b.testament,
          chapters: b.chapters,
          name: s.parser.catalogue.name(b.code, language, tradition),
          abbr: (language.startsWith('zh') ? b.abbr?.[language] : b.abbr?.en) ?? null,
        }));
    },
    async crossReferences(text: string, reader: ReaderContext, limit: number, translation?: string) {
      const s = await current();
      const [ref] = s.parser.parse(text, { language: reader.language, tradition: reader.tradition });
      if (!ref || ref.verse === undefined) throw new AppError('reference_unparsable', [text]);
      const rows = await corpusData.crossReferencesOf(s.versionId, ref.book, ref.chapter, ref.verse, limit);
      const out = [];
      for (const row of rows) {
        const target = parseUsfm(row.toRef);
        if (!target) continue;
        const passage = await passageOf(s, target, reader, translation, 'kjv').catch(() => null);
        out.push({
          reference: row.toRef,
          title: s.format(target, { locale: reader.language, tradition: reader.tradition }),
          votes: row.votes,
          text: passage ? passage.verses.map((v) => v.text).join(' ') : null,
        });
      }
      return out;
    },
    /** Every translation; with a reference, those that hold it, the reader's own first. */
    async translations(text?: string, reader?: ReaderContext): Promise<Translation[]> {
      const s = await current();
      if (text === undefined || !reader) return [...s.translations.values()];
      const [ref] = s.parser.parse(text, { language: reader.language, tradition: reader.tradition });
      if (!ref) throw new AppError('reference_unparsable', [text]);
      return translationsHolding(shelfOf(s), ref, reader);
    },
    /** A whole chapter for the chapter reader, with its neighbours and the translations that hold it. */
    async chapter(ask: { book: string; chapter: number; translation?: string | undefined }, reader: ReaderContext) {
      const s = await current();
      return readChapter(shelfOf(s), ask, reader, (translation, ref) => readVerses(s.versionId, translation, ref));
    },
  };
}
export type BibleService = ReturnType<typeof createBibleService>;
