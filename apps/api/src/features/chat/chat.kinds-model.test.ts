import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Answer } from '@bible-qa/contract';
import { startFakeLlm, type FakeLlm } from '../../test/fake-llm.ts';
import { buildCorpusTestApp, type CorpusTestApp } from '../../test/test-app.ts';
import { parseSse } from '../../test/test-users.ts';

let llm: FakeLlm;
let t: CorpusTestApp;
let n = 0;

beforeAll(async () => {
  llm = await startFakeLlm({ kind: 'normal', chunks: ['Amen.'] });
  t = await buildCorpusTestApp({ llm });
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
    payload: { question, requestId: `kinds-model-${(n += 1)}`, ...extra },
  });
  const events = parseSse(res.body);
  return { events, answer: (events.at(-1) as { answer: Answer }).answer };
}
const systemOf = () => (llm.requests[0]!.body.messages as { role: string; content: string }[])[0]!.content;

describe('kinds and care with a language model', () => {
  it('gives the model the passages chosen for a prayer’s theme', async () => {
    const { answer } = await ask('请为我生病住院的母亲写一段祷告文');
    expect(answer.kind).toBe('prayer');
    const system = systemOf();
    expect(system).toContain('Write a prayer');
    expect(system).toContain('诗篇 23:4');
    expect(system).toContain('罗马书 8:28');
    expect(system).not.toContain('Reference works');
  });

  it('asks no model for an off-topic question', async () => {
    const { answer } = await ask('What is the weather in Paris tomorrow?', {}, 'en');
    expect(llm.requests).toHaveLength(0);
    expect(answer.content).toMatch(/^I am a Bible Q&A assistant/);
  });

  it('puts the help line before the model’s words for a reader at risk, tells the model, and ends with it', async () => {
    const { events, answer } = await ask('我不想活了');
    const firstDelta = events.find((e) => e.type === 'delta') as { text: string };
    expect(firstDelta.text).toMatch(/^\*\*如果你正在想结束自己的生命.*\[12356\]\(tel:12356\)/);
    expect(answer.content).toContain('Amen.');
    expect(answer.content).toMatch(/\[12356\]\(tel:12356\)（中国大陆）.*\*\*$/);
    expect(systemOf()).toContain('may be at risk of ending their life');
    expect(systemOf()).toContain('Never give or hint at a method');
  });

  it('gives a reader at risk the offline answer of care, between the help lines, when the model fails', async () => {
    llm.setMode({ kind: 'status', status: 500 });
    try {
      const { answer } = await ask('I want to kill myself', {}, 'en');
      expect(answer.status).toBe('done');
      expect(answer.error).toBeNull();
      expect(answer.content).toMatch(/^\*\*If you are thinking of ending your life/);
      expect(answer.content).toContain('Thank you for telling me.');
      expect(answer.content).toMatch(/\[988\]\(tel:988\) \(US, Canada\).*\*\*$/);
    } finally {
      llm.setMode({ kind: 'normal', chunks: ['Amen.'] });
    }
  });

  it('puts the help line first and answers a question about suicide as a subject', async () => {
    const { answer } = await ask('Do people who die by suicide go to heaven?', {}, 'en');
    expect(answer.content).toMatch(/^\*\*If you are thinking of ending your life[^\n]*\n\nAmen\.$/);
    expect(systemOf()).toContain('about suicide or self-harm as a subject');
  });
});
