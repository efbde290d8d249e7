import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildCompiledApi } from '../../apps/api/src/test/compiled-server.ts';
import { spawnServer, untilCorpusReady } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A data dir with the database migrated and the fixture corpus ingested, which each server's starts from. */
    e2eDataTemplate: string;
    /** The API compiled from the current source for this run (`npm run build:api`'s bundle), which servers run. */
    e2eServerDir: string;
    /** Where a worker notes the process id of a server it shares between files, so the teardown can stop it. */
    e2eSharedPids: string;
  }
}

/**
 * Once per run: the API is compiled from the current source, as the image runs it (under a second), and one server
 * creates its database and ingests the fixture corpus into a data dir, then stops; every journey's server starts
 * from a copy (creating a PGlite database alone takes about 5 s).
 */
export default async function setup(project: TestProject) {
  const build = await buildCompiledApi();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bibleqa-e2e-template-'));
  try {
    const server = await spawnServer(dir, { CORPUS_AUTO_INGEST: 'true' }, build.dir);
    await untilCorpusReady(server);
    await server.stop({ keep: true });
  } catch (error) {
    build.remove();
    throw error;
  }
  const pids = fs.mkdtempSync(path.join(os.tmpdir(), 'bibleqa-e2e-pids-'));
  project.provide('e2eDataTemplate', dir);
  project.provide('e2eServerDir', build.dir);
  project.provide('e2eSharedPids', pids);
  return () => {
    // A worker kills the server it shared as it exits; one that crashed may have left it running.
    for (const pid of fs.readdirSync(pids)) {
      try {
        process.kill(Number(pid), 'SIGKILL');
      } catch {
        // already gone
      }
      fs.rmSync(fs.readFileSync(path.join(pids, pid), 'utf8'), { recursive: true, force: true });
    }
    fs.rmSync(pids, { recursive: true, force: true });
    fs.rmSync(dir, { recursive: true, force: true });
    build.remove();
  };
}
