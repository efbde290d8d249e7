import { describe, expect, it } from 'vitest';
import { OversizeLine, sseData } from './sse-data.ts';

const MIB = 1024 * 1024;

/** A byte stream pulled chunk by chunk, counting what was pulled. */
function source(chunks: (Uint8Array | string)[] | ((pull: number) => Uint8Array | null)) {
  let pulls = 0;
  const stats = { bytes: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = typeof chunks === 'function' ? chunks(pulls) : (chunks[pulls] ?? null);
      pulls += 1;
      if (next === null) return controller.close();
      const bytes = typeof next === 'string' ? new TextEncoder().encode(next) : next;
      stats.bytes += bytes.length;
      controller.enqueue(bytes);
    },
    cancel() {
      stats.cancelled = true;
    },
  });
  return { stream, stats };
}

async function all(stream: ReadableStream<Uint8Array>, max = MIB) {
  const out: string[] = [];
  for await (const data of sseData(stream, max)) out.push(data);
  return out;
}

describe('server-sent event data', () => {
  it('reads events across chunks, with CR, LF or CRLF, comments and multi-line data', async () => {
    const { stream } = source(['data: a\r', '\n\r\n: comment\ndata: b\ndata:c\n\n', 'data: 神', '爱\r\rdata: tail']);
    expect(await all(stream)).toEqual(['a', 'b\nc', '神爱', 'tail']);
  });

  it('keeps a character split across chunks', async () => {
    const bytes = new TextEncoder().encode('data: 世人\n\n');
    const { stream } = source([bytes.subarray(0, 8), bytes.subarray(8)]);
    expect(await all(stream)).toEqual(['世人']);
  });

  it('stops at a 10 MB line after reading about 1 MiB of it, and cancels the stream', async () => {
    const piece = new Uint8Array(64 * 1024).fill(0x78);
    const { stream, stats } = source((n) => (n === 0 ? new TextEncoder().encode('data: ') : n <= 160 ? piece : null));
    await expect(all(stream)).rejects.toBeInstanceOf(OversizeLine);
    expect(stats.bytes).toBeLessThan(MIB + 4 * piece.length);
    expect(stats.cancelled).toBe(true);
  });

  it('caps an event made of many short data lines too', async () => {
    const line = `data: ${'y'.repeat(1000)}\n`;
    const { stream } = source((n) => (n < 2000 ? new TextEncoder().encode(line) : null));
    await expect(all(stream)).rejects.toBeInstanceOf(OversizeLine);
  });
});
