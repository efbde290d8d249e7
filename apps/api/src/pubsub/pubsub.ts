import { EventEmitter } from 'node:events';

/**
 * Notices between requests, possibly on different API servers (a QR ticket confirmed on one, its desktop polling
 * another). In process today; a Redis adapter (REDIS_URL) implements the same port for several servers.
 */
export interface PubSub {
  publish(channel: string, message: string): Promise<void>;
  /** Calls handler for each message on the channel until the returned function is called. */
  subscribe(channel: string, handler: (message: string) => void): Promise<() => Promise<void>>;
}

export function createInProcessPubSub(): PubSub {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(channel, message) {
      emitter.emit(channel, message);
    },
    async subscribe(channel, handler) {
      const listener = (message: string) => handler(message);
      emitter.on(channel, listener);
      return async () => {
        emitter.off(channel, listener);
      };
    },
  };
}

/** Waits for the first message on a channel, or undefined after timeoutMs or when the signal aborts. */
export async function nextMessage(
  pubsub: PubSub,
  channel: string,
  timeoutMs: number,
  ready: () => Promise<boolean>,
  signal?: AbortSignal,
): Promise<string | undefined> {
  let resolve!: (value: string | undefined) => void;
  const done = new Promise<string | undefined>((r) => (resolve = r));
  const unsubscribe = await pubsub.subscribe(channel, (message) => resolve(message));
  const timer = setTimeout(() => resolve(undefined), timeoutMs);
  const onAbort = () => resolve(undefined);
  signal?.addEventListener('abort', onAbort);
  try {
    // Subscribed first, then checked: a notice published in between is not lost.
    if (await ready()) return 'ready';
    return await done;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
    await unsubscribe();
  }
}
