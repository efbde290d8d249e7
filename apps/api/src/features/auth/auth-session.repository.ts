import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { authSessions } from '../../db/schema.ts';

export type NewAuthSession = typeof authSessions.$inferInsert;

/** The only SQL over auth_sessions. Tokens arrive here already hashed. */
export function createAuthSessionRepository(db: Database) {
  return {
    async insert(session: NewAuthSession): Promise<string> {
      const [row] = await db.insert(authSessions).values(session).returning({ id: authSessions.id });
      if (!row) throw new Error('auth session insert returned no row');
      return row.id;
    },
    async findLiveByAccessHash(accessTokenHash: string, now: Date) {
      const [row] = await db
        .select({ id: authSessions.id, userId: authSessions.userId })
        .from(authSessions)
        .where(
          and(
            eq(authSessions.accessTokenHash, accessTokenHash),
            isNull(authSessions.revokedAt),
            gt(authSessions.accessExpiresAt, now),
          ),
        )
        .limit(1);
      return row;
    },
  };
}
export type AuthSessionRepository = ReturnType<typeof createAuthSessionRepository>;
