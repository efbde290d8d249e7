// npm run build:api: the API and the contract compiled to JavaScript in apps/api/dist, run with plain node
// (decision 0013). One esbuild bundle per entry point, the contract inlined, every npm dependency left external;
// the files the code reads beside itself (migrations, derived retrieval data) are copied next to the bundle.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const API = path.join(ROOT, 'apps/api');
export const API_DIST = path.join(API, 'dist');

/** The programs the image runs: the server, the migration release step and the corpus ingest job. */
const ENTRY_POINTS = {
  server: path.join(API, 'src/server.ts'),
  migrate: path.join(API, 'src/migrate.ts'),
  ingest: path.join(ROOT, 'scripts/ingest.ts'),
};

/**
 * Files the code reads at run time beside its module (path.dirname(import.meta.url)): in the bundle every module
 * is the entry's folder, so they are copied there under the same name. A new one belongs here too (the image
 * layout and shutdown tests run the bundle and would fail without it).
 */
const ASSETS = [
  { from: path.join(API, 'src/db/migrations'), to: 'migrations' },
  { from: path.join(API, 'src/language/derived'), to: 'derived', skip: /\.ts$/ },
  { from: path.join(API, 'src/question/guide/passage-guide.json'), to: 'passage-guide.json' },
  { from: path.join(API, 'src/features/auth/common-passwords.txt'), to: 'common-passwords.txt' },
  { from: path.join(API, 'src/language/lexicon'), to: 'lexicon' },
];

export async function buildApi(outdir = API_DIST): Promise<{ outdir: string; bytes: number; ms: number }> {
  const started = Date.now();
  const manifest = JSON.parse(fs.readFileSync(path.join(API, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  // The contract is compiled into the bundle; everything installed from npm is loaded from node_modules.
  const external = Object.keys(manifest.dependencies).filter((name) => !name.startsWith('@bible-qa/'));
  fs.rmSync(outdir, { recursive: true, force: true });
  const result = await build({
    entryPoints: ENTRY_POINTS,
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    external,
    sourcemap: 'linked',
    // Shared chunks sit beside the entries, so every module finds the assets by the same relative names.
    chunkNames: '[name]-[hash]',
    metafile: true,
    logLevel: 'warning',
  });
  for (const asset of ASSETS) {
    fs.cpSync(asset.from, path.join(outdir, asset.to), {
      recursive: true,
      filter: (file) => !asset.skip?.test(file),
    });
  }
  const bytes = Object.values(result.metafile.outputs).reduce((sum, o) => sum + o.bytes, 0);
  return { outdir, bytes, ms: Date.now() - started };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { outdir, bytes, ms } = await buildApi(process.argv[2] ? path.resolve(process.argv[2]) : API_DIST);
  process.stderr.write(`API compiled to ${path.relative(ROOT, outdir)} (${Math.round(bytes / 1024)} KB) in ${ms} ms\n`);
}
