import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { errorCode, type LoginResult } from '@bible-qa/contract';
import type { DatabaseHandle } from '../../db/client.ts';
import { guests, users } from '../../db/schema.ts';
import { manualClock, post } from '../../test/auth-helpers.ts';
import { openTestPglite } from '../../test/databases.ts';
import { startFakeLlm, type FakeLlm } from '../../test/fake-llm.ts';
import { startGoogleKeys, type GoogleKeys } from '../../test/google-keys.ts';
import { allModesEnv, loginModes } from '../../test/login-modes.ts';
import { openStream } from '../../test/sse-client.ts';
import { buildTestApp } from '../../test/test-app.ts';
import { parseSse } from '../../test/test-users.ts';

const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../test/fixtures/corpus');
const DAY = 86_400_000;

/**
 * Nothing lost between guest and account (decision 0040): a guest's conversations and collections are kept under its
 * key, listed, searched and followed as an account's are, and every login from its browser makes them the account's,
 * an answer still being written included.
 */
describe('a guest’s conversations, kept and carried into the account', () => {
  let database: DatabaseHandle;
  let llm: FakeLlm;
  let google: GoogleKeys;
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let origin: string;
  const clock = manualClock('2026-11-22T12:00:00Z');
  let phone = 13_300_000_000;
  const nextPhone = () => String(++phone);
  // Keys this server issued (decision 0022): a made-up one names no guest.
  const guestKey = () => ({ 'guest-key': t.container.services.guestKeys.keys.issue() });
  const digest = (key: string) => t.container.services.guestKeys.keys.verify(key)!;
  const rid = () => `r-${randomUUID()}`;

  beforeAll(async () => {
    llm = await startFakeLlm();
    google = await startGoogleKeys();
    database = await openTestPglite();
    t = await buildTestApp({
      database,
      clock,
      env: { CORPUS_DIR: FIXTURE, LLM_BASE_URL: llm.baseURL, GUEST_RETENTION_DAYS: '30', ...allModesEnv(google) },
    });
    await t.container.services.corpus.ingest();
    origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await t.app.close();
    await t.container.close();
    await llm.close();
    await google.close();
  });
  beforeEach(() => {
    llm.setMode({ kind: 'normal', chunks: ['神', '爱', '世人'] });
  });

  const inject = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: object) =>
    t.app.inject({ method, url: `/webapi/portal/chat/${url}`, headers: { locale: 'en', ...headers }, payload });
  const json = async (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: object) =>
    (await inject(method, url, headers, payload)).json() as { code: number; data: never };
  /** Asks to the end and answers the finished answer. */
  async function ask(headers: Record<string, string>, question = '神爱世人') {
    const res = await inject('POST', 'ask', headers, { question, requestId: rid() });
    const last = parseSse(res.body).at(-1)!;
    expect(last.type).toBe('done');
    return last.answer as { id: string; conversationId: string; content: string };
  }
  const sessions = async (headers: Record<string, string>) =>
    ((await json('GET', 'sessions', headers)).data as { items: { id: string }[] }).items.map((s) => s.id);
  const bearer = (login: LoginResult) => ({ authorization: `Bearer ${login.access_token}` });
  const guestRows = async () => database.db.select().from(guests);

  it('keeps a guest’s conversation under its key: history, turns, collect, search; no one else sees it', async () => {
    const key = guestKey();
    const answer = await ask(key);
    expect(answer.conversationId).toEqual(expect.any(String));
    expect(await sessions(key)).toEqual([answer.conversationId]);
    const turns = (await json('GET', `messages?conversationId=${answer.conversationId}`, key)).data as {
      answer: { content: string };
    }[];
    expect(turns.map((turn) => turn.answer.content)).toEqual(['神爱世人']);
    expect((await json('POST', 'collect', key, { id: answer.id })).code).toBe(0);
    const collections = (await json('GET', 'collections', key)).data as { items: { id: string }[] };
    expect(collections.items.map((item) => item.id)).toEqual([answer.id]);
    const found = (await json('GET', 'search?q=%E4%B8%96%E4%BA%BA', key)).data as { total: number };
    expect(found.total).toBe(1);

    // Another guest, and a client with no key, have nothing here and can touch nothing of it.
    const other = guestKey();
    expect(await sessions(other)).toEqual([]);
    expect(await sessions({})).toEqual([]);
    expect((await json('GET', `messages?conversationId=${answer.conversationId}`, other)).code).toBe(
      errorCode('not_found'),
    );
    expect((await json('POST', 'uncollect', other, { id: answer.id })).code).toBe(errorCode('not_found'));
    // Looking made no guest of them: only a guest that asked is kept.
    expect(await guestRows()).toHaveLength(1);
  });

  const logins: [string, (headers: Record<string, string>) => Promise<LoginResult>][] = [
    ['a code', (headers) => loginModes.code(t, nextPhone(), headers)],
    ['a password', (headers) => loginModes.password(t, nextPhone(), clock, headers)],
    ['Google', (headers) => loginModes.google(t, google, `sub-${randomUUID()}`, headers)],
    [
      'a QR code confirmed on a phone',
      async (headers) => loginModes.qr(t, (await loginModes.code(t, nextPhone())).access_token, headers),
    ],
    ['a partner link', (headers) => loginModes.external(t, `partner-${randomUUID()}`, headers)],
    [
      'the remembered user token',
      async (headers) => {
        const earlier = await loginModes.code(t, nextPhone());
        const res = await post(t, '/portal/auth/login', { userToken: earlier.user_token }, { headers });
        expect(res.code).toBe(0);
        return res.data as LoginResult;
      },
    ],
  ];

  it.each(logins)('moves the conversations and collections to the account at a login by %s', async (_, login) => {
    const key = guestKey();
    const first = await ask(key, '神爱世人');
    const second = await ask(key, '信心是什么');
    await json('POST', 'collect', key, { id: second.id });

    const [guest] = await database.db
      .select()
      .from(guests)
      .where(eq(guests.keyHash, digest(key['guest-key'])));
    expect(guest).toBeDefined();
    const account = await login(key);
    expect((await sessions(bearer(account))).sort()).toEqual([first.conversationId, second.conversationId].sort());
    const collections = (await json('GET', 'collections', bearer(account))).data as { items: { id: string }[] };
    expect(collections.items.map((item) => item.id)).toContain(second.id);
    // The guest is gone: the browser, logged out again, starts a new guest with nothing.
    expect(await sessions(key)).toEqual([]);
    expect(await database.db.select().from(users).where(eq(users.id, guest!.userId))).toEqual([]);
  });

  it('lets an answer being written at the login go on, and be the account’s: followed, then stopped', async () => {
    llm.setMode({ kind: 'normal', chunks: Array(80).fill('爱'), gapMs: 25 });
    const key = guestKey();
    const stream = await openStream(
      `${origin}/webapi/portal/chat/ask`,
      { question: '神爱世人', requestId: rid() },
      { locale: 'en', ...key },
    );
    await expect.poll(() => stream.text().length).toBeGreaterThan(3);
    const meta = stream.events[0]!.event as { answerId: string; conversationId: string };
    const account = await loginModes.code(t, nextPhone(), key);

    // The guest's own stream runs on; the account follows the same answer and can stop it.
    const followed = await openStream(
      `${origin}/webapi/portal/chat/follow`,
      { answerId: meta.answerId },
      { locale: 'en', ...bearer(account) },
    );
    await expect.poll(() => followed.text().length).toBeGreaterThan(5);
    const stop = await json('POST', 'stop', bearer(account), { id: meta.answerId });
    expect(stop).toMatchObject({ code: 0, data: { id: meta.answerId, status: 'stopped' } });
    await Promise.all([stream.ended, followed.ended]);
    expect(stream.last()).toMatchObject({ type: 'done', answer: { status: 'stopped' } });
    const turns = (await json('GET', `messages?conversationId=${meta.conversationId}`, bearer(account))).data as {
      answer: { status: string; content: string };
    }[];
    expect(turns[0]!.answer.status).toBe('stopped');
    expect(turns[0]!.answer.content).toBe(String((stream.last()!.answer as { content: string }).content));
    expect(turns[0]!.answer.content.length).toBeGreaterThan(3);
  });

  it('gives a guest back its answer after a reload: the text so far at once, then the rest, one model call', async () => {
    llm.setMode({ kind: 'normal', chunks: Array(60).fill('恩'), gapMs: 25 });
    llm.requests.length = 0;
    const key = guestKey();
    const first = await openStream(
      `${origin}/webapi/portal/chat/ask`,
      { question: '什么是恩典', requestId: rid() },
      { locale: 'en', ...key },
    );
    await expect.poll(() => first.text().length).toBeGreaterThan(5);
    const answerId = String(first.events[0]!.event.answerId);
    first.drop();
    await first.ended;

    // The reloaded page has only the address and the answer's id from the conversation's turns.
    const followed = await openStream(`${origin}/webapi/portal/chat/follow`, { answerId }, { locale: 'en', ...key });
    await followed.ended;
    expect(followed.text()).toBe('恩'.repeat(60));
    expect(followed.last()).toMatchObject({ type: 'done', answer: { status: 'done', content: '恩'.repeat(60) } });
    expect(llm.requests).toHaveLength(1);
    // Someone else's key cannot follow it.
    expect((await json('POST', 'follow', guestKey(), { answerId })).code).toBe(errorCode('not_found'));
  });

  it('deletes a guest unseen for the retention period, with what it kept', async () => {
    const key = guestKey();
    const answer = await ask(key);
    const kept = (await guestRows()).length;
    clock.advance(31 * DAY);
    // A later guest's first ask sweeps idle guests (at most hourly), as the audit log prunes itself.
    await ask(guestKey());
    await expect.poll(async () => (await sessions(key)).length).toBe(0);
    expect((await json('GET', `messages?conversationId=${answer.conversationId}`, key)).code).toBe(
      errorCode('not_found'),
    );
    expect((await guestRows()).length).toBeLessThanOrEqual(kept);
  });
});
