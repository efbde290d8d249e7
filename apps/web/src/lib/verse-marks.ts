import { ANNOTATION_LOOKUP_MAX, type Annotation, type HighlightColor, type VerseSpan } from '@bible-qa/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { createContext } from 'react';
import type { ApiClient } from './api-client.ts';
import { useServices } from './services.tsx';

/**
 * The reader's highlights, bookmarks and notes on verses, shared by every screen that shows a verse: the chapter
 * reader marks and edits them, an answer's citations show the highlight and note of the verses they cite, the notes
 * page lists them. Verses are keyed in the KJV numbering (the reader's `refVerse`, a citation's reference).
 */
export const ANNOTATION_PATHS = {
  lookup: '/portal/annotations/lookup',
  list: '/portal/annotations/list',
  highlight: '/portal/annotations/highlight',
  bookmark: '/portal/annotations/bookmark',
  note: '/portal/annotations/note',
  remove: '/portal/annotations/delete',
} as const;

export const annotationKeys = {
  all: ['annotations'] as const,
  lookup: (refs: readonly string[]) => ['annotations', 'lookup', refs.join(',')] as const,
};

/** The validators load with the first marks asked for, keeping zod out of the first page load. */
const schemas = () => import('./verse-marks-schemas.ts');

/** The reader's annotations touching these chapters ("JHN.3") or verse ranges ("ROM.8.28-ROM.8.30"). */
export function verseMarksQuery(api: ApiClient, refs: readonly string[]) {
  return queryOptions({
    queryKey: annotationKeys.lookup(refs),
    queryFn: ({ signal }) =>
      api.get(ANNOTATION_PATHS.lookup, {
        params: { refs: refs.join(',') },
        schema: () => schemas().then((m) => m.annotationListSchema),
        signal,
      }),
    enabled: refs.length > 0,
    staleTime: 60_000,
  });
}

/** The reader's marks of the verses on screen, for the pieces that show a verse (an answer's citations). */
export const VerseMarksContext = createContext<Map<string, VerseMark>>(new Map());

/** The distinct references of these citations worth a lookup (linked ones), as many as one lookup takes. */
export function citedReferences(citations: readonly { status: string; reference: string | null }[]): string[] {
  const refs = new Set<string>();
  for (const c of citations) if (c.status === 'linked' && c.reference) refs.add(c.reference);
  return [...refs].sort().slice(0, ANNOTATION_LOOKUP_MAX);
}

/** What one verse carries: its highlight's colour, and the notes and bookmarks that cover it. */
export interface VerseMark {
  color: HighlightColor | null;
  notes: Annotation[];
  bookmarks: Annotation[];
}

const verseKey = (book: string, chapter: number, verse: number) => `${book}.${chapter}.${verse}`;

/** Each marked verse of these annotations, by `BOOK.C.V`. */
export function marksByVerse(annotations: readonly Annotation[]): Map<string, VerseMark> {
  const out = new Map<string, VerseMark>();
  const at = (key: string) => {
    let mark = out.get(key);
    if (!mark) out.set(key, (mark = { color: null, notes: [], bookmarks: [] }));
    return mark;
  };
  for (const a of annotations) {
    for (let verse = a.from; verse <= a.to; verse += 1) {
      const mark = at(verseKey(a.book, a.chapter, verse));
      if (a.kind === 'highlight') mark.color = a.color;
      else if (a.kind === 'note') mark.notes.push(a);
      else mark.bookmarks.push(a);
    }
  }
  return out;
}

export function markOf(marks: Map<string, VerseMark>, book: string, chapter: number, verse: number) {
  return marks.get(verseKey(book, chapter, verse));
}

const USFM_RANGE = /^([1-4A-Z][A-Z0-9]{2})\.(\d+)(?:\.(\d+))?(?:-[1-4A-Z][A-Z0-9]{2}\.(\d+)(?:\.(\d+))?)?$/;

/**
 * What a cited reference carries: the colour of the first highlighted verse it cites and the notes on its verses
 * (a reference over chapters is read in its first chapter). Null when nothing of it is marked.
 */
export function markOfReference(marks: Map<string, VerseMark>, reference: string): VerseMark | null {
  const m = USFM_RANGE.exec(reference);
  if (!m?.[3]) return null;
  const [, book = '', chapter = '', from = ''] = m;
  const sameChapter = m[4] === undefined || m[4] === chapter;
  const to = sameChapter && m[5] !== undefined ? Number(m[5]) : Number(from);
  let color: HighlightColor | null = null;
  const notes = new Map<string, Annotation>();
  const bookmarks = new Map<string, Annotation>();
  for (let verse = Number(from); verse <= to; verse += 1) {
    const mark = markOf(marks, book, Number(chapter), verse);
    if (!mark) continue;
    color ??= mark.color;
    for (const note of mark.notes) notes.set(note.id, note);
    for (const bookmark of mark.bookmarks) bookmarks.set(bookmark.id, bookmark);
  }
  if (!color && notes.size === 0 && bookmarks.size === 0) return null;
  return { color, notes: [...notes.values()], bookmarks: [...bookmarks.values()] };
}

/** A change to the reader's marks: every screen's marks (and the notes page) are asked again. */
function useMarkMutation<T>(send: (api: ApiClient, input: T) => Promise<unknown>) {
  const { api } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    // A guest's marks are kept under the key the server issued it (decision 0022), asked for before its first.
    mutationFn: async (input: T) => {
      await api.ensureGuestKey();
      return send(api, input);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: annotationKeys.all }),
  });
}

export const useHighlight = () =>
  useMarkMutation((api, input: { span: VerseSpan; color: HighlightColor | null }) =>
    api.post(ANNOTATION_PATHS.highlight, input),
  );
export const useBookmark = () =>
  useMarkMutation((api, input: { span: VerseSpan; on: boolean }) => api.post(ANNOTATION_PATHS.bookmark, input));
export const useNote = () =>
  useMarkMutation((api, input: { span: VerseSpan; text: string }) => api.post(ANNOTATION_PATHS.note, input));
export const useDeleteAnnotation = () =>
  useMarkMutation((api, id: string) => api.post(ANNOTATION_PATHS.remove, { id }));
