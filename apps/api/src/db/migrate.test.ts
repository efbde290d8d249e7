import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createContainer } from '../container.ts';
import { buildCompiledApi, startCompiledServer } from '../test/compiled-server.ts';
import { freshPostgresUrl, postgresInRun } from '../test/databases.ts';
import { MIGRATION_LOCK_KEY, MIGRATIONS_DIR, openDatabase } from './client.ts';

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

describe.skipIf(!postgresInRun)('migrations on PostgreSQL', () => {
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

  it('holds two compiled server processes at the lock while a release migrates, then brings both up, ingesting once', async () => {
    const build = await buildCompiledApi();
    const url = await freshPostgresUrl();
    // A release job holds the migration lock: the instances must wait for it rather than migrate alongside it.
    const release = new pg.Client({ connectionString: url });
    await release.connect();
    await release.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    let released: Promise<void> | undefined;
    const releaseLock = () => (released ??= release.end());
    // The single-machine default (each ingests at start), with the index directory they share.
    const env = (name: string) => ({
      DATABASE_URL: url,
      DATA_DIR: path.join(dataDir, name),
      CORPUS_INDEX_DIR: path.join(dataDir, 'shared-index'),
      LOG_LEVEL: 'warn',
    });
    let live = 0;
    const starting = ['a', 'b'].map((name) =>
      startCompiledServer(build.dir, env(name), { until: 'live' }).then((server) => {
        live += 1;
        return server;
      }),
    );
    try {
      // Both processes reach the lock and wait there, and neither serves meanwhile.
      const waiting = async () =>
        Number(
          (
            await release.query<{ n: string }>(
              `select count(*) as n from pg_locks where locktype = 'advisory' and not granted`,
            )
          ).rows[0]?.n,
        );
      await expect.poll(waiting, { timeout: 60_000, interval: 200 }).toBe(2);
      expect(live).toBe(0);
      // Released together, both go for the lock at once: one migrates, the other then finds nothing to do.
      await releaseLock();
      const servers = await Promise.all(starting);
      for (const server of servers) {
        const health = (await fetch(`${server.origin}/webapi/health`).then((r) => r.json())) as {
          data: { database: string };
        };
        expect(health.data.database).toBe('ok');
      }
      expect(await appliedMigrations(url)).toBe(journal.entries.length);
      // Both ingest at start: one builds under the corpus lock, the other waits and finds it built; both are ready.
      const versionOf = async (origin: string) => {
        const res = await fetch(`${origin}/webapi/ready`);
        return res.ok ? ((await res.json()) as { data: { corpus: { versionId: number } } }).data.corpus.versionId : 0;
      };
      for (const server of servers) await expect.poll(() => versionOf(server.origin), { timeout: 60_000 }).toBe(1);
      const check = new pg.Client({ connectionString: url });
      await check.connect();
      const versions = await check.query<{ id: number }>('select id from corpus_versions');
      await check.end();
      expect(versions.rows).toEqual([{ id: 1 }]);
      for (const server of servers) server.child.kill('SIGTERM');
      expect(await Promise.all(servers.map((s) => s.exited))).toEqual([0, 0]);
    } finally {
      await releaseLock();
      for (const started of await Promise.allSettled(starting)) {
        if (started.status === 'fulfilled' && started.value.child.exitCode === null)
          started.value.child.kill('SIGKILL');
      }
      build.remove();
    }
  }, 120_000);

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
