import type { FastifyReply, FastifyRequest } from 'fastify';

export interface SseStream {
  /** Sends one event as a single `data:` line of JSON (no raw newlines can end it early). */
  send(event: unknown): Promise<void>;
  /** Ends the stream; later sends are ignored. */
  close(): void;
  /** Aborted when the client goes away (or the stream is closed). */
  readonly signal: AbortSignal;
  readonly closed: boolean;
}

const HEARTBEAT_MS = 15_000;
let openStreams = 0;

/** Event streams open in this process now (the metrics read it). */
export function openStreamCount(): number {
  return openStreams;
}
/** A client that does not read for this long is dropped, and its generation aborted. */
const DRAIN_TIMEOUT_MS = 30_000;

/**
 * Opens a server-sent event stream on the reply: no buffering by proxies, a heartbeat comment every 15 s,
 * backpressure (a write that fills the socket waits for drain, and a reader that never drains is dropped), and an
 * abort signal that fires when the client disconnects — the socket's close, which fires even after the body was read.
 */
export function openSse(request: FastifyRequest, reply: FastifyReply): SseStream {
  const controller = new AbortController();
  const raw = reply.raw;
  let closed = false;
  reply.hijack();
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
    'x-request-id': String(request.id),
    'x-content-type-options': 'nosniff',
  });
  raw.flushHeaders?.();
  openStreams += 1;
  const heartbeat = setInterval(() => {
    if (!closed) raw.write(': ping\n\n');
  }, HEARTBEAT_MS);
  heartbeat.unref();

  const finish = () => {
    if (closed) return;
    closed = true;
    openStreams -= 1;
    clearInterval(heartbeat);
    controller.abort();
  };
  raw.on('close', finish);
  raw.on('error', finish);

  return {
    signal: controller.signal,
    get closed() {
      return closed;
    },
    async send(event) {
      if (closed) return;
      const ok = raw.write(`data: ${JSON.stringify(event)}\n\n`);
      if (ok) return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          raw.destroy();
          resolve();
        }, DRAIN_TIMEOUT_MS);
        timer.unref();
        raw.once('drain', () => {
          clearTimeout(timer);
          resolve();
        });
        raw.once('close', () => {
          clearTimeout(timer);
          resolve();
        });
      });
    },
    close() {
      if (closed) return;
      raw.end();
      finish();
    },
  };
}
