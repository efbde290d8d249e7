import { afterAll, describe, expect, it } from 'vitest';
import type { RedisConnections } from '../redis/redis-client.ts';
import { connectTestRedis } from '../test/redis.ts';
import { createInProcessPubSub, nextMessage, type PubSub } from './pubsub.ts';
import { createRedisPubSub } from './redis-pubsub.ts';

const connections: RedisConnections[] = [];
afterAll(async () => {
  await Promise.all(connections.map((c) => c.close()));
});

/** Two servers' views of one bus: the in-process one is shared by reference, Redis's through two connections. */
function redisPair(): [PubSub, PubSub] {
  const a = connectTestRedis();
  const b = connectTestRedis();
  connections.push(a, b);
  return [createRedisPubSub(a), createRedisPubSub(b)];
}

const unique = () => `test:${Math.random().toString(36).slice(2)}`;

/** The port's contract; every adapter (in process, Redis) runs it. */
describe.each([
  {
    name: 'in process',
    pair: (): [PubSub, PubSub] => {
      const bus = createInProcessPubSub();
      return [bus, bus];
    },
  },
  { name: 'Redis', pair: redisPair },
])('pub/sub $name', ({ pair }) => {
  it('delivers a message to every subscriber of its channel, on any server, and to no other', async () => {
    const [one, two] = pair();
    const channel = unique();
    const a: string[] = [];
    const b: string[] = [];
    const other: string[] = [];
    const offA = await one.subscribe(channel, (m) => a.push(m));
    await two.subscribe(channel, (m) => b.push(m));
    await two.subscribe(`${channel}:other`, (m) => other.push(m));
    await one.publish(channel, 'confirmed');
    await expect.poll(() => [a, b]).toEqual([['confirmed'], ['confirmed']]);
    await offA();
    await two.publish(channel, 'again');
    await expect.poll(() => b).toEqual(['confirmed', 'again']);
    expect(a).toEqual(['confirmed']);
    expect(other).toEqual([]);
  });

  it('keeps a channel for its other subscribers when one of two on a server leaves', async () => {
    const [one, two] = pair();
    const channel = unique();
    const first: string[] = [];
    const second: string[] = [];
    const off = await two.subscribe(channel, (m) => first.push(m));
    await two.subscribe(channel, (m) => second.push(m));
    await off();
    await one.publish(channel, 'still here');
    await expect.poll(() => second).toEqual(['still here']);
    expect(first).toEqual([]);
  });

  it('waits for the next message from another server, or gives up after the timeout', async () => {
    const [one, two] = pair();
    const channel = unique();
    // Published once the waiter has subscribed and found nothing ready (its `ready` check runs after the subscribe):
    // a publish after a fixed 50 ms raced a Redis SUBSCRIBE that a busy machine had not yet sent, and was lost.
    let checked!: () => void;
    const subscribed = new Promise<void>((resolve) => (checked = resolve));
    const waiting = nextMessage(two, channel, 20_000, async () => {
      checked();
      return false;
    });
    await subscribed;
    await one.publish(channel, 'hello');
    expect(await waiting).toBe('hello');
    expect(await nextMessage(two, channel, 20, async () => false)).toBeUndefined();
    expect(await nextMessage(two, channel, 5_000, async () => true)).toBe('ready');
  });
});
