import { and, desc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { AccountMode, CodePurpose } from '@bible-qa/contract';
import type { Database } from '../../db/client.ts';
import { verificationCodes } from '../../db/schema.ts';

export interface CodeKey {
  channel: AccountMode;
  identifier: string;
  purpose: CodePurpose;
}

const KEEP_MS = 24 * 3_600_000;

/** The only SQL over verification_codes. */
export function createVerificationCodeRepository(db: Database) {
  const forKey = (k: CodeKey) =>
    and(
      eq(verificationCodes.channel, k.channel),
      eq(verificationCodes.identifier, k.identifier),
      eq(verificationCodes.purpose, k.purpose),
    );
  return {
    /**
     * Stores a new code and ends every earlier one of the same account and purpose requested from the same address (a
     * resend); a code another address asked for stays live.
     */
    async replace(
      key: CodeKey,
      code: { id: string; codeHash: string; expiresAt: Date; requestedFrom: string },
      now: Date,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .update(verificationCodes)
          .set({ consumedAt: now })
          .where(
            and(
              forKey(key),
              isNull(verificationCodes.consumedAt),
              or(eq(verificationCodes.requestedFrom, code.requestedFrom), isNull(verificationCodes.requestedFrom)),
            ),
          );
        await tx.insert(verificationCodes).values({ ...key, ...code, createdAt: now });
        // Codes are personal data (the phone or address): nothing older than a day is kept.
        await tx.delete(verificationCodes).where(lt(verificationCodes.createdAt, new Date(now.getTime() - KEEP_MS)));
      });
    },
    /**
     * Counts one guess against the account's live code and answers it for comparison, or undefined when there is
     * none left to guess: expired, used, superseded, or out of tries. The code guessed is the live one requested
     * from the guessing address when there is one, else the latest: one code per guess, however many addresses
     * asked. One statement: N parallel guesses take tries 1…N, and the guard `attempts < max` lets no more than max
     * of them be evaluated.
     */
    async takeAttempt(key: CodeKey, maxAttempts: number, now: Date, from: string) {
      const live = and(
        isNull(verificationCodes.consumedAt),
        gt(verificationCodes.expiresAt, now),
        lt(verificationCodes.attempts, maxAttempts),
      );
      // Each by the lookup index, newest first: this address's live code, else the latest.
      const own = db
        .select({ id: verificationCodes.id })
        .from(verificationCodes)
        .where(and(forKey(key), eq(verificationCodes.requestedFrom, from), live))
        .orderBy(desc(verificationCodes.createdAt))
        .limit(1);
      const newest = db
        .select({ id: verificationCodes.id })
        .from(verificationCodes)
        .where(forKey(key))
        .orderBy(desc(verificationCodes.createdAt))
        .limit(1);
      const latest = sql`coalesce((${own}), (${newest}))`;
      const [row] = await db
        .update(verificationCodes)
        .set({ attempts: sql`${verificationCodes.attempts} + 1` })
        .where(
          and(
            eq(verificationCodes.id, latest),
            isNull(verificationCodes.consumedAt),
            gt(verificationCodes.expiresAt, now),
            lt(verificationCodes.attempts, maxAttempts),
          ),
        )
        .returning({ id: verificationCodes.id, codeHash: verificationCodes.codeHash });
      return row;
    },
    /** Marks the code used; only the first of several simultaneous right guesses gets true. */
    async consume(id: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(verificationCodes)
        .set({ consumedAt: now })
        .where(and(eq(verificationCodes.id, id), isNull(verificationCodes.consumedAt)))
        .returning({ id: verificationCodes.id });
      return rows.length === 1;
    },
    /** Guesses evaluated against an account's codes (for tests and audits). */
    async attemptsFor(key: CodeKey): Promise<number> {
      const [row] = await db
        .select({ total: sql<number>`coalesce(sum(${verificationCodes.attempts}), 0)::int` })
        .from(verificationCodes)
        .where(forKey(key));
      return Number(row?.total ?? 0);
    },
    async deleteForIdentifiers(identifiers: string[]): Promise<void> {
      if (identifiers.length)
        await db.delete(verificationCodes).where(inArray(verificationCodes.identifier, identifiers));
    },
  };
}
export type VerificationCodeRepository = ReturnType<typeof createVerificationCodeRepository>;
