import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Answer } from '@bible-qa/contract';
import type { DatabaseHandle } from '../../db/client.ts';
import { databaseTargets } from '../../test/databases.ts';
import { buildTestApp } from '../../test/test-app.ts';
import { createTestUser, parseSse } from '../../test/test-users.ts';

const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../test/fixtures/corpus');

describe.each(databaseTargets)('one user cannot reach another’s conversations on $name', (target) => {
  let database: DatabaseHandle;
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let a: Awaited<ReturnType<typeof createTestUser>>;
  let b: Awaited<ReturnType<typeof createTestUser>>;
  let answer: Answer;

  beforeAll(async () => {
    database = await target.open();
    t = await buildTestApp({ database, env: { CORPUS_DIR: FIXTURE } });
    await t.container.services.corpus.ingest();
    a = await createTestUser(database, 'A');
    b = await createTestUser(database, 'B');
    const res = await t.app.inject({
      method: 'POST',
      url: '/webapi/portal/chat/ask',
      headers: a.headers,
      payload: { question: '神爱世人', requestId: 'owner-a-000001' },
    });
    answer = (parseSse(res.body).at(-1) as { answer: Answer }).answer;
    await t.app.inject({
      method: 'POST',
      url: '/webapi/portal/chat/collect',
      headers: a.headers,
      payload: { id: answer.id },
    });
    await t.app.inject({
      method: 'POST',
      url: '/webapi/portal/chat/rate',
      headers: a.headers,
      payload: { id: answer.id, rating: 'like' },
    });
  });
  afterAll(async () => {
    await t.app.close();
    await t.container.close();
  });

  const routes = () => [
    {
      name: 'read the messages',
      method: 'GET' as const,
      url: `/webapi/portal/chat/messages?conversationId=${answer.conversationId}`,
    },
    {
      name: 'rename the session',
      method: 'POST' as const,
      url: '/webapi/portal/chat/session/rename',
      payload: { id: answer.conversationId, title: 'mine now' },
    },
    {
      name: 'delete the session',
      method: 'POST' as const,
      url: '/webapi/portal/chat/session/delete',
      payload: { id: answer.conversationId },
    },
    {
      name: 'collect the answer',
      method: 'POST' as const,
      url: '/webapi/portal/chat/collect',
      payload: { id: answer.id },
    },
    {
      name: 'uncollect the answer',
      method: 'POST' as const,
      url: '/webapi/portal/chat/uncollect',
      payload: { id: answer.id },
    },
    {
      name: 'batch-uncollect the answer',
      method: 'POST' as const,
      url: '/webapi/portal/chat/batch',
      payload: { ids: [answer.id], action: 'uncollect' },
    },
    {
      name: 'rate the answer',
      method: 'POST' as const,
      url: '/webapi/portal/chat/rate',
      payload: { id: answer.id, rating: 'dislike' },
    },
    {
      name: 'take back the rating',
      method: 'POST' as const,
      url: '/webapi/portal/chat/rate',
      payload: { id: answer.id, rating: null },
    },
    {
      name: 'read the collected answer',
      method: 'GET' as const,
      url: `/webapi/portal/chat/collection?id=${answer.id}`,
    },
    { name: 'stop the answer', method: 'POST' as const, url: '/webapi/portal/chat/stop', payload: { id: answer.id } },
    {
      name: 'resend the answer',
      method: 'POST' as const,
      url: '/webapi/portal/chat/resend',
      payload: { answerId: answer.id, requestId: 'thief-b-000001' },
    },
    {
      name: 'continue the conversation',
      method: 'POST' as const,
      url: '/webapi/portal/chat/ask',
      payload: { conversationId: answer.conversationId, question: 'q', requestId: 'thief-b-000002' },
    },
  ];

  it.each(Array.from({ length: 12 }, (_, i) => i))('refuses route #%i with the other user’s id', async (i) => {
    const route = routes()[i]!;
    const res = await t.app.inject({
      method: route.method,
      url: route.url,
      headers: { ...b.headers, locale: 'en' },
      payload: route.payload,
    });
    expect(res.headers['content-type']).toMatch(/json/);
    expect(res.json()).toMatchObject({ code: 10006, data: null });
  });

  it('leaves the owner’s data as it was', async () => {
    const turns = await t.app.inject({
      method: 'GET',
      url: `/webapi/portal/chat/messages?conversationId=${answer.conversationId}`,
      headers: a.headers,
    });
    const [turn] = turns.json().data;
    expect(turn.answer).toMatchObject({ id: answer.id, collected: true, rating: 'like', status: 'done' });
    const sessions = (
      await t.app.inject({ method: 'GET', url: '/webapi/portal/chat/sessions', headers: a.headers })
    ).json();
    expect(sessions.data.items[0].title).not.toBe('mine now');
    const bSessions = (
      await t.app.inject({ method: 'GET', url: '/webapi/portal/chat/sessions', headers: b.headers })
    ).json();
    expect(bSessions.data.total).toBe(0);
    const bCollections = (
      await t.app.inject({ method: 'GET', url: '/webapi/portal/chat/collections', headers: b.headers })
    ).json();
    expect(bCollections.data.total).toBe(0);
  });

  it('lets the owner do all of it', async () => {
    const h = a.headers;
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/webapi/portal/chat/rate',
          headers: h,
          payload: { id: answer.id, rating: null },
        })
      ).json().code,
    ).toBe(0);
    expect(
      (await t.app.inject({ method: 'GET', url: '/webapi/portal/chat/collections', headers: h })).json().data.items[0]
        .id,
    ).toBe(answer.id);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/webapi/portal/chat/session/rename',
          headers: h,
          payload: { id: answer.conversationId, title: '爱' },
        })
      ).json().code,
    ).toBe(0);
    expect(
      (await t.app.inject({ method: 'GET', url: '/webapi/portal/chat/recent', headers: h })).json().data[0].question,
    ).toBe('神爱世人');
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/webapi/portal/chat/session/delete',
          headers: h,
          payload: { id: answer.conversationId },
        })
      ).json().code,
    ).toBe(0);
    expect(
      (await t.app.inject({ method: 'GET', url: '/webapi/portal/chat/sessions', headers: h })).json().data.total,
    ).toBe(0);
  });

  it('gives a guest who kept nothing an empty history, not a login wall', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/webapi/portal/chat/sessions', headers: { locale: 'en' } });
    expect(res.json()).toMatchObject({ code: 0, data: { items: [], total: 0 } });
  });
});
