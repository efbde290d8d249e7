import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../../test/fake-llm.ts';
import { buildCorpusTestApp, type CorpusTestApp } from '../../test/test-app.ts';
import { createTestUser, parseSse, type SseEventLike } from '../../test/test-users.ts';

const CAP = 2_000;

/**
 * Issue 25, finding 4: with a model that ignores max_tokens and streams on, each reader's answer grew to 20–197 MB in
 * the server's memory. The answer is now cut at a length per mode on the server, and the model call closed there.
 */
describe('an answer’s length cap, whatever the model does with max_tokens', () => {
  let llm: FakeLlm;
  let t: CorpusTestApp;
  let n = 0;

  beforeAll(async () => {
    llm = await startFakeLlm();
    t = await buildCorpusTestApp({
      llm,
      env: { LLM_MAX_TOKENS_SIMPLE: '100', ANSWER_MAX_CHARS_SIMPLE: String(CAP) },
    });
  });
  afterAll(async () => {
    await t.close();
    await llm.close();
  });
  beforeEach(() => {
    llm.requests.length = 0;
  });

  const ask = async (headers: Record<string, string>, requestId = `cap-${(n += 1)}-${Date.now()}`) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/webapi/portal/chat/ask',
      headers,
      payload: { question: '神爱世人', mode: 'simple', requestId },
    });
    return { events: parseSse(res.body), requestId };
  };
  const text = (events: SseEventLike[]) => events.map((e) => (e.type === 'delta' ? String(e.text) : '')).join('');

  it('cuts an answer whose model ignores max_tokens at the cap, closes the model call and keeps only that', async () => {
    // A million characters (50 per chunk, a chunk a millisecond) asked for 100 tokens.
    llm.setMode({
      kind: 'normal',
      chunks: Array(20_000).fill('神爱世人，甚至将他的独生子赐给他们。叫一切信他的，不至灭亡，反得永生。'),
      gapMs: 1,
    });
    const user = await createTestUser(t.database, 'capped');
    const { events, requestId } = await ask(user.headers);
    const last = events.at(-1) as SseEventLike & { answer: { status: string; content: string } };
    expect(last.type).toBe('done');
    expect(last.answer.status).toBe('done');
    expect(last.answer.content).toHaveLength(CAP);
    expect(text(events)).toBe(last.answer.content);
    expect(llm.requests[0]!.body.max_tokens).toBe(100);
    await expect.poll(() => llm.requests[0]!.closedEarly).toBe(true);
    // What a retry or a resume replays is the same capped answer: the resumable state holds at most the cap.
    const again = await ask(user.headers, requestId);
    expect((again.events.at(-1) as typeof last).answer.content).toHaveLength(CAP);
    expect(Buffer.byteLength((again.events.at(-1) as typeof last).answer.content)).toBeLessThanOrEqual(3 * CAP);
    expect(llm.requests).toHaveLength(1);
    expect(t.logs.some((line) => String(line.msg).startsWith('answer cut at its length cap'))).toBe(true);
  });

  it('stops reading a model that streams on after its suggested follow-up questions', async () => {
    llm.setMode({
      kind: 'normal',
      chunks: ['神爱世人。\n', '[[follow-ups]]\n', ...Array(20_000).fill('还有什么问题？\n')],
      gapMs: 1,
    });
    const { events } = await ask({ locale: 'zh-cn' });
    const last = events.at(-1) as SseEventLike & { answer: { status: string; content: string } };
    expect(last.answer).toMatchObject({ status: 'done', content: '神爱世人。\n' });
    await expect.poll(() => llm.requests[0]!.closedEarly).toBe(true);
  });
});
