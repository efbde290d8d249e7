import { and, eq, gt, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { qrTickets } from '../../db/schema.ts';

export type QrTicketRow = typeof qrTickets.$inferSelect;

/** The only SQL over qr_tickets. Every state change is one conditional UPDATE, so a ticket moves on once. */
export function createQrTicketRepository(db: Database) {
  return {
    async insert(ticket: typeof qrTickets.$inferInsert): Promise<void> {
      await db.insert(qrTickets).values(ticket);
    },
    async find(ticketHash: string): Promise<QrTicketRow | undefined> {
      const [row] = await db.select().from(qrTickets).where(eq(qrTickets.ticketHash, ticketHash)).limit(1);
      return row;
    },
    async markScanned(ticketHash: string, now: Date): Promise<QrTicketRow | undefined> {
      const [row] = await db
        .update(qrTickets)
        .set({ status: 'scanned' })
        .where(
          and(
            eq(qrTickets.ticketHash, ticketHash),
            inArray(qrTickets.status, ['waiting', 'scanned']),
            gt(qrTickets.expiresAt, now),
          ),
        )
        .returning();
      return row;
    },
    async confirm(ticketHash: string, userId: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(qrTickets)
        .set({ status: 'confirmed', userId })
        .where(
          and(
            eq(qrTickets.ticketHash, ticketHash),
            inArray(qrTickets.status, ['waiting', 'scanned']),
            gt(qrTickets.expiresAt, now),
          ),
        )
        .returning({ ticketHash: qrTickets.ticketHash });
      return rows.length === 1;
    },
    /** Hands a confirmed ticket's user to its own poller, once. */
    async consume(ticketHash: string, pollSecretHash: string, notAfter: Date) {
      const [row] = await db
        .update(qrTickets)
        .set({ status: 'consumed' })
        .where(
          and(
            eq(qrTickets.ticketHash, ticketHash),
            eq(qrTickets.pollSecretHash, pollSecretHash),
            eq(qrTickets.status, 'confirmed'),
            gt(qrTickets.expiresAt, notAfter),
          ),
        )
        .returning({ userId: qrTickets.userId, rememberMe: qrTickets.rememberMe });
      return row;
    },
  };
}
export type QrTicketRepository = ReturnType<typeof createQrTicketRepository>;
