import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { authSessions, users } from '../../db/schema.ts';

export type NewAuthSession = typeof authSessions.$inferInsert;

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;
/** A measure of these kinds in force ends every session (they are also revoked when it is applied). */
const measureInForce = (kinds: string, now: Date) => sql`exists (
  select 1 from account_measures m
  where m.user_id = ${authSessions.userId} and m.kind in (${sql.raw(kinds)}) and m.lifted_at is null
    and m.starts_at <= ${ts(now)} and (m.expires_at is null or m.expires_at > ${ts(now)}))`;

/** The only SQL over auth_sessions. Tokens arrive here already hashed. */
export function createAuthSessionRepository(db: Database) {
  return {
    async insert(session: NewAuthSession): Promise<string> {
      const [row] = await db.insert(authSessions).values(session).returning({ id: authSessions.id });
      if (!row) throw new Error('auth session insert returned no row');
      return row.id;
    },
    /** A live session with its user's role and whether a limitation is in force. */
    async findLiveByAccessHash(accessTokenHash: string, now: Date) {
      const [row] = await db
        .select({
          id: authSessions.id,
          userId: authSessions.userId,
          role: users.role,
          createdAt: authSessions.createdAt,
          limited: sql<boolean>`${measureInForce(`'limitation'`, now)}`,
          blocked: sql<boolean>`${measureInForce(`'suspension','lock','deletion'`, now)}`,
        })
        .from(authSessions)
        .innerJoin(users, eq(users.id, authSessions.userId))
        .where(
          and(
            eq(authSessions.accessTokenHash, accessTokenHash),
            isNull(authSessions.revokedAt),
            gt(authSessions.accessExpiresAt, now),
          ),
        )
        .limit(1);
      return row && !row.blocked ? row : undefined;
    },
    async findLiveByUserTokenHash(userTokenHash: string, now: Date) {
      const [row] = await db
        .select({
          id: authSessions.id,
          userId: authSessions.userId,
          userTokenExpiresAt: authSessions.userTokenExpiresAt,
        })
        .from(authSessions)
        .where(
          and(
            eq(authSessions.userTokenHash, userTokenHash),
            isNull(authSessions.revokedAt),
            gt(authSessions.userTokenExpiresAt, now),
          ),
        )
        .limit(1);
      return row;
    },
    /** Swaps both tokens of a live session, once: of two refreshes with the same user token, one wins. */
    async rotate(
      id: string,
      oldUserTokenHash: string,
      next: { accessTokenHash: string; userTokenHash: string; accessExpiresAt: Date },
    ): Promise<boolean> {
      const rows = await db
        .update(authSessions)
        .set(next)
        .where(
          and(
            eq(authSessions.id, id),
            eq(authSessions.userTokenHash, oldUserTokenHash),
            isNull(authSessions.revokedAt),
          ),
        )
        .returning({ id: authSessions.id });
      return rows.length === 1;
    },
    /**
     * Ends the session holding either token: both of its tokens die together. Answers the sessions ended (none when
     * the token was unknown or already revoked).
     */
    async revokeByTokenHash(hash: string, now: Date): Promise<{ id: string; userId: string }[]> {
      return db
        .update(authSessions)
        .set({ revokedAt: now })
        .where(
          and(
            or(eq(authSessions.accessTokenHash, hash), eq(authSessions.userTokenHash, hash)),
            isNull(authSessions.revokedAt),
          ),
        )
        .returning({ id: authSessions.id, userId: authSessions.userId });
    },
    async revokeAllForUser(userId: string, now: Date): Promise<number> {
      const rows = await db
        .update(authSessions)
        .set({ revokedAt: now })
        .where(and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt)))
        .returning({ id: authSessions.id });
      return rows.length;
    },
  };
}
export type AuthSessionRepository = ReturnType<typeof createAuthSessionRepository>;
