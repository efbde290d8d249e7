import { describe, expect, it } from 'vitest';
import { createInProcessPubSub, nextMessage, type PubSub } from './pubsub.ts';

/** The port's contract; every adapter (in process, Redis) runs it. */
describe.each([{ name: 'in process', make: (): PubSub => createInProcessPubSub() }])('pub/sub $name', ({ make }) => {
  it('delivers a message to every subscriber of its channel and to no other', async () => {
    const pubsub = make();
    const a: string[] = [];
    const b: string[] = [];
    const other: string[] = [];
    const offA = await pubsub.subscribe('qr:1', (m) => a.push(m));
    await pubsub.subscribe('qr:1', (m) => b.push(m));
    await pubsub.subscribe('qr:2', (m) => other.push(m));
    await pubsub.publish('qr:1', 'confirmed');
    await offA();
    await pubsub.publish('qr:1', 'again');
    await new Promise((r) => setTimeout(r, 10));
    expect(a).toEqual(['confirmed']);
    expect(b).toEqual(['confirmed', 'again']);
    expect(other).toEqual([]);
  });

  it('waits for the next message, or gives up after the timeout', async () => {
    const pubsub = make();
    const waiting = nextMessage(pubsub, 'c', 5_000, async () => false);
    setTimeout(() => void pubsub.publish('c', 'hello'), 20);
    expect(await waiting).toBe('hello');
    expect(await nextMessage(pubsub, 'c', 20, async () => false)).toBeUndefined();
    expect(await nextMessage(pubsub, 'c', 5_000, async () => true)).toBe('ready');
  });
});
