import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { createCorpusRepository } from '../corpus/corpus.repository.ts';
import { openUnmigratedPglite } from '../test/databases.ts';
import { MIGRATIONS_DIR } from './client.ts';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bibleqa-migrations-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/** The migrations folder as it was before a given migration (its journal cut there). */
function migrationsBefore(tag: string): string {
  const dir = path.join(work, 'before');
  fs.cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta/_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  journal.entries = journal.entries.slice(
    0,
    journal.entries.findIndex((e) => e.tag === tag),
  );
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

// About 3 s of CPU (loading PGlite, then every migration on it: 0000-0008 alone take 1.5 s), so a minute of wall time at
// load 25; the API project's 30 s is too short for it on a busy machine.
it(
  'turns the absolute index paths older versions stored into names within the index directory',
  { timeout: 120_000 },
  async () => {
    const database = await openUnmigratedPglite();
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(database.db as never, { migrationsFolder: migrationsBefore('0009_corpus_readers') });
    await database.db.execute(sql`insert into corpus_versions (content_hash, status, index_dir) values
    ('a', 'retired', '/home/someone/checkout/data/index/v1'), ('b', 'ready', '/srv/bible/data/index/v2')`);
    await database.db.execute(sql`insert into corpus_state (id, current_version_id) values (1, 2)`);

    await database.migrate();
    const corpus = createCorpusRepository(database.db);
    expect(await corpus.currentVersion()).toMatchObject({ id: 2, indexDir: 'v2' });
    expect(await corpus.retiredVersions()).toEqual([{ id: 1, indexDir: 'v1', status: 'retired' }]);
    await database.close();
  },
);
