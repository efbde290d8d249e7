import { and, desc, eq, gte, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AnnotationKind, HighlightColor, VerseSpan } from '@bible-qa/contract';
import type { Database } from '../../db/client.ts';
import { annotations } from '../../db/annotation-schema.ts';

export type AnnotationRow = typeof annotations.$inferSelect;

/** A chapter, or verses of it, to look annotations up in. */
export interface ChapterSpan {
  book: string;
  chapter: number;
  from?: number;
  to?: number;
}

const inChapter = (userId: string, span: Pick<VerseSpan, 'book' | 'chapter'>) =>
  and(eq(annotations.userId, userId), eq(annotations.book, span.book), eq(annotations.chapter, span.chapter));
/** Rows whose span overlaps from..to. */
const overlapping = (from: number, to: number) => and(lte(annotations.verseFrom, to), gte(annotations.verseTo, from));

/** The only SQL over annotations; every read and write takes its owner. */
export function createAnnotationsRepository(db: Database) {
  return {
    /** The owner's annotations touching any of these chapters or verse ranges. */
    async touching(userId: string, spans: ChapterSpan[]): Promise<AnnotationRow[]> {
      if (spans.length === 0) return [];
      const any: SQL[] = spans.map((s) =>
        and(inChapter(userId, s), s.from === undefined ? undefined : overlapping(s.from, s.to ?? s.from))!,
      );
      return db
        .select()
        .from(annotations)
        .where(or(...any))
        .orderBy(annotations.book, annotations.chapter, annotations.verseFrom);
    },

    /** Each verse of the span in this colour (one colour a verse), or none; in one transaction. */
    async setHighlight(userId: string, span: VerseSpan, color: HighlightColor | null, now: Date): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .delete(annotations)
          .where(and(inChapter(userId, span), eq(annotations.kind, 'highlight'), overlapping(span.from, span.to)));
        if (!color) return;
        const rows = [];
        for (let verse = span.from; verse <= span.to; verse += 1) {
          rows.push({
            userId,
            kind: 'highlight' as const,
            book: span.book,
            chapter: span.chapter,
            verseFrom: verse,
            verseTo: verse,
            color,
            createdAt: now,
            updatedAt: now,
          });
        }
        await tx.insert(annotations).values(rows);
      });
    },

    /** The bookmark or note of exactly this span, made or replaced. */
    async upsert(
      userId: string,
      kind: Exclude<AnnotationKind, 'highlight'>,
      span: VerseSpan,
      text: string | null,
      now: Date,
    ): Promise<AnnotationRow> {
      const [row] = await db
        .insert(annotations)
        .values({
          userId,
          kind,
          book: span.book,
          chapter: span.chapter,
          verseFrom: span.from,
          verseTo: span.to,
          text,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoUpdate({
          target: [
            annotations.userId,
            annotations.kind,
            annotations.book,
            annotations.chapter,
            annotations.verseFrom,
            annotations.verseTo,
          ],
          set: { text, updatedAt: now },
        })
        .returning();
      return row!;
    },

    /** Deletes the bookmark or note of exactly this span; false when there was none. */
    async deleteSpan(userId: string, kind: AnnotationKind, span: VerseSpan): Promise<boolean> {
      const rows = await db
        .delete(annotations)
        .where(
          and(
            inChapter(userId, span),
            eq(annotations.kind, kind),
            eq(annotations.verseFrom, span.from),
            eq(annotations.verseTo, span.to),
          ),
        )
        .returning({ id: annotations.id });
      return rows.length > 0;
    },

    async deleteOwned(userId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(annotations)
        .where(and(eq(annotations.id, id), eq(annotations.userId, userId)))
        .returning({ id: annotations.id });
      return rows.length > 0;
    },

    /** The owner's newest annotations (of one kind, when given), newest first. */
    newest: (userId: string, limit: number, kind?: AnnotationKind) =>
      db
        .select()
        .from(annotations)
        .where(and(eq(annotations.userId, userId), kind ? eq(annotations.kind, kind) : undefined))
        .orderBy(desc(annotations.updatedAt), annotations.book, annotations.chapter, annotations.verseFrom)
        .limit(limit),

    /**
     * A guest's annotations become the account's at login; where the account already has one of the same kind on the
     * same span (or a highlight on the same verse), the account's stays and the guest's goes with the guest.
     */
    async moveOwner(from: string, to: string): Promise<void> {
      await db.execute(sql`
        update ${annotations} as g set user_id = ${to}
        where g.user_id = ${from} and not exists (
          select 1 from ${annotations} a
          where a.user_id = ${to} and a.kind = g.kind and a.book = g.book and a.chapter = g.chapter
            and a.verse_from = g.verse_from and a.verse_to = g.verse_to
        )`);
    },
  };
}
export type AnnotationsRepository = ReturnType<typeof createAnnotationsRepository>;
