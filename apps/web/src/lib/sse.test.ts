import { describe, expect, it } from 'vitest';
import { readEventData } from './sse.ts';

const encoder = new TextEncoder();

/** A body that yields the chunks in turn, then ends, or stays open when `hang` is set (like a live stream). */
function bodyOf(
  chunks: (string | Uint8Array)[],
  { hang = false, onCancel }: { hang?: boolean; onCancel?: () => void } = {},
): ReadableStream<Uint8Array> {
  let i = 0;
  return new ReadableStream<Uint8Array>({
    cancel: onCancel,
    pull(controller) {
      const chunk = chunks[i++];
      if (chunk === undefined) {
        if (!hang) controller.close();
        return new Promise<void>(() => undefined);
      }
      controller.enqueue(typeof chunk === 'string' ? encoder.encode(chunk) : chunk);
    },
  });
}

async function collect(body: ReadableStream<Uint8Array>, signal?: AbortSignal): Promise<string[]> {
  const out: string[] = [];
  for await (const data of readEventData(body, signal)) out.push(data);
  return out;
}

describe('readEventData', () => {
  it('joins an event split across chunks and splits several events in one chunk', async () => {
    const events = await collect(bodyOf(['da', 'ta: {"a":', '1}\n', '\ndata: 2\n\ndata: 3\n\n']));
    expect(events).toEqual(['{"a":1}', '2', '3']);
  });

  it('keeps a three-byte Chinese character whole when its bytes are split across two chunks', async () => {
    const bytes = encoder.encode('data: 恩典\n\n');
    // 'data: ' is 6 bytes; 恩 takes bytes 6–8: cut after its first byte.
    const events = await collect(bodyOf([bytes.slice(0, 7), bytes.slice(7)]));
    expect(events).toEqual(['恩典']);
  });

  it('ignores comment lines and fields other than data', async () => {
    const events = await collect(bodyOf([': ping\n\n', 'event: x\nid: 7\nretry: 10\ndata: one\n\n', ':\n\n']));
    expect(events).toEqual(['one']);
  });

  it('reads CRLF and CR line ends, also when a CRLF is split across chunks', async () => {
    const events = await collect(bodyOf(['data: a\r', '\n\r\ndata: b\r\rdata: c\n\n']));
    expect(events).toEqual(['a', 'b', 'c']);
  });

  it('joins several data lines of one event with a newline', async () => {
    expect(await collect(bodyOf(['data: x\ndata: y\n\n']))).toEqual(['x\ny']);
  });

  it('yields a last event the server did not close with a blank line', async () => {
    expect(await collect(bodyOf(['data: last']))).toEqual(['last']);
  });

  it('stops with an AbortError when aborted while waiting for the next chunk, and cancels the body', async () => {
    const controller = new AbortController();
    let cancelled = false;
    const body = bodyOf(['data: first\n\n'], { hang: true, onCancel: () => (cancelled = true) });
    const seen: string[] = [];
    const run = (async () => {
      for await (const data of readEventData(body, controller.signal)) {
        seen.push(data);
        setTimeout(() => controller.abort(), 5);
      }
    })();
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    expect(seen).toEqual(['first']);
    expect(cancelled).toBe(true);
  });

  it('rejects at once when the signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(collect(bodyOf(['data: x\n\n']), controller.signal)).rejects.toMatchObject({ name: 'AbortError' });
  });
});
