import { eq, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { guests } from '../../db/guest-schema.ts';

export type GuestRow = typeof guests.$inferSelect;

/** The only SQL over guests: which users row a guest key's digest names, and when that guest was last seen. */
export function createGuestsRepository(db: Database) {
  return {
    async findByKey(keyHash: string): Promise<GuestRow | undefined> {
      const [row] = await db.select().from(guests).where(eq(guests.keyHash, keyHash)).limit(1);
      return row;
    },
    /** Names a users row as this key's guest; false when the key already names one (a simultaneous first write). */
    async insert(userId: string, keyHash: string, now: Date): Promise<boolean> {
      const rows = await db
        .insert(guests)
        .values({ userId, keyHash, createdAt: now, seenAt: now })
        .onConflictDoNothing({ target: guests.keyHash })
        .returning({ userId: guests.userId });
      return rows.length === 1;
    },
    touch: (userId: string, now: Date) => db.update(guests).set({ seenAt: now }).where(eq(guests.userId, userId)),
    /** The users rows of guests not seen since `before` (the caller deletes them, and all they kept with them). */
    async idleSince(before: Date, limit: number): Promise<string[]> {
      const rows = await db
        .select({ userId: guests.userId })
        .from(guests)
        .where(lt(guests.seenAt, before))
        .limit(limit);
      return rows.map((row) => row.userId);
    },
  };
}
export type GuestsRepository = ReturnType<typeof createGuestsRepository>;
