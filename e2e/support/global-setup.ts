import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { spawnServer, untilCorpusReady } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A data dir with the database migrated and the fixture corpus ingested, which each server's starts from. */
    e2eDataTemplate: string;
  }
}

/**
 * Once per run: one server creates its database and ingests the fixture corpus into a data dir, then stops; every
 * journey's server starts from a copy (creating a PGlite database alone takes about 5 s).
 */
export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bibleqa-e2e-template-'));
  const server = await spawnServer(dir, { CORPUS_AUTO_INGEST: 'true' });
  await untilCorpusReady(server);
  await server.stop({ keep: true });
  project.provide('e2eDataTemplate', dir);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
