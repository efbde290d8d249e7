import { and, count, desc, eq, gt, isNull, lt, max, ne, or, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { auditEvents } from '../../db/schema.ts';

export type AuditRow = typeof auditEvents.$inferSelect;
export type NewAuditRow = typeof auditEvents.$inferInsert;

export interface AuditFilter {
  /** Rows about this account: its id as the target, or the digest of its phone or address. */
  targetUserId?: string;
  accountHash?: string;
  kind?: string;
}

/** The only SQL over audit_events. */
export function createAuditRepository(db: Database) {
  const where = (filter: AuditFilter): SQL | undefined => {
    const about = [
      filter.targetUserId ? eq(auditEvents.targetUserId, filter.targetUserId) : undefined,
      filter.accountHash ? eq(auditEvents.accountHash, filter.accountHash) : undefined,
    ].filter((c): c is SQL => c !== undefined);
    return and(about.length ? or(...about) : undefined, filter.kind ? eq(auditEvents.kind, filter.kind) : undefined);
  };
  return {
    async insert(row: NewAuditRow): Promise<void> {
      await db.insert(auditEvents).values(row);
    },
    /** Newest first. */
    async page(filter: AuditFilter, page: number, size: number): Promise<{ rows: AuditRow[]; total: number }> {
      const condition = where(filter);
      const rows = await db
        .select()
        .from(auditEvents)
        .where(condition)
        .orderBy(desc(auditEvents.at), desc(auditEvents.seq))
        .limit(size)
        .offset((page - 1) * size);
      const [total] = await db.select({ n: count() }).from(auditEvents).where(condition);
      return { rows, total: Number(total?.n ?? 0) };
    },
    /** How many events of a kind an account had since a time from addresses other than one, and the last one's time. */
    async countFromElsewhere(
      targetUserId: string,
      kind: string,
      since: Date,
      exceptIp: string,
    ): Promise<{ count: number; lastAt: Date | null }> {
      const [row] = await db
        .select({ n: count(), last: max(auditEvents.at) })
        .from(auditEvents)
        .where(
          and(
            eq(auditEvents.targetUserId, targetUserId),
            eq(auditEvents.kind, kind),
            gt(auditEvents.at, since),
            or(isNull(auditEvents.ip), ne(auditEvents.ip, exceptIp)),
          ),
        );
      return { count: Number(row?.n ?? 0), lastAt: row?.last ? new Date(row.last) : null };
    },
    /** Forgets rows older than the retention period (they hold addresses). */
    async deleteBefore(edge: Date): Promise<void> {
      await db.delete(auditEvents).where(lt(auditEvents.at, edge));
    },
  };
}
export type AuditRepository = ReturnType<typeof createAuditRepository>;
