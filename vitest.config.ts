import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { trackDynamicImports } from './apps/web/build/track-dynamic-imports.ts';

// One runner for every suite: contract and API (node), web components (jsdom), and the Chromium journeys (e2e).
export default defineConfig({
  test: {
    // Vitest's default is one worker per core less one: a single worker on the 2-core machines we run on. `npm test`
    // runs the browser journeys in a process of their own beside the rest (scripts/run-parallel.mjs) and sets the
    // workers of each; this is for a plain `vitest run`.
    maxWorkers: 3,
    projects: [
      { test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts'],
          // The suites share a worker's loaded modules (each builds its own app, database and servers; none mocks a
          // module): importing the server's graph once per file was two thirds of the project's time.
          isolate: false,
          environment: 'node',
          globalSetup: ['apps/api/src/test/databases-global-setup.ts', 'apps/api/src/test/redis-global-setup.ts'],
          // Beside another npm test on two cores (load 15 and more), a password test of many hashed logins, a wait for
          // an ingestion and a corpus app's set-up have taken over 30 s and 60 s; only a failing test waits longer.
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A stream's first characters or a row written behind a response are waited for (expect.poll) up to 10 s, not
          // 1 s: beside another npm test, a guest's answer streamed 2 characters in the first second. Only a failing
          // wait is longer.
          expect: { poll: { timeout: 10_000 } },
        },
      },
      {
        extends: 'apps/web/vite.config.ts',
        // A file waits for the modules its last step asked for before jsdom goes (src/test/pending-imports.ts).
        plugins: [trackDynamicImports(fileURLToPath(new URL('apps/web/src/', import.meta.url)))],
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // Each file in a VM context of a worker thread that lives on: fresh modules and its own jsdom per file as
          // before, but jsdom and the setup's modules are loaded once per worker, not once per file (the files'
          // start-up, not their tests, was most of this project's time): 197 → 121 CPU-seconds, 111 → 73 s alone.
          // The VM's global lacks Node's stream classes; src/test/track-work.ts gives them.
          pool: 'vmThreads',
          // Async queries wait up to 15 s (src/test/setup.ts); a test of several such steps needs more than 5 s.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          // Each worker process runs its share of a lane's journeys (each file starts its own server and browser; no
          // file mocks a module or keeps state in a shared one): Playwright's client is loaded once per worker.
          isolate: false,
          globalSetup: ['e2e/support/global-setup.ts'],
          environment: 'node',
          // A journey of many steps took 25 s beside test:fast here (5 s alone); CI's machine may be busier still.
          // Only a failing journey waits longer.
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // A page's next state is waited for (expect.poll) up to 10 s, not 1 s: under load (several suites on two
          // cores) a reload or a mutation's refetch takes seconds. Only a failing wait is longer.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
