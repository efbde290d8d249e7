import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client.ts';
import { databaseTargets } from '../test/databases.ts';
import { corpusLockOf } from '../container.ts';
import { createCorpusRepository, type CorpusRepository } from './corpus.repository.ts';
import { ENTRY_EXCERPT, withoutReferences } from './entry-excerpt.ts';
import { loadReferenceParser } from './reference-parser.ts';
import { ingestCorpus } from './ingest.ts';
import type { IngestProgress } from './progress.ts';
import { indexPathOf, sweepRetired, type CorpusLock } from './version-sweep.ts';

const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), '../test/fixtures/corpus');

describe.each(databaseTargets)('corpus ingestion on $name', (target) => {
  let database: DatabaseHandle;
  let corpus: CorpusRepository;
  let work: string;
  let corpusDir: string;
  let indexRoot: string;
  let lock: CorpusLock;

  beforeAll(async () => {
    database = await target.open();
    corpus = createCorpusRepository(database.db);
    lock = corpusLockOf(database);
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'bibleqa-ingest-'));
    corpusDir = path.join(work, 'corpus');
    indexRoot = path.join(work, 'index');
    fs.cpSync(FIXTURE, corpusDir, { recursive: true });
  });
  afterAll(async () => {
    await database.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('loads every valid record, reports each bad line with its file and line, and reports progress', async () => {
    const seen: IngestProgress[] = [];
    const result = await ingestCorpus({ corpus, corpusDir, indexRoot, lock, onProgress: (p) => seen.push(p) });
    expect(result.status).toBe('built');
    expect(result.counts).toMatchObject({ translations: 4, books: 11, devotionals: 4, planDays: 3 });
    expect(result.counts?.verses).toBe(137 + 171 + 137 + 31 + 6 + 8);
    expect(result.badLines).toEqual([
      // CPDV's last slot of a book holds the next book's introduction (a corpus quirk), not scripture
      expect.objectContaining({ file: 'bibles/cpdv.jsonl', line: 32, reason: expect.stringContaining('introduction') }),
      expect.objectContaining({ file: 'bibles/kjv.jsonl', line: 138, reason: expect.stringContaining('verse') }),
      expect.objectContaining({ file: 'bibles/kjv.jsonl', line: 139, reason: expect.stringContaining('invalid JSON') }),
    ]);
    expect(seen.at(-1)).toMatchObject({ phase: 'done', percent: 100 });
    expect(seen.map((p) => p.phase)).toEqual(expect.arrayContaining(['loading', 'indexing', 'switching']));
    const current = await corpus.currentVersion();
    expect(current?.id).toBe(result.versionId);
    // The database names the index within the shared index directory, never by a path of this machine.
    expect(current?.indexDir).toMatch(new RegExp(`^v${result.versionId}-[0-9a-f]{8}$`));
    expect(result.indexDir).toBe(path.join(indexRoot, current!.indexDir!));
    expect(fs.existsSync(path.join(result.indexDir, 'CURRENT'))).toBe(true);
    const john = await corpus.versesOfChapter(result.versionId, 'cuv-hans', 'JHN', 3, 16, 16);
    expect(john[0]?.text).toContain('神爱世人');
  });

  it('reads reference entries whole, or only the start of their text', async () => {
    const versionId = (await corpus.currentVersion())!.id;
    const [whole] = await corpus.referenceEntriesByIds(versionId, ['eastons-dictionary:love']);
    expect(whole).toMatchObject({ title: 'Love', refs: expect.arrayContaining(['JHN.21.16']) });
    expect(whole!.text.length).toBeGreaterThan(40);
    const [start] = await corpus.referenceEntriesByIds(versionId, ['eastons-dictionary:love'], 40);
    expect(start).toMatchObject({ title: 'Love', refs: whole!.refs, text: whole!.text.slice(0, 40) });
    const [none] = await corpus.referenceEntriesByIds(versionId, ['eastons-dictionary:love'], 0);
    expect(none).toMatchObject({ refs: whole!.refs, text: '', excerpt: null });
  });

  it('stores with each entry the excerpt an answer shows, the one the answer made when asked', async () => {
    const versionId = (await corpus.currentVersion())!.id;
    // the parser answers read with: the version's books and verse counts
    const { parser } = await loadReferenceParser(corpus, versionId);
    const ids = fs
      .readFileSync(path.join(FIXTURE, 'reference/eastons-dictionary.jsonl'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => (JSON.parse(line) as { id: string }).id);
    const rows = await corpus.referenceEntriesByIds(versionId, ids);
    expect(rows).toHaveLength(ids.length);
    for (const row of rows) {
      expect(row.excerpt).toBe(withoutReferences(row.text.slice(0, ENTRY_EXCERPT), parser));
      expect(parser.findAll(row.excerpt!, { language: 'en' })).toEqual([]);
    }
    expect(rows.filter((r) => parser.findAll(r.text.slice(0, ENTRY_EXCERPT), { language: 'en' }).length)).not.toEqual(
      [],
    );
    const [love] = await corpus.referenceEntriesByIds(versionId, ['eastons-dictionary:love'], ENTRY_EXCERPT);
    expect(love!.excerpt).toBe(rows.find((r) => r.id === 'eastons-dictionary:love')!.excerpt);
  });

  it('reads the verse ranges asked for together in one statement, each caller its own verses in order', async () => {
    const versionId = (await corpus.currentVersion())!.id;
    let selects = 0;
    const counting = new Proxy(database.db, {
      get: (target, key, receiver) =>
        key === 'select'
          ? (...args: unknown[]) => ((selects += 1), target.select(...(args as [])))
          : Reflect.get(target, key, receiver),
    });
    const batched = createCorpusRepository(counting);
    const asked: [string, string, number, number, number][] = [
      ['cuv-hans', 'JHN', 3, 16, 18],
      ['kjv', 'JHN', 3, 16, 16],
      ['cuv-hans', 'JHN', 3, 1, 999],
      ['cuv-hans', 'JHN', 3, 17, 16],
      ['kjv', 'TOB', 1, 1, 3],
    ];
    const together = await Promise.all(asked.map((a) => batched.versesOfChapter(versionId, ...a)));
    expect(selects).toBe(1);
    const alone = [];
    for (const a of asked) alone.push(await batched.versesOfChapter(versionId, ...a));
    expect(selects).toBe(1 + asked.length);
    expect(together).toEqual(alone);
    expect(together.map((rows) => rows.map((r) => r.verse))).toEqual([
      [16, 17, 18],
      [16],
      alone[2]!.map((_, i) => i + 1),
      [],
      [],
    ]);
    expect(together[1]![0]!.text).toMatch(/^For God so loved the world/);
    expect(together[2]!.length).toBeGreaterThan(18);
    await expect(batched.versesOfChapter(versionId + 1, 'kjv', 'JHN', 3, 16, 16)).resolves.toEqual([]);
  });

  it('does nothing on a second run over the same corpus', async () => {
    const before = await corpus.currentVersion();
    const result = await ingestCorpus({ corpus, corpusDir, indexRoot, lock });
    expect(result.status).toBe('unchanged');
    expect(result.versionId).toBe(before?.id);
  });

  it('keeps the previous version serving when a run dies midway, and the next run completes', async () => {
    const before = await corpus.currentVersion();
    fs.appendFileSync(
      path.join(corpusDir, 'bibles/drc.jsonl'),
      '{"book":"JHN","chapter":3,"verse":99,"text":"added"}\n',
    );
    await expect(
      ingestCorpus({
        corpus,
        corpusDir,
        indexRoot,
        lock,
        onProgress: (p) => {
          if (p.phase === 'indexing') throw new Error('killed');
        },
      }),
    ).rejects.toThrow('killed');
    expect((await corpus.currentVersion())?.id).toBe(before?.id);
    expect(fs.existsSync(indexPathOf(indexRoot, before?.indexDir) ?? '')).toBe(true);
    const killed = (await corpus.abandonedBuilds())[0];
    expect(killed?.indexDir).toMatch(/^v\d+-[0-9a-f]{8}$/);
    // What a run killed by a signal leaves: its directory, half written; and a directory this database never made.
    fs.mkdirSync(path.join(indexRoot, killed!.indexDir!, 'partial'), { recursive: true });
    fs.mkdirSync(path.join(indexRoot, 'v999-0000abcd'), { recursive: true });

    const result = await ingestCorpus({ corpus, corpusDir, indexRoot, lock });
    expect(result.status).toBe('built');
    expect((await corpus.currentVersion())?.id).toBe(result.versionId);
    expect(await corpus.versesOfChapter(result.versionId, 'drc', 'JHN', 3, 99, 99)).toEqual([
      { chapter: 3, verse: 99, text: 'added' },
    ]);
    // The interrupted build is gone, rows and index; the replaced version is retired, left for the sweep.
    expect(await corpus.abandonedBuilds()).toEqual([]);
    expect(fs.existsSync(path.join(indexRoot, killed!.indexDir!))).toBe(false);
    expect((await corpus.retiredVersions()).map((v) => v.id)).toEqual([before?.id]);
    expect(await sweepRetired({ corpus, indexRoot, holdTtlMs: 60_000 })).toEqual({ removed: [before?.id], held: [] });
    expect(await corpus.staleVersions()).toEqual([]);
    expect(await corpus.versesOfChapter(before!.id, 'kjv', 'JHN', 3, 16, 16)).toEqual([]);
    // Only what this database made is removed: another database's directory in the same place stays.
    expect(fs.readdirSync(indexRoot).sort()).toEqual([result.indexName, 'v999-0000abcd'].sort());
  });

  it('builds once when two ingests start together: the second waits for the lock and finds the corpus unchanged', async () => {
    fs.appendFileSync(
      path.join(corpusDir, 'bibles/drc.jsonl'),
      '{"book":"JHN","chapter":3,"verse":98,"text":"added too"}\n',
    );
    const before = await corpus.currentVersion();
    // On PostgreSQL each ingest takes the advisory lock on a session of its own, as two processes would.
    const results = await Promise.all([
      ingestCorpus({ corpus, corpusDir, indexRoot, lock }),
      ingestCorpus({ corpus, corpusDir, indexRoot, lock }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['built', 'unchanged']);
    expect(results[0].versionId).toBe(results[1].versionId);
    expect(results[0].versionId).not.toBe(before?.id);
    expect(await corpus.abandonedBuilds()).toEqual([]);
  });
});
