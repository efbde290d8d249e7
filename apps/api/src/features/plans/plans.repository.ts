import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { planEnrollments, planProgress } from '../../db/plan-schema.ts';

export type EnrollmentRow = typeof planEnrollments.$inferSelect;
export type ProgressRow = typeof planProgress.$inferSelect;

/** The only SQL over a reader's plan runs and their progress; every read and write takes its owner. */
export function createPlansRepository(db: Database) {
  return {
    enrollments: (userId: string) =>
      db.select().from(planEnrollments).where(eq(planEnrollments.userId, userId)).orderBy(asc(planEnrollments.planId)),

    async enrollment(userId: string, planId: string): Promise<EnrollmentRow | undefined> {
      const [row] = await db
        .select()
        .from(planEnrollments)
        .where(and(eq(planEnrollments.userId, userId), eq(planEnrollments.planId, planId)))
        .limit(1);
      return row;
    },

    /** Starts the plan on this date, or moves the start of the run already there (its progress stays). */
    async start(userId: string, planId: string, startDate: string, now: Date): Promise<EnrollmentRow> {
      const [row] = await db
        .insert(planEnrollments)
        .values({ userId, planId, startDate, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({
          target: [planEnrollments.userId, planEnrollments.planId],
          set: { startDate, updatedAt: now },
        })
        .returning();
      return row!;
    },

    /** Leaves the plan: the run and everything marked in it go. */
    async stop(userId: string, planId: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(planProgress).where(and(eq(planProgress.userId, userId), eq(planProgress.planId, planId)));
        await tx
          .delete(planEnrollments)
          .where(and(eq(planEnrollments.userId, userId), eq(planEnrollments.planId, planId)));
      });
    },

    progress: (userId: string, planId: string) =>
      db
        .select()
        .from(planProgress)
        .where(and(eq(planProgress.userId, userId), eq(planProgress.planId, planId)))
        .orderBy(asc(planProgress.day), asc(planProgress.reading)),

    /** Marks these readings of a day read on `readOn` (a reading already read keeps its first date). */
    async markRead(userId: string, planId: string, day: number, readings: number[], readOn: string, now: Date) {
      if (readings.length === 0) return;
      await db
        .insert(planProgress)
        .values(readings.map((reading) => ({ userId, planId, day, reading, readOn, createdAt: now })))
        .onConflictDoNothing();
    },

    async markUnread(userId: string, planId: string, day: number, readings: number[]) {
      for (const reading of readings) {
        await db
          .delete(planProgress)
          .where(
            and(
              eq(planProgress.userId, userId),
              eq(planProgress.planId, planId),
              eq(planProgress.day, day),
              eq(planProgress.reading, reading),
            ),
          );
      }
    },

    /**
     * A guest's runs become the account's at login (the account's own run of a plan wins); what the guest marked read
     * joins the account's progress, day by day.
     */
    async moveOwner(from: string, to: string): Promise<void> {
      await db.execute(sql`
        update ${planEnrollments} as g set user_id = ${to}
        where g.user_id = ${from} and not exists (
          select 1 from ${planEnrollments} a where a.user_id = ${to} and a.plan_id = g.plan_id
        )`);
      await db.execute(sql`
        insert into ${planProgress} (user_id, plan_id, day, reading, read_on, created_at)
        select ${to}, plan_id, day, reading, read_on, created_at from ${planProgress} where user_id = ${from}
        on conflict do nothing`);
    },
  };
}
export type PlansRepository = ReturnType<typeof createPlansRepository>;
