import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Answer } from '@bible-qa/contract';
import type { DatabaseHandle } from '../../db/client.ts';
import { shares } from '../../db/share-schema.ts';
import { databaseTargets } from '../../test/databases.ts';
import { buildTestApp } from '../../test/test-app.ts';
import { createTestUser, parseSse } from '../../test/test-users.ts';

const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../test/fixtures/corpus');
const BASE = '/webapi/portal/share';

describe.each(databaseTargets)('sharing answers on $name', (target) => {
  let database: DatabaseHandle;
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let a: Awaited<ReturnType<typeof createTestUser>>;
  let b: Awaited<ReturnType<typeof createTestUser>>;
  let answers: Answer[];
  let otherAnswer: Answer;

  async function ask(user: typeof a, question: string, requestId: string, conversationId?: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/webapi/portal/chat/ask',
      headers: user.headers,
      payload: { question, requestId, ...(conversationId ? { conversationId } : {}) },
    });
    return (parseSse(res.body).at(-1) as { answer: Answer }).answer;
  }
  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `${BASE}${url}`,
      headers: { locale: 'en', ...headers },
      payload: payload as object,
    });
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `${BASE}${url}`, headers: { locale: 'en', ...headers } });
  const shareCount = async () => (await database.db.select().from(shares)).length;

  beforeAll(async () => {
    database = await target.open();
    t = await buildTestApp({ database, env: { CORPUS_DIR: FIXTURE } });
    await t.container.services.corpus.ingest();
    a = await createTestUser(database, 'A');
    b = await createTestUser(database, 'B');
    const first = await ask(a, '神爱世人', 'share-a-000001');
    const second = await ask(a, '信心是什么', 'share-a-000002', first.conversationId!);
    answers = [first, second];
    otherAnswer = await ask(b, '爱是恒久忍耐', 'share-b-000001');
  });
  afterAll(async () => {
    await t.app.close();
    await t.container.close();
  });

  it('renders the owner’s answers as a PNG card, light and dark', async () => {
    expect(answers.every((x) => x.status === 'done')).toBe(true);
    for (const theme of ['light', 'dark']) {
      const res = await post('/card', { ids: answers.map((x) => x.id), theme }, a.headers);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta.width).toBe(1080);
      expect(meta.height).toBeGreaterThan(600);
    }
  });

  it('refuses to render or link another user’s answers, alone or among the caller’s own, and stores nothing', async () => {
    const before = await shareCount();
    const cases = [
      { who: b, ids: [answers[0]!.id] },
      { who: a, ids: [otherAnswer.id] },
      { who: a, ids: [...answers.map((x) => x.id), otherAnswer.id] },
    ];
    for (const { who, ids } of cases) {
      for (const route of ['/card', '/create']) {
        const res = await post(route, { ids }, who.headers);
        expect(res.headers['content-type']).toMatch(/json/);
        expect(res.json()).toMatchObject({ code: 10006, data: null });
      }
    }
    // A question's id is not an answer's.
    expect((await post('/card', { ids: [answers[0]!.questionId] }, a.headers)).json().code).toBe(10006);
    expect(await shareCount()).toBe(before);
  });

  it('asks guests to log in for every owner route', async () => {
    for (const res of [
      await post('/card', { ids: [answers[0]!.id] }),
      await post('/create', { ids: [answers[0]!.id] }),
      await get('/list'),
      await post('/revoke', { token: 'x'.repeat(32) }),
    ]) {
      expect(res.json().code).toBe(401);
    }
  });

  it('refuses bad input with a clear envelope and stores nothing', async () => {
    const before = await shareCount();
    const ids = answers.map((x) => x.id);
    for (const payload of [
      { ids: [] },
      { ids: Array.from({ length: 11 }, () => ids[0]) },
      { ids: ['not-a-uuid'] },
      { ids, theme: 'sepia' },
    ]) {
      const route = 'theme' in payload ? '/card' : '/create';
      expect((await post(route, payload, a.headers)).json()).toMatchObject({ code: 10000, data: null });
    }
    expect((await post('/revoke', { token: '../../etc' }, a.headers)).json().code).toBe(10000);
    expect(await shareCount()).toBe(before);
  });

  it('publishes a read-only page anyone can open, with verses and the AI label and nothing of the owner', async () => {
    const created = (await post('/create', { ids: answers.map((x) => x.id) }, a.headers)).json();
    expect(created.code).toBe(0);
    const link = created.data;
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(link).toMatchObject({ path: `/share/${link.token}`, title: '神爱世人', messageCount: 2 });

    const page = await get(`/public/${link.token}`);
    expect(page.headers['cache-control']).toBe('no-store');
    const body = page.json();
    expect(body.code).toBe(0);
    expect(body.data.aiGenerated).toBe(true);
    expect(body.data.items.map((i: { question: string }) => i.question)).toEqual(['神爱世人', '信心是什么']);
    expect(body.data.items[0].content).toBe(answers[0]!.content);
    const linked = body.data.items[0].citations.filter((c: { status: string }) => c.status === 'linked');
    expect(linked.length).toBeGreaterThan(0);
    expect(linked.every((c: { verseText: string | null }) => (c.verseText ?? '').length > 0)).toBe(true);
    for (const secret of [a.userId, answers[0]!.id, answers[0]!.conversationId!, answers[0]!.questionId!]) {
      expect(page.body).not.toContain(secret);
    }

    const card = await get(`/public/${link.token}/card?theme=dark`);
    expect(card.headers['content-type']).toBe('image/png');
    expect((await sharp(card.rawPayload).metadata()).width).toBe(1080);

    const list = (await get('/list', a.headers)).json().data;
    expect(list.map((l: { token: string }) => l.token)).toContain(link.token);
    expect((await get('/list', b.headers)).json().data).toEqual([]);
  });

  it("names the cited books in the reader's tradition: the query's expression, else the reader's account", async () => {
    const link = (await post('/create', { ids: [answers[0]!.id] }, a.headers)).json().data;
    const labels = async (query: string, headers: Record<string, string> = {}) => {
      const body = (await get(`/public/${link.token}${query}`, headers)).json();
      return (body.data.items[0].citations as { reference: string | null; label: string | null }[])
        .filter((c) => c.reference?.startsWith('JHN.'))
        .map((c) => c.label);
    };
    // John is 约翰福音 in the Union Version's naming and 若望福音 in the Catholic one; the verse numbers stay.
    const protestant = await labels('');
    expect(protestant.length).toBeGreaterThan(0);
    expect(protestant.every((label) => label?.startsWith('约翰福音 '))).toBe(true);
    const catholic = protestant.map((label) => label!.replace('约翰福音', '若望福音'));
    expect(await labels('?expression=catholic')).toEqual(catholic);
    const chosen = await t.app.inject({
      method: 'POST',
      url: '/webapi/portal/member/update-expression',
      headers: b.headers,
      payload: { expression: 'catholic' },
    });
    expect(chosen.json().code).toBe(0);
    expect(await labels('', b.headers)).toEqual(catholic);
    expect(await labels('?expression=protestant', b.headers)).toEqual(protestant);
    const card = await get(`/public/${link.token}/card?expression=catholic`);
    expect(card.headers['content-type']).toBe('image/png');
  });

  it('lets only the owner revoke, after which the link answers exactly like one that never existed', async () => {
    const link = (await post('/create', { ids: [answers[1]!.id] }, a.headers)).json().data;
    expect((await post('/revoke', { token: link.token }, b.headers)).json()).toMatchObject({ code: 10006 });
    expect((await get(`/public/${link.token}`)).json().code).toBe(0);

    expect((await post('/revoke', { token: link.token }, a.headers)).json().code).toBe(0);
    const revoked = await get(`/public/${link.token}`);
    const unknown = await get(`/public/${'A'.repeat(32)}`);
    const garbage = await get(`/public/${encodeURIComponent('<script>')}`);
    const strip = (res: typeof revoked) => {
      const { requestId: _requestId, ...rest } = res.json();
      return { status: res.statusCode, body: rest };
    };
    expect(strip(revoked)).toEqual({
      status: strip(unknown).status,
      body: { code: 10006, msg: expect.any(String), data: null },
    });
    expect(strip(revoked)).toEqual(strip(unknown));
    expect(strip(garbage)).toEqual(strip(unknown));
    expect((await get(`/public/${link.token}/card`)).json().code).toBe(10006);
    expect((await get('/list', a.headers)).json().data.map((l: { token: string }) => l.token)).not.toContain(
      link.token,
    );
    // Revoking twice is not found too.
    expect((await post('/revoke', { token: link.token }, a.headers)).json().code).toBe(10006);
  });

  it('stops serving a share once its answers are deleted with their session', async () => {
    const answer = await ask(a, '耶稣是谁', 'share-a-000003');
    const link = (await post('/create', { ids: [answer.id] }, a.headers)).json().data;
    expect((await get(`/public/${link.token}`)).json().code).toBe(0);
    await t.app.inject({
      method: 'POST',
      url: '/webapi/portal/chat/session/delete',
      headers: a.headers,
      payload: { id: answer.conversationId },
    });
    expect((await get(`/public/${link.token}`)).json().code).toBe(10006);
  });
});
