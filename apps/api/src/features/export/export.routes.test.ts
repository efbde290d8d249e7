import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountExportSchema, type AccountExport } from '@bible-qa/contract';
import type { DatabaseHandle } from '../../db/client.ts';
import { openTestPglite } from '../../test/databases.ts';
import { startFakeLlm, type FakeLlm } from '../../test/fake-llm.ts';
import { buildTestApp } from '../../test/test-app.ts';
import { createTestUser, parseSse } from '../../test/test-users.ts';

const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../test/fixtures/corpus');

/**
 * The reader's data as one download (issue 29, the privacy policy's promise): conversations with their turns,
 * collections, highlights, bookmarks and notes, and plans with what was read; an account's, or a guest's.
 */
describe('the account’s data as one download', () => {
  let database: DatabaseHandle;
  let llm: FakeLlm;
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bibleqa-export-'));

  beforeAll(async () => {
    llm = await startFakeLlm({ kind: 'normal', chunks: ['神爱世人，', '甚至将他的独生子赐给他们。'] });
    database = await openTestPglite();
    t = await buildTestApp({ database, env: { CORPUS_DIR: FIXTURE, DATA_DIR: dataDir, LLM_BASE_URL: llm.baseURL } });
    await t.container.services.corpus.ingest();
  });
  afterAll(async () => {
    await t.app.close();
    await t.container.close();
    await llm.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  type Headers = Record<string, string>;
  const inject = (method: 'GET' | 'POST', url: string, headers: Headers, payload?: object) =>
    t.app.inject({ method, url: `/webapi/portal/${url}`, headers: { locale: 'zh-cn', ...headers }, payload });
  async function ask(headers: Headers, question: string) {
    const res = await inject('POST', 'chat/ask', headers, { question, requestId: `r-${randomUUID()}` });
    const last = parseSse(res.body).at(-1)!;
    expect(last.type).toBe('done');
    return last.answer as { id: string; conversationId: string };
  }
  /** Everything a reader keeps: two conversations, one answer collected, marks on John 3, a plan day read. */
  async function keepThings(headers: Headers) {
    const first = await ask(headers, '神爱世人是什么意思');
    const second = await ask(headers, '什么是信心');
    expect((await inject('POST', 'chat/collect', headers, { id: second.id })).json().code).toBe(0);
    const span = { book: 'JHN', chapter: 3, from: 16, to: 16 };
    await inject('POST', 'annotations/highlight', headers, { span, color: 'yellow' });
    await inject('POST', 'annotations/note', headers, { span, text: '神的爱' });
    await inject('POST', 'plans/start', headers, { planId: 'mcheyne', startDate: '2026-11-20' });
    await inject('POST', 'plans/mark', headers, { planId: 'mcheyne', day: 1, read: true, date: '2026-11-20' });
    return { first, second };
  }
  const download = async (headers: Headers) => {
    const res = await inject('GET', 'export/account', headers);
    const body = res.json() as { code: number; data: AccountExport };
    expect(body.code).toBe(0);
    return { res, data: accountExportSchema.parse(body.data) };
  };

  it('gives an account everything it keeps, named as a file to save', async () => {
    const { headers, userId } = await createTestUser(database, 'exporter');
    const { first, second } = await keepThings(headers);

    const { res, data } = await download(headers);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="bible-qa-export-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(data.account?.id).toBe(userId);
    expect(data.conversations.map((c) => c.id).sort()).toEqual([first.conversationId, second.conversationId].sort());
    const asked = data.conversations.find((c) => c.id === first.conversationId)!;
    expect(asked.turns.map((turn) => turn.question.text)).toEqual(['神爱世人是什么意思']);
    expect(asked.turns[0]!.answer?.content).toBe('神爱世人，甚至将他的独生子赐给他们。');
    expect(data.collections.map((a) => a.id)).toEqual([second.id]);
    expect(data.annotations.map((a) => [a.kind, a.reference, a.color ?? a.text]).sort()).toEqual([
      ['highlight', 'JHN.3.16', 'yellow'],
      ['note', 'JHN.3.16', '神的爱'],
    ]);
    expect(data.plans).toEqual([
      {
        planId: 'mcheyne',
        startDate: '2026-11-20',
        read: [0, 1, 2, 3].map((reading) => ({ day: 1, reading, readOn: '2026-11-20' })),
      },
    ]);
  });

  it('keeps a collection whose conversation was deleted, and nothing of another reader', async () => {
    const { headers } = await createTestUser(database, 'deleter');
    const { second } = await keepThings(headers);
    await inject('POST', 'chat/session/delete', headers, { id: second.conversationId });
    const { data } = await download(headers);
    expect(data.conversations).toHaveLength(1);
    expect(data.collections.map((a) => [a.id, a.conversationId])).toEqual([[second.id, null]]);

    const other = await createTestUser(database, 'other');
    const theirs = await download(other.headers);
    expect(theirs.data).toMatchObject({ conversations: [], collections: [], annotations: [], plans: [] });
  });

  it('gives a guest what its key keeps, with no account; a client with no key gets an empty document', async () => {
    const guest = { 'guest-key': t.container.services.guestKeys.keys.issue() };
    const { first } = await keepThings(guest);
    const { data } = await download(guest);
    expect(data.account).toBeNull();
    expect(data.conversations.map((c) => c.id)).toContain(first.conversationId);
    expect(data.annotations).toHaveLength(2);
    expect(data.plans).toHaveLength(1);

    const keyless = await download({});
    expect(keyless.data).toMatchObject({ account: null, conversations: [], collections: [], annotations: [] });
  });
});
