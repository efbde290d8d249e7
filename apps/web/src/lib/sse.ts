/** The data of each event of a `text/event-stream` body (see readEvents). */
export async function* readEventData(
  body: ReadableStream<Uint8Array>,
  signal?: AbortSignal,
): AsyncGenerator<string, void, undefined> {
  for await (const { data } of readEvents(body, signal)) yield data;
}

/**
 * Reads a `text/event-stream` body (https://html.spec.whatwg.org/multipage/server-sent-events.html) and yields each
 * event's data with the last event id so far (the `id` field; it carries over to later events, as the spec's last
 * event ID buffer does), which a client sends back as Last-Event-ID to resume. Used instead of EventSource because
 * the chat stream answers a POST that carries the Authorization and Locale headers. Comment lines (`: ping`) and the
 * `event` and `retry` fields are ignored; several `data:` lines of one event are joined with a newline. Bytes are
 * decoded with a streaming TextDecoder, so a character split across two chunks arrives whole.
 */
export async function* readEvents(
  body: ReadableStream<Uint8Array>,
  signal?: AbortSignal,
): AsyncGenerator<{ data: string; id: string }, void, undefined> {
  const reader = body.getReader();
  const decoder = new TextDecoder('utf-8');
  // A fetch body errors by itself when its request is aborted; a body from elsewhere is cancelled here.
  const onAbort = () => void reader.cancel().catch(() => undefined);
  signal?.addEventListener('abort', onAbort);
  let buffer = '';
  let data: string[] = [];
  let id = '';
  let finished = false;
  try {
    for (;;) {
      throwIfAborted(signal);
      const { value, done } = await reader.read();
      throwIfAborted(signal);
      buffer += done ? decoder.decode() : decoder.decode(value, { stream: true });
      for (;;) {
        const line = takeLine(buffer, done);
        if (!line) break;
        buffer = buffer.slice(line.next);
        if (line.text === '') {
          if (data.length > 0) yield { data: data.join('\n'), id };
          data = [];
        } else if (!line.text.startsWith(':')) {
          const colon = line.text.indexOf(':');
          const field = colon < 0 ? line.text : line.text.slice(0, colon);
          const value = colon < 0 ? '' : line.text.slice(colon + 1).replace(/^ /, '');
          if (field === 'data') data.push(value);
          else if (field === 'id' && !value.includes('\0')) id = value;
        }
      }
      if (done) {
        // A last event the server did not close with a blank line still counts.
        finished = true;
        if (data.length > 0) yield { data: data.join('\n'), id };
        return;
      }
    }
  } finally {
    signal?.removeEventListener('abort', onAbort);
    // A consumer that stops early (or an error) leaves the connection open: cancel it.
    if (finished) reader.releaseLock();
    else void reader.cancel().catch(() => undefined);
  }
}

/** The next complete line of the buffer: ended by CRLF, LF or CR (a CR at the very end may still be half a CRLF). */
function takeLine(buffer: string, final: boolean): { text: string; next: number } | null {
  const match = /\r\n|\r|\n/.exec(buffer);
  if (!match) return final && buffer !== '' ? { text: buffer, next: buffer.length } : null;
  if (match[0] === '\r' && match.index === buffer.length - 1 && !final) return null;
  return { text: buffer.slice(0, match.index), next: match.index + match[0].length };
}

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new DOMException('The stream was aborted', 'AbortError');
}
