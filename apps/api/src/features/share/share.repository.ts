import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { shares } from '../../db/share-schema.ts';

export type ShareRow = typeof shares.$inferSelect;

/** The only SQL over shares. Owner verbs take the owner; the public read takes only the token. */
export function createShareRepository(db: Database) {
  return {
    async insert(share: { token: string; userId: string; messageIds: string[]; title: string }): Promise<ShareRow> {
      const [row] = await db.insert(shares).values(share).returning();
      return row!;
    },
    /** A live (not revoked) share by its token. */
    async findActive(token: string) {
      const [row] = await db
        .select()
        .from(shares)
        .where(and(eq(shares.token, token), isNull(shares.revokedAt)))
        .limit(1);
      return row;
    },
    listActiveByUser: (userId: string, limit: number) =>
      db
        .select()
        .from(shares)
        .where(and(eq(shares.userId, userId), isNull(shares.revokedAt)))
        .orderBy(desc(shares.createdAt))
        .limit(limit),
    async revoke(token: string, userId: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(shares)
        .set({ revokedAt: at })
        .where(and(eq(shares.token, token), eq(shares.userId, userId), isNull(shares.revokedAt)))
        .returning({ id: shares.id });
      return rows.length > 0;
    },
  };
}
export type ShareRepository = ReturnType<typeof createShareRepository>;
