/** A line (or an event's data) longer than the cap: the stream is abandoned, never read on. */
export class OversizeLine extends Error {
  constructor(readonly limitBytes: number) {
    super(`a server-sent event line passed ${limitBytes} bytes`);
  }
}

/**
 * The data of each server-sent event in a byte stream (the WHATWG event-stream format: `data:` fields joined by
 * line breaks, a blank line ends an event, `:` lines are comments; CR, LF and CRLF all end a line). It never holds
 * more than `maxLineBytes` of one line or one event: past that it stops reading, cancels the stream and throws
 * OversizeLine, so a hostile or broken upstream cannot make it buffer without bound.
 */
export async function* sseData(body: ReadableStream<Uint8Array>, maxLineBytes: number): AsyncGenerator<string> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let pending = '';
  /** Bytes since the last line break, counted on the raw bytes before they are decoded or joined. */
  let run = 0;
  let data: string[] = [];
  let eventBytes = 0;
  let finished = false;

  function* line(text: string): Generator<string> {
    if (text === '') {
      if (data.length > 0) yield data.join('\n');
      data = [];
      eventBytes = 0;
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    if ((colon < 0 ? text : text.slice(0, colon)) !== 'data') return;
    let value = colon < 0 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    eventBytes += Buffer.byteLength(value) + 1;
    if (eventBytes > maxLineBytes) throw new OversizeLine(maxLineBytes);
    data.push(value);
  }

  function* lines(final: boolean): Generator<string> {
    let start = 0;
    for (let i = 0; i < pending.length; i++) {
      const c = pending.charCodeAt(i);
      if (c !== 10 && c !== 13) continue;
      // A CR at the end of a chunk may be the first half of a CRLF: wait for the next chunk.
      if (c === 13 && i === pending.length - 1 && !final) break;
      const text = pending.slice(start, i);
      if (c === 13 && pending.charCodeAt(i + 1) === 10) i += 1;
      start = i + 1;
      yield* line(text);
    }
    pending = pending.slice(start);
  }

  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      for (const byte of value) {
        if (byte === 10 || byte === 13) run = 0;
        else if (++run > maxLineBytes) throw new OversizeLine(maxLineBytes);
      }
      pending += decoder.decode(value, { stream: true });
      yield* lines(false);
    }
    pending += decoder.decode();
    yield* lines(true);
    if (pending !== '') yield* line(pending);
    yield* line('');
    finished = true;
  } finally {
    if (!finished) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}
