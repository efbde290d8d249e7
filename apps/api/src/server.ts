import { buildApp } from './app.ts';
import { assertServable, ConfigError, loadConfig } from './config.ts';
import { createContainer } from './container.ts';
import { createProgressBar } from './corpus/progress.ts';
import { createLogger } from './http/logger.ts';
import { registerIdleReclaim } from './http/idle-reclaim.ts';

/**
 * Listens and shuts down cleanly: on SIGTERM or SIGINT the server goes unready for SHUTDOWN_DRAIN_MS while it still
 * serves, then stops listening; in-flight requests finish and answers being written run to their end (those still
 * running near SHUTDOWN_GRACE_MS are stopped, stored with their text), then the process exits.
 */
/** What the shutdown keeps, after the answers' grace, for storing them and closing connections. */
const SHUTDOWN_MARGIN_MS = 2_000;

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
    const began = Date.now();
    const { shutdownGraceMs: graceMs, shutdownDrainMs } = config.server;
    warming.abort();
    const force = setTimeout(() => {
      app.log.error('shutdown grace period over, exiting');
      process.exit(1);
    }, graceMs);
    force.unref();
    // First unready while still serving: a balancer stops sending requests here before the listener closes, so none
    // is refused (decision 0018).
    container.lifecycle.stopping = true;
    const drainMs = Math.min(shutdownDrainMs, graceMs / 2);
    app.log.info({ signal, drainMs, graceMs }, 'shutting down: unready, still serving');
    await new Promise((r) => setTimeout(r, drainMs));
    // Then no new connections (new requests on open ones get service_unavailable); the answers being written run to
    // their end within the grace, those left are stopped and kept with their text; connections left idle by them
    // are closed as they free up.
    app.log.info('shutting down: finishing the answers being written');
    const closed = app.close();
    await container.services.chat.drain(graceMs - (Date.now() - began) - SHUTDOWN_MARGIN_MS);
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
  // A cause the operator can fix (configuration, an unmigrated database): its message says how, without a stack.
  if (error instanceof ConfigError) {
    process.stderr.write(`Failed to start: ${error.message}\n`);
    process.exit(78);
  }
  process.stderr.write(`Failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
