import { Redis } from 'ioredis';
import type { Logger } from 'pino';

/**
 * The Redis connections of one process (REDIS_URL): one for commands, one held in subscriber mode for pub/sub (a
 * connection that subscribes can run nothing else).
 *
 * A Redis that hangs or goes away must not hang the requests that touch it (issue 25): every command fails after
 * `commandTimeoutMs` (REDIS_COMMAND_TIMEOUT_MS), queued or sent; commands wait in ioredis's offline queue only while
 * a connection is first being made, and once one has failed they fail at once until it is back, so the queue holds at
 * most one timeout's worth of commands; a command is tried again on one reconnection at most. The error handler
 * answers a timeout with the §8 high-traffic message and a lost connection with the system error (`redisFault`).
 */
export interface RedisConnections {
  command: Redis;
  subscriber: Redis;
  close(): Promise<void>;
}

export interface RedisOptions {
  /** A command with no answer after this long fails. */
  commandTimeoutMs: number;
}

export function connectRedis(
  url: string,
  log: Pick<Logger, 'warn' | 'error'>,
  { commandTimeoutMs }: RedisOptions = { commandTimeoutMs: 1_000 },
): RedisConnections {
  const open = (role: string) => {
    const client = new Redis(url, {
      connectionName: `bible-qa:${role}`,
      maxRetriesPerRequest: 1,
      connectTimeout: 5_000,
      commandTimeout: commandTimeoutMs,
      enableOfflineQueue: true,
      // Reconnect at once, then back off to 2 s between attempts.
      retryStrategy: (attempt) => Math.min(attempt * 100, 2_000),
    });
    let failing = false;
    const down = () => {
      // Fail fast while the connection is lost: nothing piles up waiting for it.
      client.options.enableOfflineQueue = false;
    };
    client.on('error', (err: Error) => {
      // One line per outage, not one per retry.
      if (!failing) log.error({ err, redis: role }, 'redis connection failed');
      failing = true;
      down();
    });
    client.on('close', down);
    client.on('ready', () => {
      client.options.enableOfflineQueue = true;
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

/**
 * What kind of Redis failure an error is: a command that had no answer in time ('timeout'), or a connection that
 * is down ('unavailable'); undefined for anything else (a Redis reply error is a bug of ours, not an outage).
 */
export function redisFault(error: unknown): 'timeout' | 'unavailable' | undefined {
  if (!(error instanceof Error)) return undefined;
  if (error.message === 'Command timed out') return 'timeout';
  if (
    error.name === 'MaxRetriesPerRequestError' ||
    error.message === 'Connection is closed.' ||
    error.message.startsWith("Stream isn't writeable")
  ) {
    return 'unavailable';
  }
  return undefined;
}
