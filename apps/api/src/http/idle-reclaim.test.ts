import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerIdleReclaim } from './idle-reclaim.ts';

const MB = 1024 * 1024;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A server with one hijacked stream the test ends by hand, and a heap the test sets. */
async function serverWithStream(idleMs = 30) {
  const app = Fastify();
  let heap = 100 * MB;
  const collectedAt: number[] = [];
  const reclaim = registerIdleReclaim(app, {
    gc: () => {
      if (heap > 100 * MB) collectedAt.push(heap);
      heap = 100 * MB;
    },
    idleMs,
    growthBytes: 32 * MB,
    heapSize: () => heap,
  });
  let endStream!: () => void;
  app.get('/stream', (_request, reply) => {
    reply.hijack();
    reply.raw.writeHead(200, { 'content-type': 'text/event-stream' });
    reply.raw.write('data: 1\n\n');
    endStream = () => reply.raw.end();
  });
  app.get('/quick', async () => 'ok');
  const origin = await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, origin, reclaim, collectedAt, setHeap: (mb: number) => (heap = mb * MB), end: () => endStream() };
}

describe('idle reclaim', () => {
  it('collects once after a burst, only when nothing is open any more', async () => {
    const s = await serverWithStream();
    const res = await fetch(`${s.origin}/stream`);
    const reader = res.body!.getReader();
    await reader.read();
    s.setHeap(250);
    await fetch(`${s.origin}/quick`); // a request ending while the stream is open starts no collection
    await sleep(100);
    expect(s.collectedAt).toEqual([]);
    s.end();
    while (!(await reader.read()).done);
    await sleep(100);
    expect(s.collectedAt).toEqual([250 * MB]);
    await sleep(100);
    expect(s.reclaim.collections()).toBe(1);
    await s.app.close();
  });

  it('leaves a heap that grew less than the threshold alone', async () => {
    const s = await serverWithStream();
    s.setHeap(120);
    await fetch(`${s.origin}/quick`);
    await sleep(100);
    expect(s.collectedAt).toEqual([]);
    s.setHeap(140);
    await fetch(`${s.origin}/quick`);
    await sleep(100);
    expect(s.collectedAt).toEqual([140 * MB]);
    await s.app.close();
  });

  it('waits out a request that arrives during the idle wait', async () => {
    // An idle wait long enough for the stream to open within it on a loaded machine.
    const s = await serverWithStream(1_000);
    s.setHeap(300);
    await fetch(`${s.origin}/quick`);
    const res = await fetch(`${s.origin}/stream`); // opens within the idle wait
    const reader = res.body!.getReader();
    await reader.read();
    await sleep(1_100);
    expect(s.collectedAt).toEqual([]);
    s.end();
    while (!(await reader.read()).done);
    await sleep(1_500);
    expect(s.collectedAt).toEqual([300 * MB]);
    await s.app.close();
  });
});
