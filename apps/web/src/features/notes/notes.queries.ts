import type { AnnotationKind, Expression, Locale } from '@bible-qa/contract';
import { infiniteQueryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../lib/api-client.ts';
import { nextPageUntilTotal } from '../../lib/paging.ts';
import { ANNOTATION_PATHS, annotationKeys } from '../../lib/verse-marks.ts';

export const NOTES_PAGE_SIZE = 20;

/** The notes page's list: under the marks' key, so a change anywhere (the reader, here) marks it stale. */
export function notesListQuery(
  api: ApiClient,
  filter: { kind: AnnotationKind | null; q: string },
  locale: Locale,
  reader: { expression?: Expression },
) {
  return infiniteQueryOptions({
    queryKey: [...annotationKeys.all, 'list', filter.kind ?? '', filter.q, locale, reader.expression ?? ''] as const,
    queryFn: ({ pageParam, signal }) =>
      api.get(ANNOTATION_PATHS.list, {
        params: {
          page: pageParam,
          size: NOTES_PAGE_SIZE,
          ...(filter.kind ? { kind: filter.kind } : {}),
          ...(filter.q ? { q: filter.q } : {}),
          ...reader,
        },
        schema: () => import('../../lib/verse-marks-schemas.ts').then((m) => m.annotationPageSchema),
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => nextPageUntilTotal(last, pages),
  });
}
