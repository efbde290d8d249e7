import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { errorCode } from '@bible-qa/contract';
import type { DatabaseHandle } from '../../db/client.ts';
import { openTestPglite } from '../../test/databases.ts';
import { startFakeLlm, type FakeLlm } from '../../test/fake-llm.ts';
import { openStream } from '../../test/sse-client.ts';
import { buildTestApp } from '../../test/test-app.ts';
import { createTestUser } from '../../test/test-users.ts';

const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../test/fixtures/corpus');

/** Guests' answers belong to the guest key the client holds; a dropped stream resumes from its last event id. */
describe('guests’ own answers, and streams that resume', () => {
  let database: DatabaseHandle;
  let llm: FakeLlm;
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let origin: string;
  // Keys the server issued (a made-up one counts as none: chat.guest-capacity.test.ts).
  let keyA: Record<string, string>;
  let keyB: Record<string, string>;
  const rid = () => `guest-${randomUUID()}`;

  beforeAll(async () => {
    llm = await startFakeLlm();
    database = await openTestPglite();
    t = await buildTestApp({ database, env: { CORPUS_DIR: FIXTURE, LLM_BASE_URL: llm.baseURL } });
    await t.container.services.corpus.ingest();
    origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const issue = async () => {
      const res = await t.app.inject({ method: 'POST', url: '/webapi/portal/chat/guest-key' });
      return { 'guest-key': String(res.json().data.guestKey) };
    };
    keyA = await issue();
    keyB = await issue();
  });
  afterAll(async () => {
    await t.app.close();
    await t.container.close();
    await llm.close();
  });
  beforeEach(() => {
    llm.requests.length = 0;
    llm.setMode({ kind: 'normal', chunks: Array(60).fill('爱'), gapMs: 25 });
  });

  const ask = (body: Record<string, unknown>, headers: Record<string, string>) =>
    openStream(`${origin}/webapi/portal/chat/ask`, { question: '神爱世人', ...body }, { locale: 'en', ...headers });
  const call = (route: string, body: Record<string, unknown>, headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: `/webapi/portal/chat/${route}`,
      headers: { locale: 'en', ...headers },
      payload: body,
    });
  const answerIdOf = async (stream: Awaited<ReturnType<typeof ask>>) => {
    await expect.poll(() => stream.events.length).toBeGreaterThan(0);
    return String(stream.events[0]!.event.answerId);
  };

  it('lets another guest who learns a request id or an answer id neither join, stop nor resend the answer', async () => {
    const requestId = rid();
    const mine = await ask({ requestId }, keyA);
    const answerId = await answerIdOf(mine);
    // The same request id from another guest is that guest's own ask: a new answer.
    const theirs = await ask({ requestId }, keyB);
    expect(await answerIdOf(theirs)).not.toBe(answerId);
    theirs.drop();

    const stop = await call('stop', { id: answerId }, keyB);
    expect(stop.json()).toMatchObject({ code: errorCode('not_found') });
    const resend = await call('resend', { answerId, requestId: rid() }, keyB);
    expect(resend.json()).toMatchObject({ code: errorCode('not_found') });
    // Without a key a client is told apart by its address; still not this guest.
    expect((await call('stop', { id: answerId }, {})).json()).toMatchObject({ code: errorCode('not_found') });

    await mine.ended;
    expect(mine.last()).toMatchObject({ type: 'done', answer: { status: 'done', content: '爱'.repeat(60) } });
  });

  it('joins the running answer when the same guest retries its request id, with no second model call', async () => {
    const requestId = rid();
    const first = await ask({ requestId }, keyA);
    const answerId = await answerIdOf(first);
    const retry = await ask({ requestId }, keyA);
    await Promise.all([first.ended, retry.ended]);
    expect(retry.events[0]?.event).toMatchObject({ type: 'meta', answerId });
    expect(retry.text()).toBe('爱'.repeat(60));
    expect(llm.requests).toHaveLength(1);
  });

  it('stops the guest’s own answer, keeping its text, and resends it under a new request id', async () => {
    const stream = await ask({ requestId: rid() }, keyA);
    const answerId = await answerIdOf(stream);
    await expect.poll(() => stream.text().length).toBeGreaterThan(2);
    const stop = await call('stop', { id: answerId }, keyA);
    expect(stop.json()).toMatchObject({ code: 0, data: null });
    await stream.ended;
    const done = stream.last();
    expect(done).toMatchObject({ type: 'done', answer: { status: 'stopped' } });
    expect(String((done!.answer as { content: string }).content).length).toBeLessThan(60);

    const resent = await openStream(
      `${origin}/webapi/portal/chat/resend`,
      { answerId, requestId: rid() },
      { locale: 'en', ...keyA },
    );
    await resent.ended;
    expect(resent.last()).toMatchObject({ type: 'done', answer: { status: 'done' } });
    expect(llm.requests).toHaveLength(2);
  });

  it('refuses a malformed guest key', async () => {
    const res = await call('stop', { id: randomUUID() }, { 'guest-key': 'short' });
    expect(res.json()).toMatchObject({ code: errorCode('invalid_request') });
  });

  it('resumes a dropped stream from its last event id: the rest follows, nothing twice, one model call', async () => {
    const requestId = rid();
    const first = await ask({ requestId }, keyA);
    await expect.poll(() => first.text().length).toBeGreaterThanOrEqual(5);
    first.drop();
    await first.ended;
    const seen = first.text();
    const lastId = first.events.at(-1)!.id!;
    expect(lastId).toMatch(/^\d+\.\d+$/);

    const resumed = await ask({ requestId }, { ...keyA, 'last-event-id': lastId });
    await resumed.ended;
    expect(resumed.events[0]?.event.type).not.toBe('meta');
    expect(seen + resumed.text()).toBe('爱'.repeat(60));
    expect(resumed.last()).toMatchObject({ type: 'done', answer: { status: 'done', content: '爱'.repeat(60) } });
    expect(llm.requests).toHaveLength(1);
    expect(llm.requests[0]?.closedEarly).toBe(false);
  });

  it('resumes a logged-in answer from the lastEventId field the same way', async () => {
    const user = await createTestUser(database, 'resumer');
    const requestId = rid();
    const first = await ask({ requestId }, user.headers);
    await expect.poll(() => first.text().length).toBeGreaterThanOrEqual(5);
    first.drop();
    await first.ended;
    const resumed = await ask({ requestId, lastEventId: first.events.at(-1)!.id }, user.headers);
    await resumed.ended;
    expect(first.text() + resumed.text()).toBe('爱'.repeat(60));
    expect(resumed.last()).toMatchObject({ type: 'done', answer: { status: 'done' } });
    expect(llm.requests).toHaveLength(1);
  });
});
