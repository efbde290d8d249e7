import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpusLockOf } from '../container.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { FIXTURE_CORPUS_DIR } from '../test/compiled-server.ts';
import { openTestPglite } from '../test/databases.ts';
import { startS3Server } from '../test/s3-server.ts';
import { createS3Client } from '../storage/s3-client.ts';
import { createCorpusRepository, type CorpusRepository } from './corpus.repository.ts';
import { createCorpusService } from './corpus.service.ts';
import { createS3IndexStore } from './index-store.ts';
import { ingestCorpus } from './ingest.ts';
import { sweepRetired } from './version-sweep.ts';

const log = pino({ level: 'silent' });
const BUCKET = 'bible-qa';

// A corpus index published to S3-compatible object storage (s3rver, a local S3 server from npm) by an ingest job on
// one host, and fetched by an instance on another that shares no directory with it.
describe('a corpus index kept in object storage, for hosts that share no volume', () => {
  let server: Awaited<ReturnType<typeof startS3Server>>;
  let database: DatabaseHandle;
  let corpus: CorpusRepository;
  let work: string;
  let corpusDir: string;
  let store: ReturnType<typeof createS3IndexStore>;
  let client: S3Client;

  const keys = async (prefix: string) =>
    (await client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix }))).Contents?.map((o) => o.Key) ?? [];

  beforeAll(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'bibleqa-store-'));
    corpusDir = path.join(work, 'corpus');
    fs.cpSync(FIXTURE_CORPUS_DIR, corpusDir, { recursive: true });
    server = await startS3Server([BUCKET]);
    store = createS3IndexStore({ ...server.config(BUCKET), prefix: 'fleet/index' });
    client = createS3Client(server.config(BUCKET));
    database = await openTestPglite();
    corpus = createCorpusRepository(database.db);
  });
  afterAll(async () => {
    await database?.close();
    await server?.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('is uploaded before the version is switched to, fetched by a host without it, and removed with the version', async () => {
    const lock = corpusLockOf(database);
    const builder = path.join(work, 'host-a', 'index');
    const first = await ingestCorpus({ corpus, corpusDir, indexRoot: builder, lock, store });
    expect(first.status).toBe('built');
    expect(await store.has(first.indexName)).toBe(true);
    expect(await keys(`fleet/index/${first.indexName}/`)).toContain(`fleet/index/${first.indexName}/CURRENT`);

    // Another host: an empty index directory of its own. It fetches the version once, then searches its copy.
    const elsewhere = path.join(work, 'host-b', 'index');
    const b = createCorpusService({
      corpus,
      corpusDir,
      indexRoot: elsewhere,
      store,
      lock,
      log,
      watch: { pollMs: 100_000, oldVersionGraceMs: 50, holdTtlMs: 60_000 },
    });
    try {
      await b.start({ ingest: false });
      expect(b.status()).toEqual({ status: 'ready', versionId: first.versionId, updating: false });
      const hits = await b.ready().index.search({ query: 'God so loved the world', lang: 'en', limit: 3 });
      expect(hits.map((h) => h.ref)).toContain('JHN.3.16');
      expect(fs.existsSync(path.join(elsewhere, first.indexName, 'CURRENT'))).toBe(true);
      // Nothing half-fetched is left beside it.
      expect(fs.readdirSync(elsewhere)).toEqual([first.indexName]);
    } finally {
      await b.close();
    }

    // The job run again on a host whose directory lacks the index finds it in the store: unchanged, nothing rebuilt.
    const again = await ingestCorpus({ corpus, corpusDir, indexRoot: path.join(work, 'host-c'), lock, store });
    expect(again).toMatchObject({ status: 'unchanged', versionId: first.versionId });

    // A new corpus version: published beside the old one; once no instance holds the old, the sweep deletes it there.
    fs.appendFileSync(
      path.join(corpusDir, 'bibles/kjv.jsonl'),
      '{"book":"JHN","chapter":3,"verse":37,"text":"Zerubbabelish marker verse for the update."}\n',
    );
    const second = await ingestCorpus({ corpus, corpusDir, indexRoot: builder, lock, store });
    expect(second.status).toBe('built');
    expect(await store.has(second.indexName)).toBe(true);
    const swept = await lock(() => sweepRetired({ corpus, indexRoot: builder, holdTtlMs: 60_000, store }));
    expect(swept.acquired && swept.value.removed).toEqual([first.versionId]);
    expect(await store.has(first.indexName)).toBe(false);
    expect(await keys(`fleet/index/${first.indexName}/`)).toEqual([]);
    expect(await store.has(second.indexName)).toBe(true);
  });

  it('never hands out an index that was not uploaded whole', async () => {
    const target = path.join(work, 'host-d', 'v99-0badc0de');
    expect(await store.has('v99-0badc0de')).toBe(false);
    expect(await store.download('v99-0badc0de', target)).toBe(false);
    expect(fs.existsSync(target)).toBe(false);
  });
});
