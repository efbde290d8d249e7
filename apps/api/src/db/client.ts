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
  /** Applies the pending migrations; on PostgreSQL under an advisory lock (migratePostgres). */
  migrate(): Promise<void>;
  ping(): Promise<boolean>;
  /** The PostgreSQL pool's connections now (metrics); undefined on PGlite. */
  pool?: () => { total: number; idle: number; waiting: number };
  /**
   * Runs `fn` holding a lock every process on this database agrees on: on PostgreSQL a session advisory lock on a
   * connection of its own (released if the process dies); on PGlite, which one process owns, a lock in this process.
   * With `wait: false` it gives up at once when the lock is held: `{ acquired: false }`.
   */
  withLock<T>(key: number, fn: () => Promise<T>, options?: { wait?: boolean }): Promise<Locked<T>>;
  close(): Promise<void>;
}

export type Locked<T> = { acquired: true; value: T } | { acquired: false };

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export type DatabaseTarget =
  { kind: 'postgres'; url: string; poolSize?: number } | { kind: 'pglite'; dataDir?: string; from?: Blob };

/**
 * Opens the database and, unless told not to (a fleet migrates once, as a release step), applies the migrations
 * (the same SQL files on both engines). PGlite keeps its files in dataDir; without one it runs in memory (tests).
 * `from` starts it from a dump of another PGlite database (`dumpDataDir`), e.g. one already migrated, so only newer
 * migrations run.
 */
export async function openDatabase(
  target: DatabaseTarget,
  options: { migrate?: boolean } = {},
): Promise<DatabaseHandle> {
  const handle =
    target.kind === 'postgres'
      ? await openPostgres(target.url, target.poolSize ?? 10)
      : await openPglite(target.dataDir, target.from);
  if (options.migrate ?? true) {
    try {
      await handle.migrate();
    } catch (error) {
      await handle.close();
      throw error;
    }
  }
  return handle;
}

/**
 * PGlite's buffer cache. Its default, PostgreSQL's 128 MB, lives in the WebAssembly memory and is resident from the
 * start: 123 MB of every server's memory, and of every test database's. The embedded database's hot rows (accounts,
 * conversations, the verses an answer cites) fit in far less, and what it reads beyond them comes from the operating
 * system's file cache: on the real corpus the gather over 200 gold questions took p95 66 ms at 16 MB against 74 ms at
 * 128 MB; the API suite on PGlite used 24 % less CPU.
 */
const PGLITE_SHARED_BUFFERS = '16MB';

async function openPglite(dataDir: string | undefined, from: Blob | undefined): Promise<DatabaseHandle> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  if (dataDir) await fs.mkdir(dataDir, { recursive: true });
  const startParams = [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`];
  const client = new PGlite({ dataDir, loadDataDir: from, startParams });
  await client.waitReady;
  yieldBetweenStatements(client);
  const db = drizzle({ client, schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    migrate: async () => {
      const { migrate } = await import('drizzle-orm/pglite/migrator');
      await migrate(db as never, { migrationsFolder: MIGRATIONS_DIR });
    },
    ping: () => ping(db),
    withLock: inProcessLocks(),
    // Twice is once (a test closes what the container it built has closed).
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

/** The longest PGlite may keep the event loop: statements run back to back for this long, then it gets a turn. */
const PGLITE_SLICE_MS = 10;

/**
 * PGlite runs each statement synchronously in this thread, and its promise resolves at once: under a burst (a
 * thousand requests, each with a few statements) the statements chain in microtasks and the event loop does not
 * turn for seconds, so no socket is read or written meanwhile. Here every statement (a query, an exec, a whole
 * transaction, whose own statements go through its `tx`) waits its turn, and once statements have run for
 * PGLITE_SLICE_MS without a break the event loop gets one turn before the next.
 */
function yieldBetweenStatements(client: { query: unknown; exec: unknown; transaction: unknown }): void {
  let tail: Promise<unknown> = Promise.resolve();
  let sliceStart = 0;
  // Whether the event loop has turned since a statement last ran: a statement after a turn (one client's next
  // statement, after its network round trip) starts a new slice at once, so nothing waits outside a burst.
  let turned = true;
  let watching = false;
  const watchForTurn = () => {
    if (watching) return;
    watching = true;
    setImmediate(() => {
      turned = true;
      watching = false;
    });
  };
  const turn = async () => {
    if (turned) sliceStart = performance.now();
    else if (performance.now() - sliceStart >= PGLITE_SLICE_MS) {
      await new Promise((resolve) => setImmediate(resolve));
      sliceStart = performance.now();
    }
    turned = false;
  };
  const target = client as Record<'query' | 'exec' | 'transaction', (...args: unknown[]) => Promise<unknown>>;
  for (const method of ['query', 'exec', 'transaction'] as const) {
    const original = target[method].bind(client);
    target[method] = (...args: unknown[]) => {
      const run = tail.then(turn).then(() => original(...args));
      tail = run.catch(() => undefined).finally(watchForTurn);
      return run;
    };
  }
}

/** One process's locks by key: callers of a held key queue behind it (or give up, without `wait`). */
function inProcessLocks() {
  const tails = new Map<number, Promise<void>>();
  return async <T>(key: number, fn: () => Promise<T>, options: { wait?: boolean } = {}): Promise<Locked<T>> => {
    const before = tails.get(key);
    if (before && options.wait === false) return { acquired: false };
    let release!: () => void;
    const mine = new Promise<void>((resolve) => (release = resolve));
    const tail = (before ?? Promise.resolve()).then(() => mine);
    tails.set(key, tail);
    await before;
    try {
      return { acquired: true, value: await fn() };
    } finally {
      release();
      if (tails.get(key) === tail) tails.delete(key);
    }
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
    migrate: () => migratePostgres(url),
    ping: () => ping(db),
    pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    withLock: (key, fn, options) => withAdvisoryLock(url, key, fn, options),
    close: () => pool.end(),
  };
}

/**
 * How many of this build's migrations the database lacks (all of them when it was never migrated): a server that
 * does not migrate at its start checks this first, so an unmigrated database is named as such, with the fix, rather
 * than failing later on a missing table.
 */
export async function pendingMigrations(db: Database): Promise<number> {
  const journal = JSON.parse(await fs.readFile(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  let last = 0;
  try {
    const result = (await db.execute(
      sql`select max(created_at) as last from drizzle.__drizzle_migrations`,
    )) as unknown as {
      rows: { last: string | number | null }[];
    };
    last = Number(result.rows[0]?.last ?? 0);
  } catch {
    // No migrations table: never migrated.
  }
  return journal.entries.filter((entry) => entry.when > last).length;
}

async function ping(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

/** Any constant every instance agrees on: the key of the session-level advisory lock migrations run under. */
export const MIGRATION_LOCK_KEY = 7_204_141_001;
/** The lock a corpus ingest (and the removal of retired corpus versions) runs under. */
export const CORPUS_LOCK_KEY = 7_204_141_002;

async function withAdvisoryLock<T>(
  url: string,
  key: number,
  fn: () => Promise<T>,
  options: { wait?: boolean } = {},
): Promise<Locked<T>> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  // A connection lost while holding the lock releases it; the error must not crash the process.
  client.on('error', () => undefined);
  await client.connect();
  try {
    if (options.wait === false) {
      const { rows } = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [key]);
      if (!rows[0]?.ok) return { acquired: false };
    } else {
      await client.query('select pg_advisory_lock($1)', [key]);
    }
    return { acquired: true, value: await fn() };
  } finally {
    // Ending the session releases its advisory locks.
    await client.end().catch(() => undefined);
  }
}

/**
 * One session takes an advisory lock and applies the migrations, so instances (or a release job) starting together
 * take turns: the first applies them, the others then find nothing to do. The lock belongs to the session, so a
 * process that dies mid-way releases it with its connection.
 */
async function migratePostgres(url: string): Promise<void> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migrate(drizzle({ client, schema }), { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await client.end();
  }
}
