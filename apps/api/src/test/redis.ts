import { inject } from 'vitest';
import { connectRedis, type RedisConnections } from '../redis/redis-client.ts';

const quiet = { warn: () => undefined, error: () => undefined };

/** Connections to the run's Redis (redis-global-setup.ts); keys a test writes must be its own (random names). */
export function connectTestRedis(): RedisConnections {
  return connectRedis(inject('redisUrl'), quiet);
}
