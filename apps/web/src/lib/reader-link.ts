/**
 * Addresses of the chapter reader, /read/:book/:chapter: `v` the verses to highlight ("16", "16-18", or "36-" to the
 * chapter's end), `t` the translation, `p` the translation read beside it. Citations, the passage sheet, the
 * devotionals and search link here from the USFM references the API gives them (JHN.3.16, JHN.3.16-JHN.3.18, PSA.23).
 */
export const READER_PARAMS = { verses: 'v', translation: 't', parallel: 'p' } as const;

const BOOK = '[1-4A-Z][A-Z0-9]{2}';
const USFM = new RegExp(`^(${BOOK})\\.(\\d+)(?:\\.(\\d+))?(?:-(${BOOK})\\.(\\d+)(?:\\.(\\d+))?)?$`);
const VERSES = /^(\d{1,3})(?:-(\d{1,3})?)?$/;

export interface ChapterAddress {
  book: string;
  chapter: number;
  /** The verses to highlight, as written in `v`. */
  verses?: string | undefined;
  translation?: string | null | undefined;
  parallel?: string | null | undefined;
}

export function chapterPath({ book, chapter, verses, translation, parallel }: ChapterAddress): string {
  const query = new URLSearchParams();
  if (verses) query.set(READER_PARAMS.verses, verses);
  if (translation) query.set(READER_PARAMS.translation, translation);
  if (parallel) query.set(READER_PARAMS.parallel, parallel);
  const search = query.toString();
  return `/read/${book}/${chapter}${search ? `?${search}` : ''}`;
}

/** The reader's address of a reference's first chapter, its verses highlighted; undefined for anything else. */
export function readerPath(reference: string, translation?: string | null): string | undefined {
  const match = USFM.exec(reference);
  if (!match) return undefined;
  const [, book = '', chapter = '', verse, endBook, endChapter, endVerse] = match;
  let verses: string | undefined;
  if (verse !== undefined) {
    const sameChapter = endBook === book && Number(endChapter) === Number(chapter);
    if (endBook === undefined || endBook !== book) verses = verse;
    else if (sameChapter && endVerse !== undefined) verses = endVerse === verse ? verse : `${verse}-${endVerse}`;
    else verses = `${verse}-`;
  }
  return chapterPath({ book, chapter: Number(chapter), verses, translation });
}

/** The verses `v` names, inclusive; null when it names none. */
export function verseRange(value: string | null | undefined): { from: number; to: number } | null {
  const match = VERSES.exec(value ?? '');
  if (!match) return null;
  const from = Number(match[1]);
  const to = match[2] !== undefined ? Number(match[2]) : value!.endsWith('-') ? Infinity : from;
  return to >= from ? { from, to } : null;
}
