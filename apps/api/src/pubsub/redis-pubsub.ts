import type { Redis } from 'ioredis';
import type { PubSub } from './pubsub.ts';

interface Channel {
  handlers: Set<(message: string) => void>;
  /** Resolves once Redis has confirmed the subscription. */
  ready: Promise<unknown>;
}

/**
 * The pub/sub port on Redis, for several API servers: every process holds one subscriber connection and shares it
 * among all its subscriptions (a channel is subscribed on Redis while it has a handler here). subscribe() resolves
 * only once Redis has confirmed, so a caller that subscribes and then checks the state loses no notice.
 */
export function createRedisPubSub({ command, subscriber }: { command: Redis; subscriber: Redis }): PubSub {
  const channels = new Map<string, Channel>();
  subscriber.on('message', (channel: string, message: string) => {
    const entry = channels.get(channel);
    if (entry) for (const handler of [...entry.handlers]) handler(message);
  });

  return {
    async publish(channel, message) {
      await command.publish(channel, message);
    },
    async subscribe(channel, handler) {
      let entry = channels.get(channel);
      if (!entry) {
        entry = { handlers: new Set(), ready: subscriber.subscribe(channel) };
        channels.set(channel, entry);
      }
      const own = entry;
      own.handlers.add(handler);
      try {
        await own.ready;
      } catch (error) {
        own.handlers.delete(handler);
        if (own.handlers.size === 0 && channels.get(channel) === own) channels.delete(channel);
        throw error;
      }
      return async () => {
        if (!own.handlers.delete(handler) || own.handlers.size > 0) return;
        if (channels.get(channel) === own) channels.delete(channel);
        // Commands on one connection run in order, so a later subscribe to this channel lands after this.
        await subscriber.unsubscribe(channel).catch(() => undefined);
      };
    },
  };
}
