import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.ts';
import { freePort } from './free-port.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
    /** The engines the integration suites run on (TEST_DATABASES, both unless it narrows them). */
    databaseKinds: DatabaseKind[];
    /** A migrated PGlite database's files, which every test database on PGlite starts from. */
    pgliteTemplate: string;
    /** The same database before its first migration (initdb only), for the tests of the migrations themselves. */
    pgliteUnmigrated: string;
  }
}

type DatabaseKind = 'pglite' | 'postgres';
const KINDS: DatabaseKind[] = ['pglite', 'postgres'];

/**
 * Integration tests run on PGlite and on a real PostgreSQL. Unless TEST_DATABASE_URL names one, this starts a
 * throw-away cluster from Debian's postgresql package on loopback for the run and removes it afterwards.
 * TEST_DATABASES=pglite (the fast loop, `npm run test:unit`) runs them on PGlite only and starts no cluster.
 * Meanwhile it migrates one PGlite database for the others to start from.
 */
export default async function setup(project: TestProject) {
  const kinds = databaseKinds(process.env.TEST_DATABASES);
  project.provide('databaseKinds', kinds);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bibleqa-db-'));
  const given = process.env.TEST_DATABASE_URL;
  const [templates, postgres] = await Promise.all([
    writePgliteTemplates(dir),
    kinds.includes('postgres') && !given ? startCluster(dir) : null,
  ]);
  project.provide('pgliteTemplate', templates.migrated);
  project.provide('pgliteUnmigrated', templates.unmigrated);
  project.provide('postgresUrl', kinds.includes('postgres') ? (given ?? postgres!.url) : '');

  return async () => {
    try {
      await postgres?.stop();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  };
}

/**
 * Test databases on PGlite start from this migrated copy instead of running every migration again: about 1.8 s of
 * CPU saved per database, and the suites open some forty of them. The copy taken before the migrations spares a
 * migration test PGlite's initdb (about 5 s of CPU; over 30 s of wall time at load 20).
 */
async function writePgliteTemplates(dir: string): Promise<{ migrated: string; unmigrated: string }> {
  const handle = await openDatabase({ kind: 'pglite' }, { migrate: false });
  try {
    const client = (handle.db as unknown as { $client: PGlite }).$client;
    const write = async (name: string) => {
      const dump = await client.dumpDataDir('none');
      const file = path.join(dir, name);
      fs.writeFileSync(file, new Uint8Array(await dump.arrayBuffer()));
      return file;
    };
    const unmigrated = await write('pglite-unmigrated.tar');
    await handle.migrate();
    return { unmigrated, migrated: await write('pglite-migrated.tar') };
  } finally {
    await handle.close();
  }
}

/** A throw-away PostgreSQL cluster on loopback in `dir` (the fleet suite and `npm run bench:chat -- --postgres` start one too). */
export async function startCluster(dir: string): Promise<{ url: string; stop: () => Promise<unknown> }> {
  const bin = findPostgresBin();
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  const asPostgres = process.getuid?.() === 0;
  if (asPostgres) await promisify(execFile)('chown', ['-R', 'postgres:postgres', dir]);
  const run = (cmd: string, args: string[]) =>
    asPostgres
      ? promisify(execFile)('runuser', ['-u', 'postgres', '--', path.join(bin, cmd), ...args])
      : promisify(execFile)(path.join(bin, cmd), args);

  await run('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300`;
  await run('pg_ctl', ['-D', dataDir, '-o', options, '-l', path.join(dir, 'log'), '-w', '-t', '60', 'start']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']),
  };
}

function databaseKinds(list: string | undefined): DatabaseKind[] {
  if (!list?.trim()) return KINDS;
  const named = list.split(',').map((kind) => kind.trim());
  const unknown = named.filter((kind) => !KINDS.includes(kind as DatabaseKind));
  if (unknown.length > 0) throw new Error(`TEST_DATABASES: unknown ${unknown.join(', ')} (use ${KINDS.join(', ')})`);
  return KINDS.filter((kind) => named.includes(kind));
}

function findPostgresBin(): string {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const v of versions) {
    const bin = path.join(root, v, 'bin');
    if (fs.existsSync(path.join(bin, 'initdb'))) return bin;
  }
  throw new Error(
    'PostgreSQL server binaries not found under /usr/lib/postgresql: run `apt-get install -y postgresql` ' +
      '(scripts/ensure-system-packages.sh does) or set TEST_DATABASE_URL.',
  );
}
