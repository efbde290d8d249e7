import { randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import {
  books,
  corpusReaders,
  corpusState,
  corpusVersions,
  crossReferences,
  devotionals,
  readingPlanDays,
  referenceEntries,
  translations,
  verses,
} from '../db/corpus-schema.ts';

export const VERSIONED_TABLES = [
  translations,
  books,
  verses,
  referenceEntries,
  crossReferences,
  devotionals,
  readingPlanDays,
];

/** Who holds a version open: one running instance. */
export interface Reader {
  instanceId: string;
  host: string;
  pid: number;
}

const ago = (ms: number) => sql`now() - ${Math.round(ms)}::integer * interval '1 millisecond'`;

/**
 * The SQL of the corpus versions' life: built under the corpus lock, made current in one transaction, held open by
 * instances (a row per instance and version, with a heartbeat) and removed once retired and held by no live instance.
 * Times are the database's (`now()`), so instances on machines with different clocks agree.
 */
export function createCorpusVersionsRepository(db: Database) {
  const currentVersion = async () => {
    const [row] = await db
      .select({ id: corpusVersions.id, contentHash: corpusVersions.contentHash, indexDir: corpusVersions.indexDir })
      .from(corpusState)
      .innerJoin(corpusVersions, eq(corpusVersions.id, corpusState.currentVersionId))
      .where(eq(corpusState.id, 1))
      .limit(1);
    return row;
  };
  return {
    /** The version every reader should use, with its index's name (relative to the index directory). */
    currentVersion,
    /** A new version being built, with the name of its index directory chosen now (`v<id>-<8 hex>`). */
    async createVersion(contentHash: string): Promise<{ id: number; indexName: string }> {
      const [row] = await db
        .insert(corpusVersions)
        .values({ contentHash, status: 'building' })
        .returning({ id: corpusVersions.id });
      if (!row) throw new Error('corpus version insert returned no row');
      const indexName = `v${row.id}-${randomBytes(4).toString('hex')}`;
      await db.update(corpusVersions).set({ indexDir: indexName }).where(eq(corpusVersions.id, row.id));
      return { id: row.id, indexName };
    },
    /** Makes a built version the current one in one transaction; the previous one is retired. */
    async activate(versionId: number, stats: Record<string, unknown>): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .update(corpusVersions)
          .set({ status: 'retired' })
          .where(and(eq(corpusVersions.status, 'ready'), ne(corpusVersions.id, versionId)));
        await tx
          .update(corpusVersions)
          .set({ status: 'ready', stats, finishedAt: new Date() })
          .where(eq(corpusVersions.id, versionId));
        await tx
          .insert(corpusState)
          .values({ id: 1, currentVersionId: versionId })
          .onConflictDoUpdate({ target: corpusState.id, set: { currentVersionId: versionId, updatedAt: new Date() } });
      });
    },
    /** Builds that never finished. Only called under the corpus lock, when no build can be running. */
    abandonedBuilds(): Promise<{ id: number; indexDir: string | null }[]> {
      return db
        .select({ id: corpusVersions.id, indexDir: corpusVersions.indexDir })
        .from(corpusVersions)
        .where(eq(corpusVersions.status, 'building'));
    },
    /** Replaced versions (and ones whose removal was interrupted), oldest first. */
    retiredVersions(): Promise<{ id: number; indexDir: string | null; status: string }[]> {
      return db
        .select({ id: corpusVersions.id, indexDir: corpusVersions.indexDir, status: corpusVersions.status })
        .from(corpusVersions)
        .where(inArray(corpusVersions.status, ['retired', 'removing']))
        .orderBy(corpusVersions.id);
    },
    /** Every version but the current one: what a finished ingest and sweep leave is nothing here. */
    async staleVersions(): Promise<{ id: number; indexDir: string | null }[]> {
      const current = await currentVersion();
      return db
        .select({ id: corpusVersions.id, indexDir: corpusVersions.indexDir })
        .from(corpusVersions)
        .where(current ? ne(corpusVersions.id, current.id) : sql`true`);
    },

    /**
     * Records that `reader` holds `versionId` open, if the version still exists and is not being removed. The
     * version's row is locked for share while the hold is written, so a removal (which locks it for update, then
     * counts live holds) either sees this hold or has already taken the version away, and this answers false.
     */
    async hold(reader: Reader, versionId: number): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [version] = await tx
          .select({ id: corpusVersions.id })
          .from(corpusVersions)
          .where(and(eq(corpusVersions.id, versionId), inArray(corpusVersions.status, ['ready', 'retired'])))
          .for('share');
        if (!version) return false;
        await tx
          .insert(corpusReaders)
          .values({ ...reader, versionId, heartbeatAt: sql`now()` })
          .onConflictDoUpdate({
            target: [corpusReaders.instanceId, corpusReaders.versionId],
            set: { heartbeatAt: sql`now()` },
          });
        return true;
      });
    },
    /** Refreshes every hold of one instance; answers the versions it still holds in the database. */
    async heartbeat(instanceId: string): Promise<number[]> {
      const rows = await db
        .update(corpusReaders)
        .set({ heartbeatAt: sql`now()` })
        .where(eq(corpusReaders.instanceId, instanceId))
        .returning({ versionId: corpusReaders.versionId });
      return rows.map((r) => r.versionId);
    },
    async release(instanceId: string, versionId?: number): Promise<void> {
      await db
        .delete(corpusReaders)
        .where(
          versionId === undefined
            ? eq(corpusReaders.instanceId, instanceId)
            : and(eq(corpusReaders.instanceId, instanceId), eq(corpusReaders.versionId, versionId)),
        );
    },
    /** Live holds (a heartbeat within `ttlMs`) per version. */
    async liveHolds(ttlMs: number): Promise<(Reader & { versionId: number })[]> {
      return db
        .select({
          instanceId: corpusReaders.instanceId,
          versionId: corpusReaders.versionId,
          host: corpusReaders.host,
          pid: corpusReaders.pid,
        })
        .from(corpusReaders)
        .where(gt(corpusReaders.heartbeatAt, ago(ttlMs)));
    },
    /** Forgets holds whose instance has been silent for `ms` (a process that died without releasing them). */
    async forgetSilentReaders(ms: number): Promise<void> {
      await db.delete(corpusReaders).where(lt(corpusReaders.heartbeatAt, ago(ms)));
    },
    /**
     * Marks a retired version for removal if no instance has held it within `ttlMs`; false when one does (or the
     * version is the current one or gone). Once marked, no instance can take a new hold on it.
     */
    async claimForRemoval(versionId: number, ttlMs: number): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [version] = await tx
          .select({ id: corpusVersions.id })
          .from(corpusVersions)
          .where(and(eq(corpusVersions.id, versionId), inArray(corpusVersions.status, ['retired', 'removing'])))
          .for('update');
        if (!version) return false;
        const [live] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(corpusReaders)
          .where(and(eq(corpusReaders.versionId, versionId), gt(corpusReaders.heartbeatAt, ago(ttlMs))));
        if ((live?.n ?? 0) > 0) return false;
        await tx.update(corpusVersions).set({ status: 'removing' }).where(eq(corpusVersions.id, versionId));
        return true;
      });
    },
    /** Deletes a version's rows, then the version itself (a removal cut short is finished by the next sweep). */
    async deleteVersion(versionId: number): Promise<void> {
      for (const table of VERSIONED_TABLES) await db.delete(table).where(eq(table.versionId, versionId));
      await db.delete(corpusReaders).where(eq(corpusReaders.versionId, versionId));
      await db.delete(corpusVersions).where(eq(corpusVersions.id, versionId));
    },
  };
}
