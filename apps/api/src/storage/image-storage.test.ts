import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalImageStorage, storageKey, type ImageStorage } from './image-storage.ts';
import { createS3ImageStorage } from './s3-image-storage.ts';
import { sha256Hex, signRequest } from './sigv4.ts';

const credentials = { accessKeyId: 'test-key-id', secretAccessKey: 'test-secret-key-0123456789' };

/**
 * A loopback stand-in for an S3 bucket: keeps objects in memory and refuses a request whose SigV4 signature does
 * not match what the secret gives for the headers it received (403), as S3 does.
 */
async function startFakeS3() {
  const objects = new Map<string, { body: Buffer; type: string }>();
  const refused: string[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const auth = req.headers.authorization ?? '';
      const signedNames = /SignedHeaders=([^,]+)/.exec(auth)?.[1]?.split(';') ?? [];
      const headers = Object.fromEntries(
        signedNames
          .filter((n) => !['host', 'x-amz-date', 'x-amz-content-sha256'].includes(n))
          .map((n) => [n, String(req.headers[n] ?? '')]),
      );
      const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
      const expected = signRequest({
        method: req.method ?? 'GET',
        url,
        headers,
        payloadHash: String(req.headers['x-amz-content-sha256']),
        region: 'us-east-1',
        service: 's3',
        ...credentials,
        amzDate: String(req.headers['x-amz-date']),
      }).authorization;
      const hashOk = req.headers['x-amz-content-sha256'] === sha256Hex(body);
      if (expected !== auth || !hashOk) {
        refused.push(`${req.method} ${url.pathname}`);
        res.writeHead(403).end('<Error><Code>SignatureDoesNotMatch</Code></Error>');
        return;
      }
      const key = url.pathname;
      if (req.method === 'PUT') {
        objects.set(key, { body, type: String(req.headers['content-type']) });
        res.writeHead(200).end();
      } else if (req.method === 'GET') {
        const object = objects.get(key);
        if (!object) res.writeHead(404).end('<Error><Code>NoSuchKey</Code></Error>');
        else res.writeHead(200, { 'content-type': object.type }).end(object.body);
      } else if (req.method === 'DELETE') {
        objects.delete(key);
        res.writeHead(204).end();
      } else res.writeHead(405).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { endpoint: `http://127.0.0.1:${port}`, objects, refused, close: () => server.close() };
}

let root: string;
let s3: Awaited<ReturnType<typeof startFakeS3>>;
beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'image-storage-'));
  s3 = await startFakeS3();
});
afterAll(async () => {
  s3.close();
  await fs.rm(root, { recursive: true, force: true });
});

const adapters: [string, () => ImageStorage][] = [
  ['local disk', () => createLocalImageStorage(root)],
  [
    'S3 (SigV4 over fetch)',
    () =>
      createS3ImageStorage({
        endpoint: s3.endpoint,
        region: 'us-east-1',
        bucket: 'screens',
        forcePathStyle: true,
        ...credentials,
      }),
  ],
];

describe.each(adapters)('image storage port: %s', (_name, make) => {
  it('stores, reads back byte for byte, and deletes', async () => {
    const storage = make();
    const key = storageKey('png');
    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 255]);
    await storage.put(key, bytes, 'image/png');
    expect(await storage.get(key)).toEqual(bytes);
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    await storage.delete(key); // absent: not an error
  });

  it('answers null for a key never stored', async () => {
    expect(await make().get(storageKey('jpg'))).toBeNull();
  });

  it('refuses a key it did not make (no path traversal)', async () => {
    const storage = make();
    for (const key of ['../../etc/passwd', 'images/2026-01/../../x.png', 'images/2026-01/a.svg', '/abs.png']) {
      await expect(storage.put(key, Buffer.from('x'), 'image/png')).rejects.toThrow(/not a storage key/);
      await expect(storage.get(key)).rejects.toThrow(/not a storage key/);
    }
  });
});

describe('S3 adapter', () => {
  it('puts objects under the bucket path with their content type, signed so the store accepts them', async () => {
    const storage = adapters[1]![1]();
    const key = storageKey('webp');
    await storage.put(key, Buffer.from('RIFF....WEBP'), 'image/webp');
    expect(s3.objects.get(`/screens/${key}`)?.type).toBe('image/webp');
    expect(s3.refused).toEqual([]);
  });

  it('fails loudly when the store refuses the signature (a wrong secret)', async () => {
    const storage = createS3ImageStorage({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      bucket: 'screens',
      forcePathStyle: true,
      accessKeyId: credentials.accessKeyId,
      secretAccessKey: 'not-the-secret',
    });
    const key = storageKey('png');
    await expect(storage.put(key, Buffer.from('x'), 'image/png')).rejects.toThrow(/S3 PUT .* answered 403/);
    expect(s3.objects.has(`/screens/${key}`)).toBe(false);
  });
});
