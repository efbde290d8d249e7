import { createReferenceParser } from '../scripture/references.parser.ts';
import type { BookRecord } from '../scripture/references.types.ts';
import { createVerseCountTable } from '../scripture/verse-counts.ts';
import { schemeOf } from '../scripture/versification.ts';
import type { CorpusRepository } from './corpus.repository.ts';

/**
 * A corpus version's books, translations, a reference parser that knows every chapter's verse count, and each
 * translation's chapters (`BOOK.C` → its last verse, in the translation's own numbering).
 */
export async function loadReferenceParser(corpusData: CorpusRepository, versionId: number) {
  const [bookRows, translations] = await Promise.all([
    corpusData.listBooks(versionId),
    corpusData.listTranslations(versionId),
  ]);
  const countRows = [];
  const chaptersOf = new Map<string, Map<string, number>>();
  for (const t of translations) {
    const scheme = schemeOf(t.id);
    const own = new Map<string, number>();
    for (const row of await corpusData.chapterVerseCounts(versionId, t.id)) {
      countRows.push({ scheme, book: row.book, chapter: row.chapter, verses: row.count });
      own.set(`${row.book}.${row.chapter}`, row.count);
    }
    chaptersOf.set(t.id, own);
  }
  const books = bookRows.map(
    (b) =>
      ({
        code: b.code,
        order: b.order,
        testament: b.testament,
        chapters: b.chapters,
        names: b.names,
        ...(b.zhCatholic ? { zhCatholic: b.zhCatholic } : {}),
        ...(b.abbr ? { abbr: b.abbr } : {}),
      }) as BookRecord,
  );
  return {
    parser: createReferenceParser(books, { verseCounts: createVerseCountTable(countRows) }),
    books,
    translations,
    chaptersOf,
  };
}
