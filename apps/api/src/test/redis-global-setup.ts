import type { TestProject } from 'vitest/node';
import { startRedisServer } from './redis-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The Redis the suites share (TEST_REDIS_URL, or a redis-server started for the run). */
    redisUrl: string;
  }
}

/**
 * The Redis adapters' suites run against a real Redis: unless TEST_REDIS_URL names one, a redis-server from Debian's
 * package is started on loopback for the run (about 10 ms and 3 MB, so the fast loop starts it too).
 */
export default async function setup(project: TestProject) {
  const given = process.env.TEST_REDIS_URL;
  const server = given ? undefined : await startRedisServer();
  project.provide('redisUrl', given ?? server!.url);
  return async () => {
    await server?.stop();
  };
}
