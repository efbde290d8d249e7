import { and, asc, desc, eq, inArray, like, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import {
  books,
  crossReferences,
  devotionals,
  readingPlanDays,
  referenceEntries,
  translations,
  verses,
} from '../db/corpus-schema.ts';
import { createCorpusVersionsRepository, VERSIONED_TABLES } from './corpus-versions.repository.ts';
import { createVerseRangeReader } from './verse-ranges.repository.ts';

export type TranslationRow = typeof translations.$inferSelect;
export type BookRow = typeof books.$inferSelect;
export type VerseRow = typeof verses.$inferSelect;

/** Inserts in chunks that stay under PostgreSQL's 65,535 bind parameters. */
async function insertChunked<T extends Record<string, unknown>>(
  db: Database,
  table: (typeof VERSIONED_TABLES)[number],
  rows: T[],
  chunk: number,
) {
  for (let i = 0; i < rows.length; i += chunk) {
    await db.insert(table).values(rows.slice(i, i + chunk) as never);
  }
}

/** The only SQL over the corpus tables: loading versions, key lookups, and (corpus-versions.repository.ts) their life. */
export function createCorpusRepository(db: Database) {
  const verseRanges = createVerseRangeReader(db);
  return {
    ...createCorpusVersionsRepository(db),
    insertTranslations: (rows: (typeof translations.$inferInsert)[]) => insertChunked(db, translations, rows, 500),
    insertBooks: (rows: (typeof books.$inferInsert)[]) => insertChunked(db, books, rows, 500),
    insertVerses: (rows: (typeof verses.$inferInsert)[]) => insertChunked(db, verses, rows, 2000),
    insertReferenceEntries: (rows: (typeof referenceEntries.$inferInsert)[]) =>
      insertChunked(db, referenceEntries, rows, 500),
    insertCrossReferences: (rows: (typeof crossReferences.$inferInsert)[]) =>
      insertChunked(db, crossReferences, rows, 5000),
    insertDevotionals: (rows: (typeof devotionals.$inferInsert)[]) => insertChunked(db, devotionals, rows, 500),
    insertPlanDays: (rows: (typeof readingPlanDays.$inferInsert)[]) => insertChunked(db, readingPlanDays, rows, 500),

    listTranslations: (versionId: number) =>
      db.select().from(translations).where(eq(translations.versionId, versionId)).orderBy(asc(translations.id)),
    listBooks: (versionId: number) =>
      db.select().from(books).where(eq(books.versionId, versionId)).orderBy(asc(books.order)),
    /**
     * Verses of one chapter between two verse numbers: a primary-key range scan, in one statement with the other
     * ranges asked for in the same turn (verse-ranges.repository.ts).
     */
    versesOfChapter: (
      versionId: number,
      translation: string,
      book: string,
      chapter: number,
      from: number,
      to: number,
    ) => verseRanges.read({ versionId, translation, book, chapter, from, to }),
    /** Verse counts per chapter of one translation, for validating references. */
    async chapterVerseCounts(versionId: number, translation: string) {
      return db
        .select({ book: verses.book, chapter: verses.chapter, count: sql<number>`max(${verses.verse})::int` })
        .from(verses)
        .where(and(eq(verses.versionId, versionId), eq(verses.translation, translation)))
        .groupBy(verses.book, verses.chapter);
    },
    crossReferencesOf: (versionId: number, book: string, chapter: number, verse: number, limit: number) =>
      db
        .select({ toRef: crossReferences.toRef, votes: crossReferences.votes })
        .from(crossReferences)
        .where(
          and(
            eq(crossReferences.versionId, versionId),
            eq(crossReferences.fromBook, book),
            eq(crossReferences.fromChapter, chapter),
            eq(crossReferences.fromVerse, verse),
          ),
        )
        .orderBy(desc(crossReferences.votes))
        .limit(limit),
    /**
     * Reference entries by id, with their stored excerpt (corpus/entry-excerpt.ts); `textChars` reads only the start
     * of their text (commentary entries run to tens of kilobytes), and 0 reads none of it nor of the excerpt.
     */
    referenceEntriesByIds: (versionId: number, ids: string[], textChars?: number) =>
      ids.length === 0
        ? Promise.resolve([])
        : db
            .select({
              versionId: referenceEntries.versionId,
              id: referenceEntries.id,
              collection: referenceEntries.collection,
              title: referenceEntries.title,
              lang: referenceEntries.lang,
              refs: referenceEntries.refs,
              excerpt: textChars === 0 ? sql<string | null>`null` : referenceEntries.excerpt,
              text:
                textChars === undefined
                  ? referenceEntries.text
                  : sql<string>`left(${referenceEntries.text}, ${sql.raw(String(Math.max(0, Math.floor(textChars))))})`,
            })
            .from(referenceEntries)
            .where(and(eq(referenceEntries.versionId, versionId), inArray(referenceEntries.id, ids))),
    /**
     * Matthew Henry's sections on one chapter (ids `mhc:BOOK.C.V-BOOK.C.V`, plus the chapter's introduction), with
     * the start of their text and their stored excerpt.
     */
    commentaryOnChapter: (versionId: number, book: string, chapter: number, textChars: number) =>
      db
        .select({
          id: referenceEntries.id,
          collection: referenceEntries.collection,
          title: referenceEntries.title,
          excerpt: referenceEntries.excerpt,
          text: sql<string>`left(${referenceEntries.text}, ${sql.raw(String(Math.max(0, Math.floor(textChars))))})`,
        })
        .from(referenceEntries)
        .where(
          and(
            eq(referenceEntries.versionId, versionId),
            eq(referenceEntries.collection, 'matthew-henry-complete'),
            like(referenceEntries.id, `mhc:${book}.${chapter}.%`),
          ),
        ),
    /** Every devotional of a version, in calendar order (a few hundred rows; the devotional service keeps them). */
    listDevotionals: (versionId: number) =>
      db
        .select()
        .from(devotionals)
        .where(eq(devotionals.versionId, versionId))
        .orderBy(asc(devotionals.month), asc(devotionals.day), asc(devotionals.period)),
    async devotionalText(versionId: number, id: string): Promise<string | undefined> {
      const [row] = await db
        .select({ text: devotionals.text })
        .from(devotionals)
        .where(and(eq(devotionals.versionId, versionId), eq(devotionals.id, id)))
        .limit(1);
      return row?.text;
    },
    /** The reading plans of a version: each with its number of days. */
    async plans(versionId: number): Promise<{ planId: string; days: number }[]> {
      return db
        .select({ planId: readingPlanDays.planId, days: sql<number>`count(*)::int` })
        .from(readingPlanDays)
        .where(eq(readingPlanDays.versionId, versionId))
        .groupBy(readingPlanDays.planId)
        .orderBy(readingPlanDays.planId);
    },
    /** Every day of one plan, in order. */
    planDays: (versionId: number, planId: string) =>
      db
        .select()
        .from(readingPlanDays)
        .where(and(eq(readingPlanDays.versionId, versionId), eq(readingPlanDays.planId, planId)))
        .orderBy(readingPlanDays.day),
    async planDay(versionId: number, planId: string, month: number, dayOfMonth: number) {
      const [row] = await db
        .select()
        .from(readingPlanDays)
        .where(
          and(
            eq(readingPlanDays.versionId, versionId),
            eq(readingPlanDays.planId, planId),
            eq(readingPlanDays.month, month),
            eq(readingPlanDays.dayOfMonth, dayOfMonth),
          ),
        )
        .limit(1);
      return row;
    },
    async counts(versionId: number) {
      const count = async (table: (typeof VERSIONED_TABLES)[number]) => {
        const [row] = await db
          .select({ n: sql<number>`count(*)::int` })
          .from(table)
          .where(eq(table.versionId, versionId));
        return row?.n ?? 0;
      };
      return {
        translations: await count(translations),
        books: await count(books),
        verses: await count(verses),
        referenceEntries: await count(referenceEntries),
        crossReferences: await count(crossReferences),
        devotionals: await count(devotionals),
        planDays: await count(readingPlanDays),
      };
    },
  };
}
export type CorpusRepository = ReturnType<typeof createCorpusRepository>;
