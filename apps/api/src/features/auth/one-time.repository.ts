import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { captchas, usedNonces } from '../../db/schema.ts';

/** The only SQL over captchas and used_nonces: things that work once. */
export function createOneTimeRepository(db: Database) {
  return {
    async insertCaptcha(key: string, answerHash: string, expiresAt: Date, now: Date): Promise<void> {
      await db.delete(captchas).where(lt(captchas.expiresAt, now));
      await db.insert(captchas).values({ key, answerHash, expiresAt });
    },
    /** Uses the captcha up, right answer or not, and answers its hash while it was live. */
    async consumeCaptcha(key: string, now: Date): Promise<string | undefined> {
      const [row] = await db
        .update(captchas)
        .set({ usedAt: now })
        .where(and(eq(captchas.key, key), isNull(captchas.usedAt), gt(captchas.expiresAt, now)))
        .returning({ answerHash: captchas.answerHash });
      return row?.answerHash;
    },
    /** Records a one-time value; false when it was already used (a replay). Atomic across servers. */
    async claimNonce(namespace: string, nonceHash: string, expiresAt: Date, now: Date): Promise<boolean> {
      await db.delete(usedNonces).where(and(eq(usedNonces.namespace, namespace), lt(usedNonces.expiresAt, now)));
      const rows = await db
        .insert(usedNonces)
        .values({ namespace, nonceHash, expiresAt })
        .onConflictDoNothing()
        .returning({ nonceHash: usedNonces.nonceHash });
      return rows.length === 1;
    },
  };
}
export type OneTimeRepository = ReturnType<typeof createOneTimeRepository>;
