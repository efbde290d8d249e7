import { S3Client } from '@aws-sdk/client-s3';
import type { S3Config } from '../config-storage.ts';

/** A client of the S3-compatible store of the S3_* settings (uploads, and the corpus index kept there). */
export function createS3Client(config: S3Config, options: { maxAttempts?: number } = {}): S3Client {
  return new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    ...(options.maxAttempts ? { maxAttempts: options.maxAttempts } : {}),
  });
}
