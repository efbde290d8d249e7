import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';

/**
 * `npm run migrate` (node apps/api/dist/migrate.js in the image): the release step that applies pending migrations
 * to DATABASE_URL (or the embedded database in DATA_DIR) under the migration lock, then exits.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const target = config.database.url
    ? ({ kind: 'postgres', url: config.database.url, poolSize: 1 } as const)
    : ({ kind: 'pglite', dataDir: `${config.dataDir}/pglite` } as const);
  const started = Date.now();
  const database = await openDatabase(target, { migrate: true });
  await database.close();
  process.stdout.write(`migrations applied to ${target.kind} in ${Date.now() - started} ms\n`);
}

main().catch((error: unknown) => {
  const text = error instanceof ConfigError ? error.message : error instanceof Error ? (error.stack ?? '') : '';
  process.stderr.write(`Migration failed: ${text || String(error)}\n`);
  process.exit(error instanceof ConfigError ? 78 : 1);
});
