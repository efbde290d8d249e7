import { getHeapStatistics } from 'node:v8';
import type { FastifyInstance } from 'fastify';

export interface IdleReclaimOptions {
  /** A full collection: `globalThis.gc`, present when node runs with --expose-gc (as `npm start` does). */
  gc: () => void;
  /** How long nothing must be open before collecting. */
  idleMs?: number;
  /** Collect only when the heap grew at least this much since the last collection. */
  growthBytes?: number;
  /**
   * The heap's committed size (V8's total heap size): what the process holds from the system. Not the part in use,
   * which V8's own collections at the end of a burst bring down while the pages stay committed.
   */
  heapSize?: () => number;
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
  const heapSize = options.heapSize ?? (() => getHeapStatistics().total_heap_size);
  let open = 0;
  let floor = heapSize();
  let timer: NodeJS.Timeout | undefined;
  let collections = 0;

  const settleMs = options.settleMs ?? 1_000;
  const check = () => {
    timer = undefined;
    if (open > 0 || heapSize() - floor < growthBytes) return;
    options.gc();
    collections += 1;
    floor = heapSize();
    // The first collection frees the burst's objects and leaves half-empty pages; once they are swept, a second one
    // moves the survivors together and hands the emptied pages back to the system.
    timer = setTimeout(() => {
      timer = undefined;
      if (open === 0) options.gc();
      floor = heapSize();
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
