import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeLlmMode =
  /**
   * `gapMs` before each chunk after the first: one figure, or one per chunk (by its index). With `heldUntil`, the
   * first chunk also waits for that promise (a test that needs calls still running however slow the machine).
   */
  | {
      kind: 'normal';
      chunks: string[];
      firstTokenDelayMs?: number;
      gapMs?: number | ((index: number) => number);
      heldUntil?: Promise<void>;
    }
  | { kind: 'status'; status: number; headers?: Record<string, string> }
  | { kind: 'hang' }
  | { kind: 'stall'; chunks: string[] }
  | { kind: 'malformed' }
  | { kind: 'split-utf8'; text: string }
  /** One stream line of this many bytes, written as the client reads it (no line break until the end). */
  | { kind: 'huge-line'; bytes: number }
  /** Sends the chunks, then drops the connection without ending the stream. */
  | { kind: 'reset'; chunks: string[] };

export interface FakeLlm {
  baseURL: string;
  /**
   * Requests received, with when their socket closed (an abort from our side shows as a close before the end);
   * `closedAt` is performance.now() at that close (benchmarks measure how soon an abort reaches the model).
   */
  requests: {
    body: Record<string, unknown>;
    closedEarly: boolean;
    ended: boolean;
    /** When it arrived (Date.now()). */
    at: number;
    /** Bytes of the answer written to the socket. */
    written: number;
    closedAt?: number;
  }[];
  setMode(mode: FakeLlmMode | ((requestNo: number) => FakeLlmMode)): void;
  close(): Promise<void>;
}

function sseChunk(content: string): string {
  return `data: ${JSON.stringify({ id: 'x', object: 'chat.completion.chunk', created: 0, model: 'fake', choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`;
}

/**
 * A small HTTP server on loopback that speaks the OpenAI chat-completions streaming protocol, with fault modes,
 * standing in for the model in tests and benchmarks.
 */
export async function startFakeLlm(initial: FakeLlmMode = { kind: 'normal', chunks: ['Hello'] }): Promise<FakeLlm> {
  let mode: FakeLlmMode | ((n: number) => FakeLlmMode) = initial;
  const requests: FakeLlm['requests'] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const record: FakeLlm['requests'][number] = {
        body: JSON.parse(raw || '{}') as Record<string, unknown>,
        closedEarly: false,
        ended: false,
        at: Date.now(),
        written: 0,
      };
      requests.push(record);
      const current = typeof mode === 'function' ? mode(requests.length) : mode;
      res.on('close', () => {
        record.closedAt = performance.now();
        if (!record.ended) record.closedEarly = true;
      });
      const end = () => {
        record.ended = true;
        res.end();
      };
      if (current.kind === 'status') {
        res.writeHead(current.status, { 'content-type': 'application/json', ...current.headers });
        res.end(JSON.stringify({ error: { message: 'upstream failure', type: 'server_error' } }));
        record.ended = true;
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      if (current.kind === 'hang') return;
      if (current.kind === 'malformed') {
        res.write('data: {not json at all\n\n');
        res.write('data: [DONE]\n\n');
        end();
        return;
      }
      if (current.kind === 'huge-line') {
        const piece = Buffer.alloc(64 * 1024, 'x');
        res.write('data: {"choices":[{"delta":{"content":"');
        const pump = () => {
          while (!res.destroyed && record.written < current.bytes) {
            record.written += piece.length;
            if (!res.write(piece)) return void res.once('drain', pump);
          }
          if (res.destroyed) return;
          res.write('"}}]}\n\ndata: [DONE]\n\n');
          end();
        };
        pump();
        return;
      }
      if (current.kind === 'reset') {
        for (const chunk of current.chunks) res.write(sseChunk(chunk));
        setTimeout(() => res.socket?.destroy(), 20);
        return;
      }
      if (current.kind === 'split-utf8') {
        const bytes = Buffer.from(sseChunk(current.text));
        // cut inside the first multi-byte character
        const cut = bytes.findIndex((b) => b >= 0xe0) + 1;
        res.write(bytes.subarray(0, cut));
        setTimeout(() => {
          res.write(bytes.subarray(cut));
          res.write('data: [DONE]\n\n');
          end();
        }, 20);
        return;
      }
      const chunks = current.chunks;
      const gapMs = current.kind === 'normal' ? (current.gapMs ?? 5) : 5;
      const gap = (index: number) => (typeof gapMs === 'number' ? gapMs : gapMs(index));
      let i = 0;
      const next = () => {
        if (res.destroyed) return;
        if (i < chunks.length) {
          res.write(sseChunk(chunks[i]!));
          i += 1;
          if (current.kind === 'stall' && i === chunks.length) return; // stops sending, never ends
          setTimeout(next, gap(i));
        } else {
          res.write('data: [DONE]\n\n');
          end();
        }
      };
      const start = () => setTimeout(next, current.kind === 'normal' ? (current.firstTokenDelayMs ?? 0) : 0);
      if (current.kind === 'normal' && current.heldUntil) void current.heldUntil.then(start);
      else start();
    });
  });
  // A deep accept queue: benchmarks open a thousand model calls at once.
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', 4096, resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    setMode(next) {
      mode = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
