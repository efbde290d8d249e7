import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { corpusLockOf, embeddingFromConfig } from '../container.ts';
import { type DatabaseHandle } from '../db/client.ts';
import { openTestPglite } from '../test/databases.ts';
import { openIndex } from '../retrieval/lance-passage-index.ts';
import { createCorpusRepository } from './corpus.repository.ts';
import { ingestCorpus } from './ingest.ts';

const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), '../test/fixtures/corpus');

/** An OpenAI-compatible embeddings endpoint on loopback: 'love' texts point one way, shepherd texts another. */
function vectorOf(text: string): number[] {
  const t = text.toLowerCase();
  return [/lov|爱|愛/.test(t) ? 1 : 0, /shepherd|牧/.test(t) ? 1 : 0, 0.1];
}
let server: http.Server;
let calls = 0;
let database: DatabaseHandle;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bibleqa-vectors-'));

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      calls += 1;
      const { input, model } = JSON.parse(body) as { input: string[]; model: string };
      const data = input.map((text, index) => ({ object: 'embedding', index, embedding: vectorOf(text) }));
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ object: 'list', data, model, usage: { prompt_tokens: 0, total_tokens: 0 } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  database = await openTestPglite();
});
afterAll(async () => {
  await database.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  fs.rmSync(work, { recursive: true, force: true });
});

describe('ingestion with an embedding endpoint configured', () => {
  it('stores vectors in the index, and search fuses them with BM25', async () => {
    const config = loadConfig({
      EMBEDDING_BASE_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
      EMBEDDING_DIMENSIONS: '3',
      EMBEDDING_MODEL: 'fake-embed',
    });
    const { embedder, embeddingId } = embeddingFromConfig(config);
    expect(embedder).toBeDefined();
    const corpus = createCorpusRepository(database.db);
    const result = await ingestCorpus({
      corpus,
      corpusDir: FIXTURE,
      indexRoot: path.join(work, 'index'),
      lock: corpusLockOf(database),
      ...(embedder ? { embedder } : {}),
      ...(embeddingId ? { embeddingId } : {}),
    });
    expect(calls).toBeGreaterThan(0);
    const index = await openIndex(result.indexDir, embedder ? { embedder } : {});
    expect(index.info.vectorDimensions).toBe(3);
    // The fake model puts shepherd texts together, so Psalm 23 comes back from the vector side too.
    const hits = await index.search({ query: 'who cares for the flock as a shepherd', lang: 'en', limit: 20 });
    const psalm = hits.find((h) => h.ref === 'PSA.23.1');
    expect(psalm?.matchedBy).toContain('vector');
    index.close();
  });
});
