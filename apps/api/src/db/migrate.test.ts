import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createContainer } from '../container.ts';
import { freshPostgresUrl } from '../test/databases.ts';
import { MIGRATIONS_DIR, openDatabase } from './client.ts';

const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as {
  entries: unknown[];
};
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bibleqa-migrate-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

async function appliedMigrations(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>('select count(*) as n from drizzle.__drizzle_migrations');
    return Number(rows[0]?.n);
  } finally {
    await client.end();
  }
}

describe('migrations on PostgreSQL', () => {
  it('lets two instances starting together on an empty database both come up, migrating once', async () => {
    const url = await freshPostgresUrl();
    const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: url, DATABASE_POOL_SIZE: '2', DATA_DIR: dataDir });
    const log = pino({ level: 'silent' });
    const instances = await Promise.all([createContainer(config, log), createContainer(config, log)]);
    try {
      for (const instance of instances) expect(await instance.database.ping()).toBe(true);
      expect(await appliedMigrations(url)).toBe(journal.entries.length);
    } finally {
      await Promise.all(instances.map((i) => i.close()));
    }
  });

  it('takes turns under the lock when many open the same empty database at once', async () => {
    const url = await freshPostgresUrl();
    const handles = await Promise.all(
      Array.from({ length: 5 }, () => openDatabase({ kind: 'postgres', url, poolSize: 1 })),
    );
    expect(await appliedMigrations(url)).toBe(journal.entries.length);
    await Promise.all(handles.map((h) => h.close()));
  });

  it('leaves the schema to the release step when the start is told not to migrate', async () => {
    const url = await freshPostgresUrl();
    const handle = await openDatabase({ kind: 'postgres', url, poolSize: 1 }, { migrate: false });
    await expect(appliedMigrations(url)).rejects.toThrow(/does not exist/);
    await handle.migrate();
    expect(await appliedMigrations(url)).toBe(journal.entries.length);
    await handle.close();
  });
});
