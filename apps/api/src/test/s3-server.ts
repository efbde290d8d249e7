import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Config } from '../config-storage.ts';

/**
 * A local S3-compatible server (s3rver, from npm) with empty buckets, for the adapters' tests: it keeps objects on
 * disk and checks each request's signature against its own key pair (S3RVER / S3RVER), as a real store would.
 */
export async function startS3Server(buckets: readonly string[]) {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'bibleqa-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: buckets.map((name) => ({ name, configs: [] })),
  });
  const { port } = await server.run();
  const config = (bucket: string): S3Config => ({
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    bucket,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  });
  return {
    config,
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
