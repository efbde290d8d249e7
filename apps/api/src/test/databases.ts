import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { inject } from 'vitest';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';

export interface DatabaseTargetForTests {
  name: 'pglite' | 'postgres';
  /** A fresh, migrated, empty database of this kind. */
  open(): Promise<DatabaseHandle>;
}

/** Creates a new, empty database in the test cluster, so test files running in parallel never share rows. */
export async function freshPostgresUrl(): Promise<string> {
  const base = inject('postgresUrl');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A fresh, migrated, empty in-memory PGlite database, started from the run's migrated copy (global setup). */
export async function openTestPglite(): Promise<DatabaseHandle> {
  const template = inject('pgliteTemplate');
  return openDatabase({ kind: 'pglite', from: template ? new Blob([fs.readFileSync(template)]) : undefined });
}

/** A fresh in-memory PGlite database with no migration applied (the run's copy taken before them; no initdb). */
export async function openUnmigratedPglite(): Promise<DatabaseHandle> {
  const template = inject('pgliteUnmigrated');
  return openDatabase(
    { kind: 'pglite', from: template ? new Blob([fs.readFileSync(template)]) : undefined },
    { migrate: false },
  );
}

const allTargets: DatabaseTargetForTests[] = [
  { name: 'pglite', open: openTestPglite },
  {
    name: 'postgres',
    open: async () => openDatabase({ kind: 'postgres', url: await freshPostgresUrl(), poolSize: 4 }),
  },
];

/**
 * The integration suites run once per target: the embedded default and the production engine (PGlite first; the
 * fast loop, TEST_DATABASES=pglite, keeps only it).
 */
export const databaseTargets: DatabaseTargetForTests[] = allTargets.filter((target) =>
  inject('databaseKinds').includes(target.name),
);

/** Whether this run has the PostgreSQL cluster: suites that need PostgreSQL itself skip in the fast loop. */
export const postgresInRun: boolean = inject('databaseKinds').includes('postgres');
