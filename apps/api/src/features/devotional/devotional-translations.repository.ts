import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { devotionalTranslations } from '../../db/devotional-schema.ts';

export type DevotionalTranslationRow = typeof devotionalTranslations.$inferSelect;

/** The only SQL over the stored machine translations of devotional readings. */
export function createDevotionalTranslationsRepository(db: Database) {
  return {
    async find(devotionalId: string, language: string): Promise<DevotionalTranslationRow | undefined> {
      const [row] = await db
        .select()
        .from(devotionalTranslations)
        .where(
          and(eq(devotionalTranslations.devotionalId, devotionalId), eq(devotionalTranslations.language, language)),
        )
        .limit(1);
      return row;
    },
    /** Which of these readings have a translation into `language`, with the source it was made from. */
    async sourcesOf(devotionalIds: string[], language: string): Promise<Map<string, string>> {
      if (devotionalIds.length === 0) return new Map();
      const rows = await db
        .select({ id: devotionalTranslations.devotionalId, hash: devotionalTranslations.sourceHash })
        .from(devotionalTranslations)
        .where(
          and(
            inArray(devotionalTranslations.devotionalId, devotionalIds),
            eq(devotionalTranslations.language, language),
          ),
        );
      return new Map(rows.map((r) => [r.id, r.hash]));
    },
    /** Every translation into `language`: reading id → the source it was made from (the job skips those up to date). */
    async allSources(language: string): Promise<Map<string, string>> {
      const rows = await db
        .select({ id: devotionalTranslations.devotionalId, hash: devotionalTranslations.sourceHash })
        .from(devotionalTranslations)
        .where(eq(devotionalTranslations.language, language));
      return new Map(rows.map((r) => [r.id, r.hash]));
    },
    /** Stores a translation, replacing one made from an older source. */
    async save(row: Omit<DevotionalTranslationRow, 'createdAt'>, now: Date): Promise<void> {
      await db
        .insert(devotionalTranslations)
        .values({ ...row, createdAt: now })
        .onConflictDoUpdate({
          target: [devotionalTranslations.devotionalId, devotionalTranslations.language],
          set: { title: row.title, text: row.text, sourceHash: row.sourceHash, model: row.model, createdAt: now },
        });
    },
  };
}
export type DevotionalTranslationsRepository = ReturnType<typeof createDevotionalTranslationsRepository>;
