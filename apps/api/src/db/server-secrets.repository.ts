import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from './client.ts';
import { serverSecrets } from './schema.ts';

/** The only SQL over server_secrets: a named secret, made at random by the first server that asks for it. */
export function createServerSecrets(db: Database) {
  return {
    async get(name: string): Promise<string> {
      // Two servers starting together both insert; the first wins and both read its value.
      await db
        .insert(serverSecrets)
        .values({ name, value: randomBytes(32).toString('base64url') })
        .onConflictDoNothing();
      const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, name));
      return row!.value;
    },
  };
}
