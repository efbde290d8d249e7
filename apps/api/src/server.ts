import { buildApp } from './app.ts';
import { assertServable, ConfigError, loadConfig } from './config.ts';
import { createContainer } from './container.ts';
import { createProgressBar } from './corpus/progress.ts';
import { createLogger } from './http/logger.ts';
import { registerIdleReclaim } from './http/idle-reclaim.ts';

/**
 * Listens and shuts down cleanly: on SIGTERM or SIGINT, in-flight requests finish and answers being written are
 * stopped (stored with their text), then the process exits; at the latest after SHUTDOWN_GRACE_MS.
 */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
    assertServable();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(78);
    }
    throw error;
  }
  const logger = createLogger(config.log.level);
  const container = await createContainer(config, logger);
  const app = await buildApp({ container, logger });
  // `npm start` runs node with --expose-gc so that memory taken by a burst goes back once the server is idle.
  if (typeof globalThis.gc === 'function') registerIdleReclaim(app, { gc: globalThis.gc });

  let stopping = false;
  const warming = new AbortController();
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    warming.abort();
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      app.log.error('shutdown grace period over, exiting');
      process.exit(1);
    }, config.server.shutdownGraceMs);
    force.unref();
    // New requests get service_unavailable; answers being written stop, are stored as stopped with their text, and
    // their streams end with a retryable event; connections left idle by them are closed as they free up.
    const closed = app.close();
    await container.services.chat.drain();
    const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
    await closed;
    clearInterval(sweep);
    await container.close();
    app.log.info('stopped');
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));

  // A deep accept queue: a burst of clients connecting at once waits there instead of being reset.
  await app.listen({ host: config.server.host, port: config.server.port, backlog: config.server.listenBacklog });
  // Once a corpus version is in use, a few questions warm its caches in the background, so the first reader's
  // question is not the slow one; readiness never waits for it, and it yields to real requests.
  container.services.corpus.onSwitch(() => {
    void container.warmUp(warming.signal).catch((error: unknown) => app.log.warn({ err: error }, 'warm-up failed'));
  });
  // The server answers from its first second and watches for new corpus versions; with CORPUS_AUTO_INGEST (one
  // machine) a first or changed corpus is ingested in the background, a fleet's instances leave that to the job.
  const bar = createProgressBar();
  await container.services.corpus.start({ ingest: config.corpus.autoIngest, progress: (p) => bar.update(p) });
}

main().catch((error: unknown) => {
  process.stderr.write(`Failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
