import { asc, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { verses } from '../db/corpus-schema.ts';

export interface VerseRange {
  versionId: number;
  translation: string;
  book: string;
  chapter: number;
  from: number;
  to: number;
}
export interface VerseRow {
  chapter: number;
  verse: number;
  text: string;
}

/** Ranges read by one statement at most: a burst of answers is read in several, so none holds the database long. */
const MAX_RANGES = 64;

/**
 * Verse ranges of one chapter each, read in batches: the ranges asked for in one turn of the event loop (an answer
 * looks up a dozen passages at once) go to the database as one statement, a primary-key range scan per range. Each
 * statement costs a round trip, and on PGlite about as much again as the scans, so one statement for twelve ranges
 * takes a fifth of the time of twelve. Each caller gets its range's verses in verse order.
 */
export function createVerseRangeReader(db: Database) {
  let pending: { range: VerseRange; resolve: (rows: VerseRow[]) => void; reject: (error: unknown) => void }[] = [];

  async function readBatch(batch: typeof pending) {
    const column = <T>(pick: (r: VerseRange) => T) => sql.param(batch.map((p) => pick(p.range)));
    const ranges = sql`unnest(${column((r) => r.versionId)}::int[], ${column((r) => r.translation)}::text[], ${column((r) => r.book)}::text[], ${column((r) => r.chapter)}::int[], ${column((r) => r.from)}::int[], ${column((r) => r.to)}::int[]) with ordinality as r(version_id, translation, book, chapter, lo, hi, n)`;
    try {
      const rows = await db
        .select({ n: sql<number>`r.n::int`, chapter: verses.chapter, verse: verses.verse, text: verses.text })
        .from(verses)
        .innerJoin(
          ranges,
          sql`${verses.versionId} = r.version_id and ${verses.translation} = r.translation and ${verses.book} = r.book and ${verses.chapter} = r.chapter and ${verses.verse} between r.lo and r.hi`,
        )
        .orderBy(sql`r.n`, asc(verses.verse));
      const byRange = batch.map((): VerseRow[] => []);
      for (const { n, ...row } of rows) byRange[n - 1]!.push(row);
      batch.forEach((p, i) => p.resolve(byRange[i]!));
    } catch (error) {
      for (const p of batch) p.reject(error);
    }
  }

  function flush() {
    const all = pending;
    pending = [];
    for (let i = 0; i < all.length; i += MAX_RANGES) void readBatch(all.slice(i, i + MAX_RANGES));
  }

  return {
    /** The verses of one chapter between two verse numbers, read with the other ranges asked for in this turn. */
    read(range: VerseRange): Promise<VerseRow[]> {
      return new Promise((resolve, reject) => {
        // Promise continuations run before the next tick: every range asked for by this turn's code is in the batch.
        if (pending.length === 0) process.nextTick(flush);
        pending.push({ range, resolve, reject });
      });
    },
  };
}
