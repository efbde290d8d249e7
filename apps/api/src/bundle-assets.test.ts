import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildCompiledApi } from './test/compiled-server.ts';

/**
 * Every file the compiled server reads beside its modules is there. In the bundle each module is the bundle's own
 * folder, so a path written relative to a source folder ('../derived/…') points outside it: the Bible-names file did,
 * and every question that reached the names check failed in production before its first event.
 */
let build: Awaited<ReturnType<typeof buildCompiledApi>>;
beforeAll(async () => {
  build = await buildCompiledApi();
}, 60_000);
afterAll(() => build?.remove());

it('finds every file the bundle joins to its own folder', () => {
  const joined = new Set<string>();
  for (const file of fs.readdirSync(build.dir).filter((f) => f.endsWith('.js'))) {
    const code = fs.readFileSync(path.join(build.dir, file), 'utf8');
    for (const m of code.matchAll(/fileURLToPath\d*\(import\.meta\.url\)\)\s*,\s*"([^"]+)"/g)) joined.add(m[1]!);
  }
  expect([...joined].sort()).toEqual(
    expect.arrayContaining(['common-passwords.txt', 'derived', 'lexicon', 'migrations', 'passage-guide.json']),
  );
  const missing = [...joined].filter((rel) => !fs.existsSync(path.join(build.dir, rel)));
  expect(missing).toEqual([]);
});
