import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { schema, type Schema } from './schema.ts';

/** The one Drizzle type every repository takes: the same for PGlite and node-postgres. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export type DatabaseTarget =
  { kind: 'postgres'; url: string; poolSize?: number } | { kind: 'pglite'; dataDir?: string; from?: Blob };

/**
 * Opens the database and applies the migrations (the same SQL files on both engines).
 * PGlite keeps its files in dataDir; without one it runs in memory (tests). `from` starts it from a dump of another
 * PGlite database (`dumpDataDir`), e.g. one already migrated, so only newer migrations run.
 */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  const handle =
    target.kind === 'postgres'
      ? await openPostgres(target.url, target.poolSize ?? 10)
      : await openPglite(target.dataDir, target.from);
  await migrateDatabase(handle);
  return handle;
}

async function openPglite(dataDir: string | undefined, from: Blob | undefined): Promise<DatabaseHandle> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  if (dataDir) await fs.mkdir(dataDir, { recursive: true });
  const client = new PGlite({ dataDir, loadDataDir: from });
  await client.waitReady;
  const db = drizzle({ client, schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    ping: () => ping(db),
    close: () => client.close(),
  };
}

async function openPostgres(url: string, poolSize: number): Promise<DatabaseHandle> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client that loses its connection must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  const db = drizzle({ client: pool, schema }) as unknown as Database;
  return {
    db,
    kind: 'postgres',
    ping: () => ping(db),
    close: () => pool.end(),
  };
}

async function ping(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  const migrationsFolder = MIGRATIONS_DIR;
  if (handle.kind === 'pglite') {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(handle.db as never, { migrationsFolder });
  } else {
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    await migrate(handle.db as never, { migrationsFolder });
  }
}
