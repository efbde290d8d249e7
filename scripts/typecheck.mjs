// npm run typecheck: the five TypeScript projects checked by TypeScript 7, the native compiler (decision 0017, third
// pass): the same errors as TypeScript 5.9's tsc for a fifth of its CPU. The 5.9 package stays for typescript-eslint,
// whose parser needs its JavaScript API. One thread each: the check runs beside the test suites on two cores.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

const tsc = path.join(path.dirname(createRequire(import.meta.url).resolve('typescript7/package.json')), 'bin/tsc');
// The service worker is checked apart: its globals are a worker's, not a page's.
for (const project of ['packages/contract', 'apps/api', 'apps/web', 'apps/web/tsconfig.sw.json', 'e2e']) {
  const { status } = spawnSync(process.execPath, [tsc, '-p', project, '--noEmit', '--singleThreaded'], {
    stdio: 'inherit',
  });
  if (status !== 0) process.exit(status ?? 1);
}
