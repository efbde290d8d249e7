import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DevotionalDetail, DevotionalPage, DevotionalToday, DevotionalTranslation } from '@bible-qa/contract';
import type { DatabaseHandle } from '../../db/client.ts';
import { createMemberRepository } from '../member/member.repository.ts';
import { get, type TestApp } from '../../test/auth-helpers.ts';
import { databaseTargets } from '../../test/databases.ts';
import { startFakeLlm, type FakeLlm } from '../../test/fake-llm.ts';
import { buildTestApp } from '../../test/test-app.ts';
import { createTestUser } from '../../test/test-users.ts';
import { readingMinutes } from './reading-time.ts';

const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../test/fixtures/corpus');
const fixtureDevotionals = fs
  .readFileSync(path.join(FIXTURE, 'devotionals/spurgeon-morning-evening.jsonl'), 'utf8')
  .trim()
  .split('\n')
  .map((line) => JSON.parse(line) as { id: string; text: string });
const textOf = (id: string) => fixtureDevotionals.find((d) => d.id === id)!.text;

describe.each(databaseTargets)('devotionals on $name', (target) => {
  let database: DatabaseHandle;
  let t: TestApp;
  let llm: FakeLlm;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bibleqa-devotional-'));

  beforeAll(async () => {
    database = await target.open();
    llm = await startFakeLlm({
      kind: 'normal',
      chunks: ['一月一日', '——早晨\n###\n', '以色列疲惫的漂流', '都结束了。'],
    });
    t = await buildTestApp({
      database,
      env: { CORPUS_DIR: FIXTURE, DATA_DIR: dataDir, LLM_BASE_URL: llm.baseURL, LLM_MODEL: 'fake' },
    });
  });
  afterAll(async () => {
    await t.app.close();
    await t.container.close();
    await llm.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('says the library is being prepared, with its progress, while the corpus is ingested', async () => {
    const ingest = t.container.services.corpus.ingest();
    const body = await get(t, '/portal/devotional/today?date=2026-01-01', { locale: 'en' });
    expect(body.code).toBe(10503);
    expect(body.msg).toMatch(/being prepared \(\d+%\)/);
    expect((await ingest)?.status).toBe('built');
  });

  it("gives the reader's day: morning then evening, reading time from the text, and the plan's four readings", async () => {
    const body = await get(t, '/portal/devotional/today?date=2026-01-01', { locale: 'en' });
    expect(body.code).toBe(0);
    const today = body.data as DevotionalToday;
    expect(today.date).toBe('2026-01-01');
    expect(today.devotionals.map((d) => [d.id, d.period, d.date])).toEqual([
      ['spurgeon-me:01-01-morning', 'morning', '2026-01-01'],
      ['spurgeon-me:01-01-evening', 'evening', '2026-01-01'],
    ]);
    const morning = today.devotionals[0]!;
    // Joshua is not among the fixture's books: no localized title, the English scripture line stands alone.
    expect(morning).toMatchObject({ reference: 'JOS.5.12', referenceTitle: null, presentation: 'original' });
    expect(morning.scripture).toContain('Joshua 5:12');
    expect(morning.readingMinutes).toBe(readingMinutes(textOf(morning.id), 'en'));
    expect(today.plan).toMatchObject({ planId: 'mcheyne', day: 1, month: 1, dayOfMonth: 1 });
    expect(today.plan!.readings.map((r) => r.label)).toEqual(['Genesis 1', 'Matthew 1', 'Ezra 1', 'Acts 1']);
    const genesis = today.plan!.readings[0]!;
    expect(genesis.references).toEqual(['GEN.1.1-GEN.1.31']);
    // No WEB text in the fixture: the English Protestant fallback is the KJV.
    expect(genesis.passages[0]!.translation.id).toBe('kjv');
    expect(genesis.passages[0]!.verses).toHaveLength(31);
    // Matthew 1 is not in the fixture corpus: titled, but without text.
    expect(today.plan!.readings[1]).toMatchObject({
      title: 'Matthew 1',
      references: ['MAT.1.1-MAT.1.25'],
      passages: [],
    });
  });

  it('offers the English reading as related literature to a Chinese reader, with the plan in the Union Version', async () => {
    const today = (await get(t, '/portal/devotional/today?date=2026-01-01', { locale: 'zh-cn' }))
      .data as DevotionalToday;
    expect(today.devotionals[0]).toMatchObject({ presentation: 'related_literature' });
    const genesis = today.plan!.readings[0]!;
    expect(genesis.title).toBe('创世记 1:1-31');
    expect(genesis.passages[0]!.translation.id).toBe('cuv-hans');
    expect(genesis.passages[0]!.verses[0]!.text).toContain('起初');
  });

  it("reads the plan in a logged-in Catholic reader's translation", async () => {
    const user = await createTestUser(database, 'catholic reader');
    await createMemberRepository(database.db).update(user.userId, { expression: 'catholic' });
    const today = (await get(t, '/portal/devotional/today?date=2026-01-01', { locale: 'en', token: user.token }))
      .data as DevotionalToday;
    expect(today.plan!.readings[0]!.passages[0]!.translation.id).toBe('cpdv');
  });

  it('has no plan day on 29 February and nothing on a day the corpus lacks', async () => {
    const today = (await get(t, '/portal/devotional/today?date=2028-02-29', { locale: 'en' })).data as DevotionalToday;
    expect(today).toEqual({ date: '2028-02-29', devotionals: [], plan: null });
  });

  it('uses the server clock when the reader sends no date', async () => {
    const body = await get(t, '/portal/devotional/today', { locale: 'en' });
    expect(body.code).toBe(0);
    expect((body.data as DevotionalToday).date).toBe(new Date().toISOString().slice(0, 10));
  });

  const list = async (query: string) => {
    const body = await get(t, `/portal/devotional/list?${query}`, { locale: 'en' });
    expect(body.code, body.msg).toBe(0);
    return body.data as DevotionalPage;
  };
  const keys = (page: DevotionalPage) => page.items.map((d) => `${d.date} ${d.period}`);

  it('lists an ISO week, newest first, a page at a time', async () => {
    const week = await list('week=2026-W01');
    expect(week).toMatchObject({ startDate: '2025-12-29', endDate: '2026-01-04', total: 4, page: 1 });
    expect(keys(week)).toEqual([
      '2026-01-02 evening',
      '2026-01-02 morning',
      '2026-01-01 evening',
      '2026-01-01 morning',
    ]);
    const second = await list('week=2026-W01&size=3&page=2');
    expect(keys(second)).toEqual(['2026-01-01 morning']);
    expect(second.total).toBe(4);
    expect(await list('week=2026-W02')).toMatchObject({ startDate: '2026-01-05', endDate: '2026-01-11', total: 0 });
  });

  it('lists a month, a date range, the N days ending on a date, and the last 30 days by default', async () => {
    expect(await list('month=2026-01')).toMatchObject({ startDate: '2026-01-01', endDate: '2026-01-31', total: 4 });
    expect(await list('month=2026-02')).toMatchObject({ endDate: '2026-02-28', total: 0 });
    const range = await list('startDate=2026-01-02&endDate=2026-01-02');
    expect(keys(range)).toEqual(['2026-01-02 evening', '2026-01-02 morning']);
    const days = await list('days=2&endDate=2026-01-01');
    expect(days).toMatchObject({ startDate: '2025-12-31', endDate: '2026-01-01', total: 2 });
    const recent = await list('date=2026-01-20');
    expect(recent).toMatchObject({ startDate: '2025-12-22', endDate: '2026-01-20', total: 4 });
    // The same days of another year: a devotional belongs to a month and day.
    expect(keys(await list('startDate=2027-01-01&endDate=2027-01-01'))).toEqual([
      '2027-01-01 evening',
      '2027-01-01 morning',
    ]);
  });

  it.each([
    ['week=2026-W54', 'no such ISO week'],
    ['week=2026-1', 'YYYY-Www'],
    ['month=2026-13', 'YYYY-MM'],
    ['startDate=2026-02-30', 'not a calendar date'],
    ['startDate=2026-01-05&endDate=2026-01-01', 'before startDate'],
    ['week=2026-W01&month=2026-01', 'one date filter at a time'],
    ['startDate=2025-01-01&endDate=2026-12-31', 'at most 366 days'],
    ['days=0', ''],
    ['size=51', ''],
  ])('refuses %s with a clear message', async (query, message) => {
    const body = await get(t, `/portal/devotional/list?${query}`, { locale: 'en' });
    expect(body.code).toBe(10000);
    expect(body.msg).toContain(message);
    expect(body.data).toBeNull();
  });

  it('gives one reading by id with its text, verse passages and plan day', async () => {
    const body = await get(t, `/portal/devotional/info?id=${encodeURIComponent('spurgeon-me:01-02-morning')}`, {
      locale: 'zh-cn',
    });
    expect(body.code).toBe(0);
    const detail = body.data as DevotionalDetail;
    expect(detail).toMatchObject({
      id: 'spurgeon-me:01-02-morning',
      date: null,
      month: 1,
      day: 2,
      period: 'morning',
      presentation: 'related_literature',
      machineTranslation: true,
      text: textOf('spurgeon-me:01-02-morning'),
    });
    // Colossians is not in the fixture corpus.
    expect(detail.passages).toEqual([]);
    expect(detail.plan).toMatchObject({ day: 2, readings: [{ label: 'Genesis 2' }, {}, {}, {}] });
  });

  it('titles the verse of the day in the reader’s language and tradition when the corpus knows the book', async () => {
    const zh = (await get(t, '/portal/devotional/list?startDate=2026-01-01&endDate=2026-01-01', { locale: 'zh-cn' }))
      .data as DevotionalPage;
    // Neither Joshua nor the Song of Songs is in the fixture's books; Genesis of the plan is.
    expect(zh.items.map((d) => d.referenceTitle)).toEqual([null, null]);
    const detail = (await get(t, '/portal/devotional/info?id=spurgeon-me:01-01-evening', { locale: 'zh-tw' }))
      .data as DevotionalDetail;
    expect(detail.plan!.readings[0]!.title).toBe('創世記 1:1-31');
  });

  it('answers not found for an unknown id and refuses a malformed one', async () => {
    const missing = await get(t, '/portal/devotional/info?id=spurgeon-me:13-40-morning', { locale: 'en' });
    expect(missing).toMatchObject({ code: 10006, data: null });
    const bad = await get(t, `/portal/devotional/info?id=${encodeURIComponent('<script>')}`, { locale: 'en' });
    expect(bad.code).toBe(10000);
  });

  it('machine-translates a reading for a Chinese reader once, labelled, and refuses for an English one', async () => {
    const before = llm.requests.length;
    const url = '/portal/devotional/translation?id=spurgeon-me:01-01-morning';
    const first = await get(t, url, { locale: 'zh-cn' });
    expect(first.code).toBe(0);
    expect(first.data as DevotionalTranslation).toEqual({
      id: 'spurgeon-me:01-01-morning',
      language: 'zh-cn',
      title: '一月一日——早晨',
      text: '以色列疲惫的漂流都结束了。',
      readingMinutes: 1,
      presentation: 'machine_translated',
    });
    const prompt = JSON.stringify(llm.requests.at(-1)!.body);
    expect(prompt).toContain('Simplified Chinese');
    expect(prompt).toContain('Israel');
    await get(t, url, { locale: 'zh-cn' });
    expect(llm.requests.length).toBe(before + 1);
    const english = await get(t, url, { locale: 'en' });
    expect(english.code).toBe(10510);
  });

  it('says so when the model fails, and tries again on the next request', async () => {
    llm.setMode({ kind: 'status', status: 500 });
    const url = '/portal/devotional/translation?id=spurgeon-me:01-02-evening';
    const failed = await get(t, url, { locale: 'fr-fr' });
    expect(failed.code).toBe(10510);
    expect(failed.msg).toContain('traduction automatique');
    llm.setMode({ kind: 'normal', chunks: ['Que le peuple\n###\nToutes choses ont besoin d’être renouvelées.'] });
    const retried = await get(t, url, { locale: 'fr-fr' });
    expect(retried.data).toMatchObject({ title: 'Que le peuple', presentation: 'machine_translated' });
  });

  it('runs at most two translations at once, joins a repeated request, and refuses more as high traffic', async () => {
    let release!: () => void;
    const heldUntil = new Promise<void>((resolve) => (release = resolve));
    llm.setMode({ kind: 'normal', chunks: ['Título\n###\nTexto traducido.'], heldUntil });
    const before = llm.requests.length;
    const ask = (id: string) => get(t, `/portal/devotional/translation?id=${id}`, { locale: 'es-es' });
    // Two readings reach the model; the fourth request comes while both are still translating (the three requests
    // race through their database reads, so it is sent only once the model has both).
    const first = [
      ask('spurgeon-me:01-01-evening'),
      ask('spurgeon-me:01-01-evening'),
      ask('spurgeon-me:01-02-morning'),
    ];
    await expect.poll(() => llm.requests.length).toBe(before + 2);
    const fourth = await ask('spurgeon-me:01-02-evening');
    release();
    const answers = [...(await Promise.all(first)), fourth];
    expect(answers.map((a) => a.code)).toEqual([0, 0, 0, 10008]);
    expect(answers[3]!.msg).toContain('mucho tráfico');
    expect(llm.requests.length).toBe(before + 2);
    expect((await ask('spurgeon-me:01-02-evening')).code).toBe(0);
  });
});

describe('devotionals without a configured model', () => {
  let database: DatabaseHandle;
  let t: TestApp;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bibleqa-devotional-'));

  beforeAll(async () => {
    database = await databaseTargets[0]!.open();
    t = await buildTestApp({ database, env: { CORPUS_DIR: FIXTURE, DATA_DIR: dataDir } });
    expect((await t.container.services.corpus.ingest())?.status).toBe('built');
  });
  afterAll(async () => {
    await t.app.close();
    await t.container.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('offers no machine translation: the reading stays related literature', async () => {
    const detail = (await get(t, '/portal/devotional/info?id=spurgeon-me:01-01-morning', { locale: 'es-es' }))
      .data as DevotionalDetail;
    expect(detail).toMatchObject({ presentation: 'related_literature', machineTranslation: false });
    const translation = await get(t, '/portal/devotional/translation?id=spurgeon-me:01-01-morning', {
      locale: 'es-es',
    });
    expect(translation.code).toBe(10510);
    expect(translation.msg).toContain('traducción automática');
  });
});
