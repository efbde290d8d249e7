import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Answer } from '@bible-qa/contract';
import { buildCorpusTestApp, type CorpusTestApp } from '../../test/test-app.ts';
import { createTestUser, parseSse } from '../../test/test-users.ts';

let t: CorpusTestApp;
let requestNo = 0;
const nextId = () => `req-${Date.now()}-${(requestNo += 1)}`;

async function ask(body: Record<string, unknown>, headers: Record<string, string> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/webapi/portal/chat/ask',
    headers: { locale: 'zh-cn', ...headers },
    payload: { requestId: nextId(), ...body },
  });
  return res;
}

beforeAll(async () => {
  t = await buildCorpusTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('asking with the offline grounded composer', () => {
  it('streams a grounded Chinese answer whose every citation is a linked corpus verse', async () => {
    const res = await ask({ question: '神爱世人是什么意思？' });
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    const events = parseSse(res.body);
    expect(events[0]).toMatchObject({ type: 'meta', guest: true, language: 'zh-cn', translation: 'cuv-hans' });
    expect(events.filter((e) => e.type === 'delta').length).toBeGreaterThan(5);
    const done = events.at(-1) as { type: string; answer: Answer };
    expect(done.type).toBe('done');
    const answer = done.answer;
    expect(answer.status).toBe('done');
    expect(answer.content).toContain('神爱世人');
    expect(answer.content).toBe(events.flatMap((e) => (e.type === 'delta' ? [e.text] : [])).join(''));
    expect(answer.verification.checked).toBeGreaterThan(0);
    expect(answer.verification.marked).toBe(0);
    expect(answer.citations.every((c) => c.status === 'linked' && c.verseText)).toBe(true);
    expect(answer.citations.map((c) => c.id)).toEqual(answer.citations.map((_, i) => `c${i + 1}`));
    // citation events during the stream carry the same ids as the final answer
    const streamed = events.filter((e) => e.type === 'citation').map((e) => (e.citation as { id: string }).id);
    expect(streamed).toEqual(answer.citations.map((c) => c.id));
    expect(answer.relatedBooks.length).toBeGreaterThan(0);
    expect(answer.images[0]?.url).toMatch(/^\/webapi\/bible\/verse-card\?ref=/);
    expect(answer.followUps.length).toBeGreaterThan(0);
    expect(answer.aiGenerated).toBe(true);
  });

  it('answers an English question in English with the English Bible of the corpus', async () => {
    const events = parseSse((await ask({ question: 'What does the Bible say about love?' })).body);
    const done = events.at(-1) as { answer: Answer };
    expect(done.answer.language).toBe('en');
    expect(done.answer.content).toMatch(/^The Bible speaks to this most directly in [^:]+ \d+:\d+/);
  });

  it('writes different answers per mode, and says what professional mode drew on', async () => {
    const simple = parseSse((await ask({ question: '神爱世人', mode: 'simple' })).body).at(-1) as { answer: Answer };
    const deep = parseSse((await ask({ question: '神爱世人', mode: 'advanced' })).body).at(-1) as { answer: Answer };
    const pro = parseSse((await ask({ question: '神爱世人', mode: 'professional' })).body).at(-1) as { answer: Answer };
    expect(simple.answer.content.length).toBeLessThan(deep.answer.content.length);
    expect(pro.answer.content).not.toBe(deep.answer.content);
    // Professional mode goes further than advanced: more passages, and the study material of the key passage.
    expect(pro.answer.content.length).toBeGreaterThan(deep.answer.content.length);
    // Every mode leads with the passage that answers, not with a heading or an echo of the question.
    for (const { answer } of [simple, deep, pro]) expect(answer.content.split('\n')[0]).toMatch(/约翰福音 3:16/);
  });

  it.each(['prayer', 'sermon', 'poem'] as const)(
    'generates a %s from a theme through the same pipeline',
    async (kind) => {
      const done = parseSse((await ask({ question: '神的爱', kind })).body).at(-1) as { answer: Answer };
      expect(done.answer.kind).toBe(kind);
      expect(done.answer.status).toBe('done');
      expect(done.answer.verification.marked).toBe(0);
    },
  );

  it('refuses an empty question with the spec message, before any stream', async () => {
    const res = await ask({ question: '  \u0007 ' }, { locale: 'en' });
    expect(res.json()).toMatchObject({ code: 10200, msg: 'Please enter a question' });
  });

  it('answers a retried ask with the same request id from the stored turn, without a second turn', async () => {
    const user = await createTestUser(t.database, 'retry');
    const requestId = nextId();
    const first = parseSse((await ask({ question: '神爱世人', requestId }, user.headers)).body).at(-1) as {
      answer: Answer;
    };
    const again = parseSse((await ask({ question: '神爱世人', requestId }, user.headers)).body).at(-1) as {
      answer: Answer;
    };
    expect(again.answer.id).toBe(first.answer.id);
    expect(again.answer.content).toBe(first.answer.content);
    const sessions = await t.app.inject({ method: 'GET', url: '/webapi/portal/chat/sessions', headers: user.headers });
    expect(sessions.json().data.total).toBe(1);
    const turns = await t.app.inject({
      method: 'GET',
      url: `/webapi/portal/chat/messages?conversationId=${first.answer.conversationId}`,
      headers: user.headers,
    });
    expect(turns.json().data).toHaveLength(1);
  });
});
