import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import type { S3Config } from '../config-storage.ts';
import { createS3Client } from './s3-client.ts';
import { assertStorageKey, type ImageStorage } from './image-storage.ts';

/**
 * The production adapter: any S3-compatible object store through the AWS SDK (which signs each request). Objects are
 * private; the API serves them to their owner and admins, so the bucket never needs public read.
 */
export function createS3ImageStorage(config: S3Config, options: { timeoutMs?: number } = {}): ImageStorage {
  // An upload or a read is one short request: a store that does not answer fails it rather than holding it.
  const client = createS3Client(config, { maxAttempts: 2 });
  const Bucket = config.bucket;
  const timeout = () => ({ abortSignal: AbortSignal.timeout(options.timeoutMs ?? 15_000) });

  const fail = (what: string, error: unknown) => {
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    const detail = error instanceof Error ? error.message : String(error);
    return new Error(`S3 ${what} answered ${status ?? 'nothing'}: ${detail.slice(0, 300)}`, { cause: error });
  };
  const missing = (error: unknown) =>
    (error as { name?: string }).name === 'NoSuchKey' ||
    (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;

  return {
    async put(key, bytes, contentType) {
      assertStorageKey(key);
      try {
        await client.send(new PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentType: contentType }), timeout());
      } catch (error) {
        throw fail(`PUT ${key}`, error);
      }
    },
    async get(key) {
      assertStorageKey(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }), timeout());
        return Buffer.from(await object.Body!.transformToByteArray());
      } catch (error) {
        if (missing(error)) return null;
        throw fail(`GET ${key}`, error);
      }
    },
    async delete(key) {
      assertStorageKey(key);
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: key }), timeout());
      } catch (error) {
        if (!missing(error)) throw fail(`DELETE ${key}`, error);
      }
    },
  };
}
