import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOpenAiEmbedder } from './openai-embedder.ts';

/** A loopback server that speaks the OpenAI embeddings protocol: a vector per input, from its length and first char. */
let server: http.Server;
let baseURL: string;
const requests: { model: string; input: string[]; auth: string | undefined }[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const parsed = JSON.parse(body) as { model: string; input: string[] };
      requests.push({ ...parsed, auth: req.headers.authorization });
      const data = parsed.input
        .map((text, index) => ({ object: 'embedding', index, embedding: [text.length, text.codePointAt(0) ?? 0, 1] }))
        .reverse(); // out of order on purpose: the adapter must sort by index
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({ object: 'list', data, model: parsed.model, usage: { prompt_tokens: 1, total_tokens: 1 } }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the OpenAI-compatible embedder', () => {
  it('embeds in batches, keeps the input order, and sends the model and key', async () => {
    const embedder = createOpenAiEmbedder({ baseURL, apiKey: 'sk-test', model: 'bge-m3', dimensions: 3, batchSize: 2 });
    const vectors = await embedder.embed(['a', 'bb', 'ccc', '爱']);
    expect(vectors).toEqual([
      [1, 97, 1],
      [2, 98, 1],
      [3, 99, 1],
      [1, 0x7231, 1],
    ]);
    expect(requests.map((r) => r.input.length)).toEqual([2, 2]);
    expect(requests[0]).toMatchObject({ model: 'bge-m3', auth: 'Bearer sk-test' });
  });

  it('refuses vectors of another dimension', async () => {
    const embedder = createOpenAiEmbedder({ baseURL, apiKey: undefined, model: 'm', dimensions: 8 });
    await expect(embedder.embed(['x'])).rejects.toThrow(/3 dimensions/);
  });
});
