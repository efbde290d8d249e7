import type {
  Annotation,
  AnnotationEntry,
  AnnotationKind,
  AnnotationPage,
  HighlightColor,
  VerseSpan,
} from '@bible-qa/contract';
import { AppError } from '../../http/app-error.ts';
import type { ReaderContext } from '../../scripture/reader.ts';
import { formatUsfm, parseUsfm } from '../../scripture/usfm.ts';
import type { Clock } from '../auth/auth-session.service.ts';
import type { BibleService } from '../bible/bible.service.ts';
import type { AnnotationRow, AnnotationsRepository, ChapterSpan } from './annotations.repository.ts';

/** The list page and its search read at most this many of a reader's newest annotations. */
const LIST_LIMIT = 2000;

const referenceOf = (a: { book: string; chapter: number; from: number; to: number }) =>
  formatUsfm({ book: a.book, chapter: a.chapter, verse: a.from, ...(a.to > a.from ? { endVerse: a.to } : {}) });

export function toAnnotation(row: AnnotationRow): Annotation {
  const span = { book: row.book, chapter: row.chapter, from: row.verseFrom, to: row.verseTo };
  return {
    id: row.id,
    kind: row.kind,
    ...span,
    reference: referenceOf(span),
    color: row.color,
    text: row.text,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Adjacent highlighted verses of one chapter in one colour are one entry of the list (newest change first). */
export function mergeHighlights(rows: AnnotationRow[]): Annotation[] {
  const highlights = rows
    .filter((r) => r.kind === 'highlight')
    .sort((a, b) => a.book.localeCompare(b.book) || a.chapter - b.chapter || a.verseFrom - b.verseFrom);
  const merged: Annotation[] = [];
  for (const row of highlights) {
    const last = merged.at(-1);
    if (
      last &&
      last.book === row.book &&
      last.chapter === row.chapter &&
      last.color === row.color &&
      last.to + 1 === row.verseFrom
    ) {
      last.to = row.verseTo;
      last.reference = referenceOf(last);
      if (row.updatedAt.toISOString() > last.updatedAt) last.updatedAt = row.updatedAt.toISOString();
      continue;
    }
    merged.push(toAnnotation(row));
  }
  return merged;
}

/** "JHN.3" → the chapter; "JHN.3.16-JHN.3.18" → those verses; a range over chapters → a span in each. */
function spansOf(reference: string): ChapterSpan[] {
  const ref = parseUsfm(reference);
  if (!ref) return [];
  if (ref.verse === undefined) return [{ book: ref.book, chapter: ref.chapter }];
  const last = ref.endChapter ?? ref.chapter;
  const spans: ChapterSpan[] = [];
  for (let chapter = ref.chapter; chapter <= last && chapter - ref.chapter < 5; chapter += 1) {
    spans.push({
      book: ref.book,
      chapter,
      from: chapter === ref.chapter ? ref.verse : 1,
      to: chapter === last ? (ref.endVerse ?? (ref.endChapter === undefined ? ref.verse : 200)) : 200,
    });
  }
  return spans;
}

/**
 * Highlights, bookmarks and notes on verses (issue 29): kept per reader (`ownerId`: the account's users row, or its
 * guest's), looked up by chapter or by the verses an answer cites, listed and searched with each verse's text in the
 * reader's translation.
 */
export function createAnnotationsService({
  annotations,
  bible,
  clock,
}: {
  annotations: AnnotationsRepository;
  bible: Pick<BibleService, 'tools' | 'passageFor'>;
  clock: Clock;
}) {
  async function checkBook(span: VerseSpan): Promise<void> {
    const { books } = await bible.tools();
    if (!books.has(span.book)) throw new AppError('unknown_book', [span.book]);
  }

  async function entryOf(annotation: Annotation, reader: ReaderContext): Promise<AnnotationEntry> {
    const { format } = await bible.tools();
    const ref = { book: annotation.book, chapter: annotation.chapter, verse: annotation.from };
    const range = annotation.to > annotation.from ? { ...ref, endVerse: annotation.to } : ref;
    const passage = await bible.passageFor(range, reader);
    return {
      ...annotation,
      title: format(range, { locale: reader.language, tradition: reader.tradition }),
      verses: passage?.verses ?? [],
      translation: passage?.translation.id ?? '',
    };
  }

  const matches = (entry: AnnotationEntry, words: string[]) => {
    const haystack = [entry.title, entry.text ?? '', ...entry.verses.map((v) => v.text)].join('\n').toLowerCase();
    return words.every((word) => haystack.includes(word));
  };

  return {
    /** The reader's annotations touching these chapters or verse ranges (USFM); none for a reader who kept none. */
    async lookup(ownerId: string | undefined, references: string[]): Promise<Annotation[]> {
      if (!ownerId) return [];
      const rows = await annotations.touching(ownerId, references.flatMap(spansOf));
      return rows.map(toAnnotation);
    },

    async highlight(ownerId: string, span: VerseSpan, color: HighlightColor | null): Promise<void> {
      await checkBook(span);
      await annotations.setHighlight(ownerId, span, color, clock.now());
    },

    async bookmark(ownerId: string, span: VerseSpan, on: boolean): Promise<void> {
      await checkBook(span);
      if (on) await annotations.upsert(ownerId, 'bookmark', span, null, clock.now());
      else await annotations.deleteSpan(ownerId, 'bookmark', span);
    },

    /** A span's note, written or replaced; an empty text deletes it. */
    async note(ownerId: string, span: VerseSpan, text: string): Promise<Annotation | null> {
      await checkBook(span);
      if (!text) {
        await annotations.deleteSpan(ownerId, 'note', span);
        return null;
      }
      return toAnnotation(await annotations.upsert(ownerId, 'note', span, text, clock.now()));
    },

    async remove(ownerId: string, id: string): Promise<void> {
      if (!(await annotations.deleteOwned(ownerId, id))) throw new AppError('not_found');
    },

    /** The list page: newest first, highlights of adjacent verses merged, searched by words when `q` is given. */
    async list(
      ownerId: string | undefined,
      reader: ReaderContext,
      query: { kind?: AnnotationKind | undefined; q?: string | undefined; page: number; size: number },
    ): Promise<AnnotationPage> {
      if (!ownerId) return { items: [], total: 0 };
      const rows = await annotations.newest(ownerId, LIST_LIMIT, query.kind);
      const all = [...mergeHighlights(rows), ...rows.filter((r) => r.kind !== 'highlight').map(toAnnotation)].sort(
        (a, b) => b.updatedAt.localeCompare(a.updatedAt) || a.reference.localeCompare(b.reference),
      );
      const words = (query.q ?? '').toLowerCase().split(/\s+/).filter(Boolean);
      const from = (query.page - 1) * query.size;
      if (words.length === 0) {
        const items = await Promise.all(all.slice(from, from + query.size).map((a) => entryOf(a, reader)));
        return { items, total: all.length };
      }
      const found: AnnotationEntry[] = [];
      for (const annotation of all) {
        const entry = await entryOf(annotation, reader);
        if (matches(entry, words)) found.push(entry);
      }
      return { items: found.slice(from, from + query.size), total: found.length };
    },

    /** Everything the reader keeps, for the account's export (plain rows, newest first). */
    async exportAll(ownerId: string): Promise<Annotation[]> {
      return (await annotations.newest(ownerId, 100_000)).map(toAnnotation);
    },
  };
}
export type AnnotationsService = ReturnType<typeof createAnnotationsService>;
