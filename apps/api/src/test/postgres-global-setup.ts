import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from './free-port.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
    /** The engines the integration suites run on (TEST_DATABASES, both unless it narrows them). */
    databaseKinds: DatabaseKind[];
  }
}

type DatabaseKind = 'pglite' | 'postgres';
const KINDS: DatabaseKind[] = ['pglite', 'postgres'];

/**
 * Integration tests run on PGlite and on a real PostgreSQL. Unless TEST_DATABASE_URL names one, this starts a
 * throw-away cluster from Debian's postgresql package on loopback for the run and removes it afterwards.
 * TEST_DATABASES=pglite (the fast loop, `npm run test:unit`) runs them on PGlite only and starts no cluster.
 */
export default async function setup(project: TestProject) {
  const kinds = databaseKinds(process.env.TEST_DATABASES);
  project.provide('databaseKinds', kinds);
  if (!kinds.includes('postgres')) {
    project.provide('postgresUrl', '');
    return;
  }
  const given = process.env.TEST_DATABASE_URL;
  if (given) {
    project.provide('postgresUrl', given);
    return;
  }
  const bin = findPostgresBin();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bibleqa-pg-'));
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  const asPostgres = process.getuid?.() === 0;
  if (asPostgres) execFileSync('chown', ['-R', 'postgres:postgres', dir]);
  const run = (cmd: string, args: string[]) =>
    asPostgres
      ? execFileSync('runuser', ['-u', 'postgres', '--', path.join(bin, cmd), ...args], { stdio: 'pipe' })
      : execFileSync(path.join(bin, cmd), args, { stdio: 'pipe' });

  run('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300`;
  run('pg_ctl', ['-D', dataDir, '-o', options, '-l', path.join(dir, 'log'), '-w', '-t', '60', 'start']);
  project.provide('postgresUrl', `postgres://postgres@127.0.0.1:${port}/postgres`);

  return async () => {
    try {
      run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
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
