import { Redis } from 'ioredis';
import type { Logger } from 'pino';

/**
 * The Redis connections of one process (REDIS_URL): one for commands, one held in subscriber mode for pub/sub (a
 * connection that subscribes can run nothing else). Commands issued while the connection is being re-established
 * wait in ioredis's queue and fail after a few retries, so a Redis outage surfaces as errors, never as silent loss.
 */
export interface RedisConnections {
  command: Redis;
  subscriber: Redis;
  close(): Promise<void>;
}

export function connectRedis(url: string, log: Pick<Logger, 'warn' | 'error'>): RedisConnections {
  const open = (role: string) => {
    const client = new Redis(url, {
      connectionName: `bible-qa:${role}`,
      maxRetriesPerRequest: 3,
      connectTimeout: 5_000,
      // Reconnect at once, then back off to 2 s between attempts.
      retryStrategy: (attempt) => Math.min(attempt * 100, 2_000),
    });
    let failing = false;
    client.on('error', (err: Error) => {
      // One line per outage, not one per retry.
      if (!failing) log.error({ err, redis: role }, 'redis connection failed');
      failing = true;
    });
    client.on('ready', () => {
      if (failing) log.warn({ redis: role }, 'redis connection restored');
      failing = false;
    });
    return client;
  };
  const command = open('command');
  const subscriber = open('subscriber');
  return {
    command,
    subscriber,
    async close() {
      await Promise.allSettled([command.quit(), subscriber.quit()]);
    },
  };
}
