import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Answer } from '@bible-qa/contract';
import { messages } from '../../db/chat-schema.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { databaseTargets } from '../../test/databases.ts';
import { buildTestApp } from '../../test/test-app.ts';
import { createTestUser, parseSse } from '../../test/test-users.ts';

const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../test/fixtures/corpus');
const CHAT = '/webapi/portal/chat';

/**
 * Deleting a conversation keeps its collected answers (with their questions and every part) until they are
 * uncollected; its share links stop opening and leave the owner's list.
 */
describe.each(databaseTargets)('collections outlive their conversation on $name', (target) => {
  let database: DatabaseHandle;
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let a: Awaited<ReturnType<typeof createTestUser>>;
  let b: Awaited<ReturnType<typeof createTestUser>>;

  const call = (method: 'GET' | 'POST', url: string, user: { headers: Record<string, string> }, payload?: object) =>
    t.app.inject({ method, url, headers: { locale: 'en', ...user.headers }, ...(payload ? { payload } : {}) });
  async function ask(question: string, requestId: string, conversationId?: string): Promise<Answer> {
    const res = await call('POST', `${CHAT}/ask`, a, {
      question,
      requestId,
      ...(conversationId ? { conversationId } : {}),
    });
    return (parseSse(res.body).at(-1) as { answer: Answer }).answer;
  }
  const collections = async (user = a) => (await call('GET', `${CHAT}/collections`, user)).json().data;
  const shareList = async () =>
    (await call('GET', '/webapi/portal/share/list', a)).json().data as { token: string; messageCount: number }[];
  const rowsOf = async (ids: string[]) =>
    (await database.db.select({ id: messages.id }).from(messages)).filter((row) => ids.includes(row.id));

  beforeAll(async () => {
    database = await target.open();
    t = await buildTestApp({ database, env: { CORPUS_DIR: FIXTURE } });
    await t.container.services.corpus.ingest();
    a = await createTestUser(database, 'A');
    b = await createTestUser(database, 'B');
  });
  afterAll(async () => {
    await t.app.close();
    await t.container.close();
  });

  it('keeps a collected answer, its question and its parts when the session is deleted; the rest goes', async () => {
    const kept = await ask('神爱世人', 'outlive-a-000001');
    const dropped = await ask('信心是什么', 'outlive-a-000002', kept.conversationId!);
    const elsewhere = await ask('爱是恒久忍耐', 'outlive-a-000003');
    expect([kept, dropped, elsewhere].every((x) => x.status === 'done')).toBe(true);
    expect((await call('POST', `${CHAT}/collect`, a, { id: kept.id })).json().code).toBe(0);

    const onlyHere = (await call('POST', '/webapi/portal/share/create', a, { ids: [kept.id, dropped.id] })).json().data;
    const mixed = (await call('POST', '/webapi/portal/share/create', a, { ids: [kept.id, elsewhere.id] })).json().data;
    expect((await call('GET', `/webapi/portal/share/public/${onlyHere.token}`, a)).json().code).toBe(0);

    expect((await call('POST', `${CHAT}/session/delete`, a, { id: kept.conversationId })).json().code).toBe(0);

    // The collection still lists the answer, whole, now outside any conversation.
    const listed = await collections();
    expect(listed.total).toBe(1);
    const saved = listed.items[0] as Answer;
    expect(saved).toMatchObject({
      id: kept.id,
      question: '神爱世人',
      content: kept.content,
      collected: true,
      conversationId: null,
    });
    expect(saved.citations).toEqual(kept.citations);
    expect(saved.relatedBooks).toEqual(kept.relatedBooks);
    expect(saved.followUps).toEqual(kept.followUps);
    expect(saved.relatedBooks.length).toBeGreaterThan(0);

    // It opens on its own, with its question, for its owner only.
    const one = (await call('GET', `${CHAT}/collection?id=${kept.id}`, a)).json();
    expect(one).toMatchObject({ code: 0, data: { id: kept.id, question: '神爱世人', conversationId: null } });
    expect((await call('GET', `${CHAT}/collection?id=${kept.id}`, b)).json()).toMatchObject({ code: 10006 });

    // The session, its history and its uncollected turn are gone.
    expect((await call('GET', `${CHAT}/messages?conversationId=${kept.conversationId}`, a)).json()).toMatchObject({
      code: 10006,
    });
    const sessions = (await call('GET', `${CHAT}/sessions`, a)).json().data;
    expect(sessions.items.map((s: { id: string }) => s.id)).toEqual([elsewhere.conversationId]);
    const recent = (await call('GET', `${CHAT}/recent`, a)).json().data as { question: string }[];
    expect(recent.map((r) => r.question)).toEqual(['爱是恒久忍耐']);
    expect(await rowsOf([dropped.id, dropped.questionId!])).toEqual([]);
    expect(await rowsOf([kept.id, kept.questionId!])).toHaveLength(2);

    // A kept answer has no conversation to be answered again in.
    const resend = await call('POST', `${CHAT}/resend`, a, { answerId: kept.id, requestId: 'outlive-a-000004' });
    expect(resend.json()).toMatchObject({ code: 10006 });

    // Its link no longer opens and leaves the list; a link that still has a live answer stays, counting it alone.
    expect((await call('GET', `/webapi/portal/share/public/${onlyHere.token}`, a)).json().code).toBe(10006);
    const links = await shareList();
    expect(links.map((l) => l.token)).toEqual([mixed.token]);
    expect(links[0]!.messageCount).toBe(1);
    const mixedPage = (await call('GET', `/webapi/portal/share/public/${mixed.token}`, a)).json();
    expect(mixedPage.data.items.map((i: { question: string }) => i.question)).toEqual(['爱是恒久忍耐']);
    // …and no new link can be made of it.
    expect((await call('POST', '/webapi/portal/share/create', a, { ids: [kept.id] })).json().code).toBe(10006);
  });

  it('erases a kept answer and its question once it is uncollected', async () => {
    const [saved] = (await collections()).items as Answer[];
    expect(saved).toBeDefined();
    expect((await call('POST', `${CHAT}/uncollect`, a, { id: saved!.id })).json().code).toBe(0);
    expect((await collections()).total).toBe(0);
    expect((await call('GET', `${CHAT}/collection?id=${saved!.id}`, a)).json()).toMatchObject({ code: 10006 });
    const orphans = await database.db
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.userId, a.userId), isNull(messages.conversationId)));
    expect(orphans).toEqual([]);
  });

  it('uncollecting in a live conversation keeps the answer there', async () => {
    const answer = await ask('耶稣是谁', 'outlive-a-000005');
    await call('POST', `${CHAT}/collect`, a, { id: answer.id });
    expect((await call('GET', `${CHAT}/collection?id=${answer.id}`, a)).json().data.conversationId).toBe(
      answer.conversationId,
    );
    await call('POST', `${CHAT}/uncollect`, a, { id: answer.id });
    const turns = (await call('GET', `${CHAT}/messages?conversationId=${answer.conversationId}`, a)).json().data;
    expect(turns[0].answer).toMatchObject({ id: answer.id, collected: false });
  });

  it('refuses a malformed id with the envelope, and someone else’s answer to a guest', async () => {
    expect((await call('GET', `${CHAT}/collection?id=nope`, a)).json()).toMatchObject({ code: 10000, data: null });
    expect((await call('GET', `${CHAT}/collection?id=${a.userId}`, { headers: {} })).json().code).toBe(10006);
  });
});
