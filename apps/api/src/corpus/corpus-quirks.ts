import path from 'node:path';
import { verseRecord } from './corpus-records.ts';
import { readJsonl, type BadLine, type CorpusFile } from './corpus-reader.ts';

/**
 * The CPDV file puts each next book's introduction in the last verse slot of a book ("The Second Book of Moses is
 * called EXODUS…" as Genesis 50:26). Those slots lie past the chapter's end in the Douay-Rheims, the same Vulgate
 * numbering, so they are found by comparing the two files rather than by guessing from the wording.
 */
const TRAILING_INTRODUCTIONS = [{ translation: 'cpdv', sameNumbering: 'drc' }] as const;

/** Verse keys ("cpdv:GEN.50.26") that are not scripture and must not load. */
export async function findTrailingIntroductions(files: CorpusFile[]): Promise<Set<string>> {
  const skip = new Set<string>();
  const byId = new Map(files.map((f) => [path.basename(f.relPath, '.jsonl'), f]));
  const ignored: BadLine[] = [];
  for (const quirk of TRAILING_INTRODUCTIONS) {
    const file = byId.get(quirk.translation);
    const reference = byId.get(quirk.sameNumbering);
    if (!file || !reference) continue;
    const chapterEnd = new Map<string, number>();
    for await (const v of readJsonl(reference, verseRecord, ignored, () => undefined)) {
      const key = `${v.book}.${v.chapter}`;
      chapterEnd.set(key, Math.max(chapterEnd.get(key) ?? 0, v.verse));
    }
    const lastOfBook = new Map<string, { chapter: number; verse: number }>();
    for await (const v of readJsonl(file, verseRecord, ignored, () => undefined)) {
      lastOfBook.set(v.book, { chapter: v.chapter, verse: v.verse });
    }
    for (const [book, last] of lastOfBook) {
      const end = chapterEnd.get(`${book}.${last.chapter}`);
      if (end !== undefined && last.verse > end) skip.add(`${quirk.translation}:${book}.${last.chapter}.${last.verse}`);
    }
  }
  return skip;
}
