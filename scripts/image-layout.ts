// The container image's /app, assembled into a folder: the Dockerfile's build stage runs this, and
// apps/api/src/image-layout.test.ts starts the same layout as the image's CMD does. Compiled output only: the API
// bundle (with migrations and derived data), the built web app, the server's start script (scripts/run-node.sh) and
// the manifests npm and config.ts read. node_modules (production dependencies of apps/api only) is added by the
// Dockerfile's deps stage.
//   tsx scripts/image-layout.ts OUT [WEB_DIST]   (WEB_DIST: the built web app, default apps/web/dist)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApi } from './build-api.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export async function assembleImage(out: string, webDist = path.join(ROOT, 'apps/web/dist')): Promise<void> {
  if (!fs.existsSync(path.join(webDist, 'index.html'))) {
    throw new Error(`${webDist} has no index.html: run \`npm run build:web\` first`);
  }
  fs.rmSync(out, { recursive: true, force: true });
  fs.mkdirSync(path.join(out, 'apps/api'), { recursive: true });
  // config.ts takes the folder whose package.json lists workspaces as the root that relative paths start from.
  const root = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as Record<string, unknown>;
  const manifest = { name: root.name, private: true, type: 'module', workspaces: ['apps/api'] };
  fs.writeFileSync(path.join(out, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  fs.copyFileSync(path.join(ROOT, 'apps/api/package.json'), path.join(out, 'apps/api/package.json'));
  await buildApi(path.join(out, 'apps/api/dist'));
  fs.cpSync(webDist, path.join(out, 'apps/web/dist'), { recursive: true });
  // The server's start: node with the allocator it is measured with (decision 0050).
  fs.mkdirSync(path.join(out, 'scripts'));
  fs.copyFileSync(path.join(ROOT, 'scripts/run-node.sh'), path.join(out, 'scripts/run-node.sh'));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [out, webDist] = process.argv.slice(2);
  if (!out) throw new Error('usage: tsx scripts/image-layout.ts OUT [WEB_DIST]');
  await assembleImage(path.resolve(out), webDist && path.resolve(webDist));
  process.stderr.write(`image layout assembled in ${out}\n`);
}
