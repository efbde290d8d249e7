import { bookSchema, chapterSchema, type Expression, type Locale } from '@bible-qa/contract';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import type { ApiClient } from '../../lib/api-client.ts';

/** The Bible engine calls the chapter reader makes (under /webapi). */
export const READER_PATHS = { chapter: '/bible/chapter', books: '/bible/books' } as const;

/** The reader's tradition: their canon, numbering, book names and translation (`expressionParams` in lib/preferences). */
export type ReaderParams = { expression?: Expression };

export const readerKeys = {
  chapter: (book: string, chapter: number, translation: string | null, locale: Locale, reader: ReaderParams) =>
    ['bible', 'chapter', book, chapter, translation ?? '', locale, reader.expression ?? ''] as const,
  books: (locale: Locale, reader: ReaderParams) => ['bible', 'books', locale, reader.expression ?? ''] as const,
};

/** A chapter in a translation (the reader's own when null). A corpus version never changes: fetched once a visit. */
export function chapterQuery(
  api: ApiClient,
  ask: { book: string; chapter: number; translation: string | null },
  locale: Locale,
  reader: ReaderParams,
) {
  return queryOptions({
    queryKey: readerKeys.chapter(ask.book, ask.chapter, ask.translation, locale, reader),
    queryFn: ({ signal }) =>
      api.get(READER_PATHS.chapter, {
        params: { book: ask.book, chapter: ask.chapter, translation: ask.translation, ...reader },
        schema: chapterSchema,
        signal,
      }),
    staleTime: Infinity,
    retry: false,
  });
}

const booksSchema = z.array(bookSchema);

/** The books of the reader's canon in its printed order, for the book and chapter picker. */
export function booksQuery(api: ApiClient, locale: Locale, reader: ReaderParams) {
  return queryOptions({
    queryKey: readerKeys.books(locale, reader),
    queryFn: ({ signal }) => api.get(READER_PATHS.books, { params: { ...reader }, schema: booksSchema, signal }),
    staleTime: Infinity,
  });
}
