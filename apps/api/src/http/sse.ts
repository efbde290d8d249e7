import type { FastifyReply, FastifyRequest } from 'fastify';

export interface SseStream {
  /**
   * Sends one event as a single `data:` line of JSON (no raw newlines can end it early), with the id a reconnecting
   * client sends back as Last-Event-ID. Resolves once the socket can take more: a reader that does not drain it
   * within DRAIN_TIMEOUT_MS is dropped.
   */
  send(event: unknown, id?: string): Promise<void>;
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
/**
 * A reader whose socket takes nothing for this long is dropped (its connection reset, which also frees the kernel's
 * buffers), and its generation stopped after the resume grace if nobody else reads it. The kernel buffers a few MB
 * per connection first, so this catches a reader that is far behind; a dropped client can resume by its event id.
 */
const DRAIN_TIMEOUT_MS = 20_000;

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
    // Connection is left to Node: forcing keep-alive on a request that asked to close made the client reuse a
    // socket the server then closed (issue 30, finding 8).
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
    async send(event, id) {
      if (closed) return;
      const ok = raw.write(`${id ? `id: ${id}\n` : ''}data: ${JSON.stringify(event)}\n\n`);
      if (ok) return;
      await new Promise<void>((resolve) => {
        const settle = () => {
          clearTimeout(timer);
          raw.off('drain', settle);
          raw.off('close', settle);
          resolve();
        };
        // The socket stayed full: the reader is stalled (or reads a few bytes a second). It is dropped, and the
        // generation, if nobody else reads it, is stopped after the resume grace.
        const timer = setTimeout(() => {
          if (raw.socket && !raw.socket.destroyed) raw.socket.resetAndDestroy();
          raw.destroy();
          settle();
        }, DRAIN_TIMEOUT_MS);
        timer.unref();
        raw.on('drain', settle);
        raw.on('close', settle);
      });
    },
    close() {
      if (closed) return;
      raw.end();
      finish();
    },
  };
}
