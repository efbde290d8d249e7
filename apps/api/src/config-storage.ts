import { z } from 'zod';

/**
 * Where uploaded images are kept: local disk under DATA_DIR/uploads (the embedded default) or any S3-compatible
 * object store (AWS S3, MinIO, Cloudflare R2, Aliyun OSS, Tencent COS) signed with AWS Signature Version 4.
 * Parsed with the rest in config.ts (the only reader of process.env); every variable is in .env.example.
 */
const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());

export const storageEnv = {
  UPLOAD_STORAGE: z.preprocess(emptyToUndefined, z.enum(['local', 's3']).default('local')),
  S3_ENDPOINT: z.preprocess(emptyToUndefined, z.string().url().optional()),
  S3_REGION: z.preprocess(emptyToUndefined, z.string().default('us-east-1')),
  S3_BUCKET: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: z.preprocess(
    emptyToUndefined,
    z
      .enum(['true', 'false', '1', '0'])
      .default('true')
      .transform((v) => v === 'true' || v === '1'),
  ),
};

export type StorageEnv = z.infer<z.ZodObject<typeof storageEnv>>;

export interface S3Config {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** https://endpoint/bucket/key (MinIO and most self-hosted stores) rather than https://bucket.endpoint/key. */
  forcePathStyle: boolean;
}

export type StorageConfig = { kind: 'local' } | ({ kind: 's3' } & S3Config);

/** Returns the storage configuration, or the names of the variables S3 needs and lacks. */
export function readStorageConfig(e: StorageEnv): StorageConfig | { missing: string[] } {
  if (e.UPLOAD_STORAGE === 'local') return { kind: 'local' };
  const s3 = readS3Config(e);
  return 'missing' in s3 ? s3 : { kind: 's3', ...s3 };
}

/** The S3-compatible store's settings (uploads, and the corpus index when it is kept there), or what is missing. */
export function readS3Config(e: StorageEnv): S3Config | { missing: string[] } {
  const required = {
    S3_ENDPOINT: e.S3_ENDPOINT,
    S3_BUCKET: e.S3_BUCKET,
    S3_ACCESS_KEY_ID: e.S3_ACCESS_KEY_ID,
    S3_SECRET_ACCESS_KEY: e.S3_SECRET_ACCESS_KEY,
  };
  const missing = Object.entries(required)
    .filter(([, v]) => !v)
    .map(([k]) => k);
  if (missing.length > 0) return { missing };
  return {
    endpoint: e.S3_ENDPOINT!,
    region: e.S3_REGION,
    bucket: e.S3_BUCKET!,
    accessKeyId: e.S3_ACCESS_KEY_ID!,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
  };
}
