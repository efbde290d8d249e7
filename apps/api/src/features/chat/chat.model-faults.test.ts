import http from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Answer } from '@bible-qa/contract';
import { startFakeLlm, type FakeLlm } from '../../test/fake-llm.ts';
import { buildCorpusTestApp, type CorpusTestApp } from '../../test/test-app.ts';
import { createTestUser, parseSse, sseEvent, type SseEventLike } from '../../test/test-users.ts';

let llm: FakeLlm;
let t: CorpusTestApp;
let origin: string;
let n = 0;
const rid = () => `fault-${(n += 1)}-${Date.now()}`;

beforeAll(async () => {
  llm = await startFakeLlm();
  t = await buildCorpusTestApp({
    llm,
    env: {
      LLM_FIRST_TOKEN_TIMEOUT_MS: '1000',
      LLM_IDLE_TIMEOUT_MS: '1000',
      LLM_MAX_CONCURRENT: '3',
      // One guest asks all of these: the model's own cap is under test, not the guests' (chat.quotas.test.ts,
      // chat.guest-capacity.test.ts).
      ASK_CONCURRENT_PER_GUEST: '10',
      ASK_CONCURRENT_PER_GUEST_ADDRESS: '10',
      LLM_ACCOUNT_SHARE_PERCENT: '0',
      // A generation nobody reads any more is stopped this soon (the resume grace is under test in chat.resume.test.ts).
      STREAM_RESUME_GRACE_MS: '200',
    },
  });
  origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await t.close();
  await llm.close();
});
beforeEach(() => {
  llm.requests.length = 0;
});

async function ask(question: string, extra: Record<string, unknown> = {}, locale = 'zh-cn') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/webapi/portal/chat/ask',
    headers: { locale },
    payload: { question, requestId: rid(), ...extra },
  });
  return parseSse(res.body);
}
const last = (events: SseEventLike[]) => events.at(-1) as { type: string; code?: number; msg?: string; answer: Answer };
const deltas = (events: SseEventLike[]) => events.flatMap((e) => (e.type === 'delta' ? [e.text as string] : []));

/** Reads an SSE response as it arrives; `onEvent` may act mid-stream and sees the events so far. */
async function streamAsk(
  body: Record<string, unknown>,
  onEvent: (e: SseEventLike, seen: SseEventLike[]) => Promise<void> | void,
) {
  const res = await fetch(`${origin}/webapi/portal/chat/ask`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', locale: 'en' },
    body: JSON.stringify(body),
  });
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const events: SseEventLike[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let cut;
    while ((cut = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const event = sseEvent(block);
      if (!event) continue;
      events.push(event);
      await onEvent(event, events);
    }
  }
  return events;
}

describe('the OpenAI-compatible model behind the chat', () => {
  it('streams the deltas in order and verifies the references in them', async () => {
    llm.setMode({ kind: 'normal', chunks: ['神爱', '世人，', '见约翰福音 3:16。'] });
    const events = await ask('神爱世人');
    expect(deltas(events)).toEqual(['神爱', '世人，', '见约翰福音 3:16。']);
    const done = last(events);
    expect(done.type).toBe('done');
    expect(done.answer.content).toBe('神爱世人，见约翰福音 3:16。');
    expect(done.answer.citations).toEqual([
      expect.objectContaining({ id: 'c1', status: 'linked', reference: 'JHN.3.16' }),
    ]);
    // the model was given the retrieved passages, fenced as material after its rules
    const system = (llm.requests[0]!.body.messages as { role: string; content: string }[])[0]!;
    expect(system.content.slice(system.content.indexOf('<material'))).toContain('神爱世人');
  });

  it('marks a fabricated verse and a misquotation, and links the real one', async () => {
    llm.setMode({
      kind: 'normal',
      chunks: [
        '「神爱世人，甚至将他的独生子赐给他们」（约翰福音 3:16）。\n',
        '又见约翰福音 3:99。\n',
        '「凡事都有定期」（约翰福音 3:17）',
      ],
    });
    const answer = last(await ask('神爱世人')).answer;
    expect(answer.citations.map((c) => [c.id, c.status])).toEqual([
      ['c1', 'linked'],
      ['c2', 'invalid'],
      ['c3', 'misquoted'],
    ]);
    expect(answer.verification).toEqual({ checked: 3, linked: 1, marked: 2 });
  });

  it('retries an upstream 500 once, then fails with the generation message', async () => {
    llm.setMode({ kind: 'status', status: 500 });
    const done = last(await ask('神爱世人', {}, 'en'));
    expect(done).toMatchObject({ type: 'error', code: 10201, msg: 'Generation failed, server exception' });
    expect(done.answer.status).toBe('failed');
    expect(llm.requests).toHaveLength(2);
  });

  it('gives up on a model that never sends a first token, well before the client would', async () => {
    llm.setMode({ kind: 'hang' });
    const started = Date.now();
    const done = last(await ask('神爱世人'));
    expect(done).toMatchObject({ type: 'error', code: 10201 });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(llm.requests).toHaveLength(2);
  });

  it('ends a stream that stalls mid-answer as failed, keeping the text, without a retry', async () => {
    llm.setMode({ kind: 'stall', chunks: ['神爱', '世人'] });
    const done = last(await ask('神爱世人'));
    expect(done).toMatchObject({ type: 'error', code: 10201 });
    expect(done.answer).toMatchObject({ status: 'failed', content: '神爱世人' });
    expect(llm.requests).toHaveLength(1);
  });

  it('survives malformed stream data', async () => {
    llm.setMode({ kind: 'malformed' });
    const done = last(await ask('神爱世人'));
    expect(done).toMatchObject({ type: 'error', code: 10201 });
  });

  it('keeps a Chinese character split across two chunks intact', async () => {
    llm.setMode({ kind: 'split-utf8', text: '神爱世人' });
    expect(last(await ask('神爱世人')).answer.content).toBe('神爱世人');
  });

  it('refuses beyond the concurrency cap with the high-traffic message', async () => {
    llm.setMode({ kind: 'normal', chunks: Array(30).fill('爱'), gapMs: 30 });
    // Refused before its stream (the guests' running slots are the model's 3) or, had it got one, as an error event.
    const all = await Promise.all(
      [1, 2, 3, 4].map(async () => {
        const res = await t.app.inject({
          method: 'POST',
          url: '/webapi/portal/chat/ask',
          headers: { locale: 'en' },
          payload: { question: '神爱世人', requestId: rid() },
        });
        return String(res.headers['content-type']).includes('event-stream') ? last(parseSse(res.body)) : res.json();
      }),
    );
    const refused = all.filter((e: { code?: number }) => e.code === 10008);
    expect(refused.length).toBeGreaterThanOrEqual(1);
    expect(refused[0]).toMatchObject({
      code: 10008,
      msg: "We're experiencing high traffic. Please refresh the page or try again later.",
    });
  });

  it('stops an answer on request: the partial text stays, the state is stopped', async () => {
    llm.setMode({ kind: 'normal', chunks: Array(100).fill('爱'), gapMs: 20 });
    let stopMsg = '';
    const events = await streamAsk({ question: '神爱世人', requestId: rid() }, async (e, seen) => {
      if (e.type !== 'delta' || stopMsg) return;
      const meta = seen.find((x) => x.type === 'meta')!;
      const res = await fetch(`${origin}/webapi/portal/chat/stop`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', locale: 'en' },
        body: JSON.stringify({ id: meta.answerId }),
      });
      stopMsg = ((await res.json()) as { msg: string }).msg;
    });
    const done = last(events);
    expect(stopMsg).toBe('Reply stopped for you');
    expect(done.type).toBe('done');
    expect(done.answer.status).toBe('stopped');
    expect(done.answer.content.length).toBeGreaterThan(0);
    expect(done.answer.content.length).toBeLessThan(100);
  });

  it('aborts the upstream request when the client disconnects', async () => {
    llm.setMode({ kind: 'normal', chunks: Array(200).fill('爱'), gapMs: 20 });
    // A plain socket that goes away after the first delta, as a closed browser tab does.
    await new Promise<void>((resolve) => {
      const req = http.request(
        `${origin}/webapi/portal/chat/ask`,
        { method: 'POST', headers: { 'content-type': 'application/json' } },
        (res) => {
          res.on('data', (chunk: Buffer) => {
            if (!chunk.toString().includes('"delta"')) return;
            req.destroy();
            resolve();
          });
        },
      );
      req.end(JSON.stringify({ question: '神爱世人', requestId: rid() }));
    });
    await expect.poll(() => llm.requests[0]?.closedEarly, { timeout: 2_000 }).toBe(true);
    expect(llm.requests[0]?.ended).toBe(false);
  });

  it('makes one turn and one model call for a retried ask with the same request id', async () => {
    llm.setMode({ kind: 'normal', chunks: ['神爱', '世人'], firstTokenDelayMs: 200 });
    const user = await createTestUser(t.database, 'idem');
    const requestId = rid();
    const body = { question: '神爱世人', requestId };
    const [a, b] = await Promise.all([
      t.app.inject({ method: 'POST', url: '/webapi/portal/chat/ask', headers: user.headers, payload: body }),
      t.app.inject({ method: 'POST', url: '/webapi/portal/chat/ask', headers: user.headers, payload: body }),
    ]);
    const first = last(parseSse(a.body));
    const second = last(parseSse(b.body));
    expect(second.answer.id).toBe(first.answer.id);
    expect(second.answer.content).toBe('神爱世人');
    expect(llm.requests).toHaveLength(1);
    const sessions = await t.app.inject({ method: 'GET', url: '/webapi/portal/chat/sessions', headers: user.headers });
    expect(sessions.json().data.items[0].messageCount).toBe(2);
  });
});
