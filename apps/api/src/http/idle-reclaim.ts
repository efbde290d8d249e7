import type { FastifyInstance } from 'fastify';

export interface IdleReclaimOptions {
  /** A full collection: `globalThis.gc`, present when node runs with --expose-gc (as `npm start` does). */
  gc: () => void;
  /** How long nothing must be open before collecting. */
  idleMs?: number;
  /** Collect only when the heap grew at least this much since the last collection. */
  growthBytes?: number;
  heapUsed?: () => number;
  /** The wait between the two collections. */
  settleMs?: number;
}

/**
 * Gives memory back after a burst. V8 grows its heap under load (1,000 streams take about 150 MB of short-lived
 * objects) but an idle process allocates nothing, so no collection runs and the pages stay resident for minutes.
 * When no request has been open for `idleMs` and the heap grew by `growthBytes` since the last collection, this runs
 * two full collections a second apart: the first frees the burst's objects, the second compacts what survived and
 * releases the emptied pages. It never runs while a request or stream is open, so
 * no answer waits on it; at steady low traffic the growth condition keeps it from running at all.
 */
export function registerIdleReclaim(app: FastifyInstance, options: IdleReclaimOptions): { collections(): number } {
  const idleMs = options.idleMs ?? 2_000;
  const growthBytes = options.growthBytes ?? 32 * 1024 * 1024;
  const heapUsed = options.heapUsed ?? (() => process.memoryUsage().heapUsed);
  let open = 0;
  let floor = heapUsed();
  let timer: NodeJS.Timeout | undefined;
  let collections = 0;

  const settleMs = options.settleMs ?? 1_000;
  const check = () => {
    timer = undefined;
    if (open > 0 || heapUsed() - floor < growthBytes) return;
    options.gc();
    collections += 1;
    floor = heapUsed();
    // The first collection frees the burst's objects and leaves half-empty pages; once they are swept, a second one
    // moves the survivors together and hands the emptied pages back to the system.
    timer = setTimeout(() => {
      timer = undefined;
      if (open === 0) options.gc();
      floor = heapUsed();
    }, settleMs);
    timer.unref();
  };

  app.addHook('onRequest', async (_request, reply) => {
    open += 1;
    clearTimeout(timer);
    timer = undefined;
    // 'close' fires once the response is sent or the client went away, for hijacked streams too.
    reply.raw.once('close', () => {
      open -= 1;
      if (open === 0) {
        timer = setTimeout(check, idleMs);
        timer.unref();
      }
    });
  });
  app.addHook('onClose', async () => clearTimeout(timer));
  return { collections: () => collections };
}
