import type { S3Config } from '../config-storage.ts';
import { amzDateOf, sha256Hex, signRequest } from './sigv4.ts';
import { assertStorageKey, type ImageStorage } from './image-storage.ts';

/**
 * The production adapter: any S3-compatible object store over fetch, each request signed with SigV4. Objects are
 * private; the API serves them to their owner and admins, so the bucket never needs public read.
 */
export function createS3ImageStorage(
  config: S3Config,
  options: { fetch?: typeof fetch; now?: () => Date; timeoutMs?: number } = {},
): ImageStorage {
  const doFetch = options.fetch ?? fetch;
  const now = options.now ?? (() => new Date());
  const timeoutMs = options.timeoutMs ?? 15_000;
  const base = new URL(config.endpoint);

  const urlOf = (key: string) => {
    assertStorageKey(key);
    const url = new URL(base);
    const prefix = url.pathname.replace(/\/+$/, '');
    if (config.forcePathStyle) url.pathname = `${prefix}/${config.bucket}/${key}`;
    else {
      url.hostname = `${config.bucket}.${url.hostname}`;
      url.pathname = `${prefix}/${key}`;
    }
    return url;
  };

  async function send(method: string, key: string, body?: Buffer, headers: Record<string, string> = {}) {
    const url = urlOf(key);
    const signed = signRequest({
      method,
      url,
      headers,
      payloadHash: sha256Hex(body ?? ''),
      region: config.region,
      service: 's3',
      accessKeyId: config.accessKeyId,
      secretAccessKey: config.secretAccessKey,
      amzDate: amzDateOf(now()),
    });
    // fetch sets host itself and refuses to be given one.
    const { host: _host, ...sent } = signed;
    return doFetch(url, {
      method,
      headers: sent,
      body: body ? new Uint8Array(body) : undefined,
      signal: AbortSignal.timeout(timeoutMs),
    });
  }

  const fail = async (what: string, response: Response) => {
    const text = await response.text().catch(() => '');
    return new Error(`S3 ${what} answered ${response.status}: ${text.slice(0, 300)}`);
  };

  return {
    async put(key, bytes, contentType) {
      const response = await send('PUT', key, bytes, { 'content-type': contentType });
      if (!response.ok) throw await fail(`PUT ${key}`, response);
      await response.body?.cancel();
    },
    async get(key) {
      const response = await send('GET', key);
      if (response.status === 404) {
        await response.body?.cancel();
        return null;
      }
      if (!response.ok) throw await fail(`GET ${key}`, response);
      return Buffer.from(await response.arrayBuffer());
    },
    async delete(key) {
      const response = await send('DELETE', key);
      if (!response.ok && response.status !== 404) throw await fail(`DELETE ${key}`, response);
      await response.body?.cancel();
    },
  };
}
