import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { userIdentities } from '../../db/schema.ts';

/** The only SQL over user_identities: (provider, subject) → user, for Google and partner sign-ins. */
export function createIdentityRepository(db: Database) {
  return {
    async findUserId(provider: string, subject: string): Promise<string | undefined> {
      const [row] = await db
        .select({ userId: userIdentities.userId })
        .from(userIdentities)
        .where(and(eq(userIdentities.provider, provider), eq(userIdentities.subject, subject)))
        .limit(1);
      return row?.userId;
    },
    /** Links the identity to the user unless another user already holds it; answers the holder. */
    async link(provider: string, subject: string, userId: string, now: Date): Promise<string> {
      const [row] = await db
        .insert(userIdentities)
        .values({ provider, subject, userId, createdAt: now })
        .onConflictDoNothing({ target: [userIdentities.provider, userIdentities.subject] })
        .returning({ userId: userIdentities.userId });
      if (row) return row.userId;
      const holder = await this.findUserId(provider, subject);
      if (!holder) throw new Error('identity neither linked nor found');
      return holder;
    },
  };
}
export type IdentityRepository = ReturnType<typeof createIdentityRepository>;
