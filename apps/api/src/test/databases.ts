import { randomBytes } from 'node:crypto';
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

/** The integration suites run once per target: the embedded default and the production engine. */
export const databaseTargets: DatabaseTargetForTests[] = [
  { name: 'pglite', open: () => openDatabase({ kind: 'pglite' }) },
  {
    name: 'postgres',
    open: async () => openDatabase({ kind: 'postgres', url: await freshPostgresUrl(), poolSize: 4 }),
  },
];
