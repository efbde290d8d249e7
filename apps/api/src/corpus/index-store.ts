// Where a published search index is kept for hosts that share no volume (issue 30, decision 0023): S3-compatible
// object storage under a prefix, one folder per corpus version (`<prefix>/<name>/…`, the same files as the index
// directory). The ingest job builds a version on its own disk and uploads it before the version is switched to; an
// instance that does not find a version in its index directory fetches it once, then searches its own copy (a query
// reads its index files many times over; from object storage each read would be a request).
import fs from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import type { S3Config } from '../config-storage.ts';
import { createS3Client } from '../storage/s3-client.ts';

export interface IndexStore {
  /** Where it keeps indexes, for logs and messages: s3://bucket/prefix. */
  readonly where: string;
  /** Copies a built index directory as `name`; its completion mark is written last, so a half upload is never read. */
  upload(localDir: string, name: string): Promise<void>;
  /** Whether `name` was uploaded whole. */
  has(name: string): Promise<boolean>;
  /** Copies `name` into `localDir` (made whole beside it, then renamed into place); false when it was never uploaded. */
  download(name: string, localDir: string): Promise<boolean>;
  /** Deletes `name` (its mark first, so no one fetches a half-deleted index). */
  remove(name: string): Promise<void>;
}

/** The object written after every file of an index: its list of files, for the download to check. */
const COMPLETE = '.complete.json';

interface CompleteMark {
  files: { path: string; bytes: number }[];
}

async function filesUnder(dir: string, base = dir): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await filesUnder(full, base)));
    else if (entry.isFile()) out.push(path.relative(base, full).split(path.sep).join('/'));
  }
  return out.sort();
}

/** Runs `work` over `items`, `width` at a time. */
async function eachLimited<T>(items: readonly T[], width: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(width, items.length) }, async () => {
    while (next < items.length) await work(items[next++]!);
  });
  await Promise.all(lanes);
}

export function createS3IndexStore(config: S3Config & { prefix: string }, options: { client?: S3Client } = {}) {
  const prefix = config.prefix.replace(/^\/+|\/+$/g, '');
  const client = options.client ?? createS3Client(config);
  const Bucket = config.bucket;
  const keyOf = (name: string, file: string) => [prefix, name, file].filter(Boolean).join('/');

  async function readMark(name: string): Promise<CompleteMark | undefined> {
    try {
      const object = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(name, COMPLETE) }));
      return JSON.parse((await object.Body!.transformToString()) || '{}') as CompleteMark;
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  const store: IndexStore = {
    where: `s3://${Bucket}/${prefix}`,

    async upload(localDir, name) {
      const files = await filesUnder(localDir);
      const mark: CompleteMark = { files: [] };
      await eachLimited(files, 8, async (file) => {
        const body = await readFile(path.join(localDir, file));
        await client.send(new PutObjectCommand({ Bucket, Key: keyOf(name, file), Body: body }));
        mark.files.push({ path: file, bytes: body.length });
      });
      mark.files.sort((a, b) => a.path.localeCompare(b.path));
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: keyOf(name, COMPLETE),
          Body: JSON.stringify(mark),
          ContentType: 'application/json',
        }),
      );
    },

    async has(name) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: keyOf(name, COMPLETE) }));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },

    async download(name, localDir) {
      const mark = await readMark(name);
      if (!mark) return false;
      const part = `${localDir}.part-${process.pid}-${Date.now().toString(36)}`;
      try {
        await eachLimited(mark.files, 8, async ({ path: file, bytes }) => {
          const object = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(name, file) }));
          const body = await object.Body!.transformToByteArray();
          if (body.length !== bytes) throw new Error(`${keyOf(name, file)}: ${body.length} bytes, ${bytes} uploaded`);
          const target = path.join(part, ...file.split('/'));
          await mkdir(path.dirname(target), { recursive: true });
          await writeFile(target, body);
        });
        await rename(part, localDir).catch((error: unknown) => {
          // Another process of this host fetched it meanwhile: theirs is as good.
          if (!fs.existsSync(localDir)) throw error;
        });
        await rm(part, { recursive: true, force: true });
        return true;
      } catch (error) {
        await rm(part, { recursive: true, force: true }).catch(() => undefined);
        throw error;
      }
    },

    async remove(name) {
      await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: [{ Key: keyOf(name, COMPLETE) }] } }));
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: `${keyOf(name, '')}/`, ContinuationToken: token }),
        );
        const keys = (page.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
        if (keys.length > 0) await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys } }));
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
  };
  return store;
}

function isMissing(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}
