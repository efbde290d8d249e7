import http from 'node:http';
import type { SseEventLike } from './test-users.ts';

export interface OpenStream {
  /** The response's status and the events so far, each with its id (none for the terminal one). */
  status: number;
  headers: http.IncomingHttpHeaders;
  events: { event: SseEventLike; id: string | undefined }[];
  /** Resolves when the server ends the stream or the connection is dropped. */
  ended: Promise<void>;
  /** Drops the connection, as a lost network or a closed tab does. */
  drop(): void;
  /** The text of the delta events so far. */
  text(): string;
  last(): SseEventLike | undefined;
}

/**
 * POSTs to a streaming chat path and reads its server-sent events as they arrive (an SSE client that keeps the ids
 * a reconnecting client sends back). Resolves once the response headers are in.
 */
export function openStream(
  url: string,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: 'POST', headers: { 'content-type': 'application/json', ...headers } },
      (response) => {
        const events: OpenStream['events'] = [];
        let buffer = '';
        let settle!: () => void;
        const ended = new Promise<void>((r) => (settle = r));
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          buffer += chunk;
          let cut: number;
          while ((cut = buffer.indexOf('\n\n')) >= 0) {
            const lines = buffer.slice(0, cut).split('\n');
            buffer = buffer.slice(cut + 2);
            const data = lines.find((l) => l.startsWith('data: '));
            if (!data) continue;
            const id = lines.find((l) => l.startsWith('id: '))?.slice(4);
            events.push({ event: JSON.parse(data.slice(6)) as SseEventLike, id });
          }
        });
        response.on('end', settle);
        response.on('close', settle);
        response.on('error', settle);
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          events,
          ended,
          drop: () => request.destroy(),
          text: () => events.map(({ event }) => (event.type === 'delta' ? String(event.text) : '')).join(''),
          last: () => events.at(-1)?.event,
        });
      },
    );
    request.on('error', reject);
    request.end(JSON.stringify(body));
  });
}
