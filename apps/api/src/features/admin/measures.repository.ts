import { and, desc, eq, gt, inArray, isNull, lte, or } from 'drizzle-orm';
import type { MeasureKind } from '@bible-qa/contract';
import type { Database } from '../../db/client.ts';
import { accountMeasures } from '../../db/schema.ts';

export type MeasureRow = typeof accountMeasures.$inferSelect;
export type NewMeasure = typeof accountMeasures.$inferInsert;

/** The only SQL over account_measures. */
export function createMeasuresRepository(db: Database) {
  const inForce = (now: Date) =>
    and(
      isNull(accountMeasures.liftedAt),
      lte(accountMeasures.startsAt, now),
      or(isNull(accountMeasures.expiresAt), gt(accountMeasures.expiresAt, now)),
    );
  return {
    async insert(measure: NewMeasure): Promise<MeasureRow> {
      const [row] = await db.insert(accountMeasures).values(measure).returning();
      if (!row) throw new Error('measure insert returned no row');
      return row;
    },
    async findById(id: string): Promise<MeasureRow | undefined> {
      const [row] = await db.select().from(accountMeasures).where(eq(accountMeasures.id, id)).limit(1);
      return row;
    },
    listByUser(userId: string): Promise<MeasureRow[]> {
      return db
        .select()
        .from(accountMeasures)
        .where(eq(accountMeasures.userId, userId))
        .orderBy(desc(accountMeasures.createdAt));
    },
    /** The measures of these kinds in force for the account, the most recent first. */
    inForce(userId: string, kinds: readonly MeasureKind[], now: Date): Promise<MeasureRow[]> {
      return db
        .select()
        .from(accountMeasures)
        .where(and(eq(accountMeasures.userId, userId), inArray(accountMeasures.kind, [...kinds]), inForce(now)))
        .orderBy(desc(accountMeasures.createdAt));
    },
    async lift(id: string, now: Date, why: { reason: string; by: string | null }): Promise<MeasureRow | undefined> {
      const [row] = await db
        .update(accountMeasures)
        .set({ liftedAt: now, liftReason: why.reason, liftedBy: why.by })
        .where(and(eq(accountMeasures.id, id), isNull(accountMeasures.liftedAt)))
        .returning();
      return row;
    },
  };
}
export type MeasuresRepository = ReturnType<typeof createMeasuresRepository>;
