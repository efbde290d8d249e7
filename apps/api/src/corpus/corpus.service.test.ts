import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { corpusLockOf } from '../container.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { FIXTURE_CORPUS_DIR } from '../test/compiled-server.ts';
import { databaseTargets } from '../test/databases.ts';
import { createCorpusRepository, type CorpusRepository } from './corpus.repository.ts';
import { createCorpusService, type CorpusService, type CorpusWatch } from './corpus.service.ts';
import { ingestCorpus } from './ingest.ts';
import { indexPathOf, sweepRetired } from './version-sweep.ts';

const log = pino({ level: 'silent' });

describe.each(databaseTargets)('a corpus index published once, followed by every instance, on $name', (target) => {
  let database: DatabaseHandle;
  let corpus: CorpusRepository;
  let work: string;
  let corpusDir: string;
  /** The directory the ingest job publishes to and the instances share. */
  let shared: string;
  const services: CorpusService[] = [];

  const instance = (indexRoot: string, watch: Partial<CorpusWatch> = {}) => {
    const service = createCorpusService({
      corpus,
      corpusDir,
      indexRoot,
      lock: corpusLockOf(database),
      log,
      watch: { pollMs: 100_000, oldVersionGraceMs: 50, holdTtlMs: 60_000, ...watch },
    });
    services.push(service);
    return service;
  };
  const publish = () => ingestCorpus({ corpus, corpusDir, indexRoot: shared, lock: corpusLockOf(database) });
  const versionCount = async () => (await corpus.staleVersions()).length + ((await corpus.currentVersion()) ? 1 : 0);
  const holdsOf = async (versionId: number) =>
    (await corpus.liveHolds(60_000)).filter((h) => h.versionId === versionId).length;

  beforeAll(async () => {
    database = await target.open();
    corpus = createCorpusRepository(database.db);
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'bibleqa-publish-'));
    corpusDir = path.join(work, 'corpus');
    shared = path.join(work, 'shared-index');
    fs.cpSync(FIXTURE_CORPUS_DIR, corpusDir, { recursive: true });
  });
  afterEach(async () => {
    for (const service of services.splice(0)) await service.close();
  });
  afterAll(async () => {
    await database.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('opens the published version from the shared directory without building, and never reads one by another path', async () => {
    const published = await publish();
    const a = instance(shared);
    await a.start({ ingest: false });
    expect(a.status()).toEqual({ status: 'ready', versionId: published.versionId, updating: false });
    const hits = await a.ready().index.search({ query: 'God so loved the world', lang: 'en', limit: 3 });
    expect(hits.map((h) => h.ref)).toContain('JHN.3.16');
    expect(await holdsOf(published.versionId)).toBe(1);

    // A copied DATA_DIR with an index directory of its own that lacks the version: not ready, and it says why,
    // rather than reading the other checkout's files or building a copy (a fleet instance never ingests).
    const elsewhere = instance(path.join(work, 'copied-data', 'index'));
    await elsewhere.start({ ingest: false });
    expect(elsewhere.status()).toEqual({
      status: 'unavailable',
      reason: expect.stringContaining(`${published.indexName}) is not in ${path.join(work, 'copied-data', 'index')}`),
    });
    expect(await versionCount()).toBe(1);

    // With the index copied beside it, the copy reads its own files.
    fs.cpSync(shared, path.join(work, 'copied-data', 'index'), { recursive: true });
    await elsewhere.poll();
    expect(elsewhere.status()).toMatchObject({ status: 'ready', versionId: published.versionId });
  });

  it('refuses to build a second copy of a version that live instances read from another directory', async () => {
    const current = await corpus.currentVersion();
    const a = instance(shared);
    await a.start({ ingest: false });
    const elsewhere = path.join(work, 'machine-without-the-share');
    await expect(
      ingestCorpus({ corpus, corpusDir, indexRoot: elsewhere, lock: corpusLockOf(database) }),
    ).rejects.toThrow(`corpus version ${current!.id} is unchanged and open on 1 instance(s)`);
    expect(await versionCount()).toBe(1);
    expect(fs.existsSync(elsewhere)).toBe(false);
  });

  it('switches every instance to a newly published version without a restart, and removes the old one once none holds it', async () => {
    // The old version stays open for 3 s after the switch, for what began on it.
    const a = instance(shared, { oldVersionGraceMs: 3_000 });
    const b = instance(shared, { oldVersionGraceMs: 3_000 });
    await Promise.all([a.start({ ingest: false }), b.start({ ingest: false })]);
    const old = a.ready();
    const oldDir = indexPathOf(shared, (await corpus.currentVersion())!.indexDir)!;

    fs.appendFileSync(
      path.join(corpusDir, 'bibles/kjv.jsonl'),
      '{"book":"JHN","chapter":3,"verse":37,"text":"Zerubbabelish marker verse for the update."}\n',
    );
    const next = await publish();
    expect(next.status).toBe('built');
    // Both still read the old version, which the sweep keeps for them.
    expect(await sweepRetired({ corpus, indexRoot: shared, holdTtlMs: 60_000 })).toEqual({
      removed: [],
      held: [old.versionId],
    });

    await Promise.all([a.poll(), b.poll()]);
    // A request that began on the old version still searches it.
    expect((await old.index.search({ query: 'Zerubbabelish', lang: 'en' })).length).toBe(0);
    expect((await old.index.search({ query: 'God so loved the world', lang: 'en' })).length).toBeGreaterThan(0);
    for (const service of [a, b]) {
      expect(service.status()).toMatchObject({ status: 'ready', versionId: next.versionId });
      const hits = await service.ready().index.search({ query: 'Zerubbabelish', lang: 'en', limit: 3 });
      expect(hits.map((h) => h.ref)).toEqual(['JHN.3.37']);
    }

    // After the grace each lets the old version go, and the sweep removes its rows and index.
    await expect.poll(() => holdsOf(old.versionId), { timeout: 30_000, interval: 200 }).toBe(0);
    expect(await sweepRetired({ corpus, indexRoot: shared, holdTtlMs: 60_000 })).toEqual({
      removed: [old.versionId],
      held: [],
    });
    expect(fs.existsSync(oldDir)).toBe(false);
    expect(await corpus.versesOfChapter(old.versionId, 'kjv', 'JHN', 3, 16, 16)).toEqual([]);
    expect(await holdsOf(next.versionId)).toBe(2);
  });

  it("lets a dead instance's hold expire, and never lets a version being removed be held again", async () => {
    const current = (await corpus.currentVersion())!;
    fs.appendFileSync(path.join(corpusDir, 'bibles/kjv.jsonl'), '{"book":"JHN","chapter":3,"verse":38,"text":"x"}\n');
    const dead = { instanceId: 'crashed-instance', host: 'gone', pid: 1 };
    expect(await corpus.hold(dead, current.id)).toBe(true);
    const next = await publish();
    expect((await sweepRetired({ corpus, indexRoot: shared, holdTtlMs: 60_000 })).held).toEqual([current.id]);
    // Its heartbeat stopped long ago.
    await database.db.execute(
      sql`update corpus_readers set heartbeat_at = now() - interval '10 minutes' where instance_id = 'crashed-instance'`,
    );
    expect(await corpus.claimForRemoval(current.id, 60_000)).toBe(true);
    expect(await corpus.hold({ instanceId: 'late', host: 'h', pid: 2 }, current.id)).toBe(false);
    expect(await sweepRetired({ corpus, indexRoot: shared, holdTtlMs: 60_000 })).toEqual({
      removed: [current.id],
      held: [],
    });
    expect((await corpus.currentVersion())?.id).toBe(next.versionId);
  });

  it('brings up two instances that start together on an empty database and both ingest: one builds, both serve it', async () => {
    await database.db.execute(sql`truncate corpus_state, corpus_versions, corpus_readers`);
    const root = path.join(work, 'one-machine-index');
    const [a, b] = [instance(root), instance(root)];
    await Promise.all([a.start({ ingest: true }), b.start({ ingest: true })]);
    const results = await Promise.all([a.ingest(), b.ingest()]);
    expect(results.map((r) => r?.status).sort()).toEqual(['built', 'unchanged']);
    await Promise.all([a.poll(), b.poll()]);
    expect(a.status()).toMatchObject({ status: 'ready', versionId: results[0]?.versionId });
    expect(b.status()).toMatchObject({ status: 'ready', versionId: results[0]?.versionId });
    expect(await versionCount()).toBe(1);
  });
});
