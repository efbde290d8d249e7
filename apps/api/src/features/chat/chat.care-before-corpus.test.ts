import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Answer } from '@bible-qa/contract';
import { openTestPglite } from '../../test/databases.ts';
import { buildTestApp, FIXTURE_CORPUS } from '../../test/test-app.ts';
import { parseSse, type SseEventLike } from '../../test/test-users.ts';

// Care comes before the library: while the corpus is still being prepared (or cannot be read), a reader who writes
// of ending their life gets the help line and words of care, not "the Bible library is being prepared".
let t: Awaited<ReturnType<typeof buildTestApp>>;
let requestNo = 0;

async function ask(question: string, locale = 'zh-cn') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/webapi/portal/chat/ask',
    headers: { locale },
    payload: { requestId: `before-corpus-${(requestNo += 1)}`, question },
  });
  return res;
}

beforeAll(async () => {
  // The corpus is never ingested here: every request that needs it meets corpus_unavailable.
  t = await buildTestApp({ database: await openTestPglite(), env: { CORPUS_DIR: FIXTURE_CORPUS } });
});
afterAll(async () => {
  await t.app.close();
  await t.container.close();
});

describe('a reader at risk before the corpus is ready', () => {
  it.each([
    ['我真的不想活了', 'zh-cn', /^\*\*如果你正在想结束自己的生命.*12356/],
    ['I want to end my life', 'en', /^\*\*If you are thinking of ending your life.*\[988\]/],
    ['Je veux en finir avec la vie', 'fr-fr', /^\*\*Si vous pensez à mettre fin à vos jours.*3114/],
  ])('meets %s with the help line first, care, and the help line again', async (question, locale, first) => {
    const res = await ask(question, locale);
    expect(res.statusCode).toBe(200);
    const events = parseSse(res.body);
    const done = events.at(-1) as SseEventLike & { answer: Answer };
    expect(done.type).toBe('done');
    expect(done.answer.status).toBe('done');
    expect(done.answer.content).toMatch(first);
    const blocks = done.answer.content.split('\n\n');
    expect(blocks.length).toBeGreaterThan(3);
    expect(blocks.at(-1)).toMatch(/^\*\*.*(12356|988|3114)/);
    // No verse can be shown without the corpus: none is quoted, none is cited.
    expect(done.answer.citations).toEqual([]);
    expect(done.answer.content).not.toMatch(/^>/m);
  });

  it('puts the help line before the library’s notice for a question about self-harm as a subject', async () => {
    const res = await ask('What does the Bible say about suicide?', 'en');
    const done = parseSse(res.body).at(-1) as SseEventLike & { answer: Answer };
    expect(done.answer.status).toBe('done');
    const blocks = done.answer.content.split('\n\n');
    expect(blocks[0]).toMatch(/^\*\*If you are thinking of ending your life/);
    expect(blocks[1]).toMatch(/Bible library/i);
    expect(done.answer.citations).toEqual([]);
  });

  it('still says the library is being prepared to a plain question', async () => {
    const res = await ask('约翰福音3:16是什么意思？');
    const events = parseSse(res.body);
    const done = events.at(-1) as SseEventLike & { answer?: Answer; code?: number };
    expect(JSON.stringify(done)).toMatch(/10505|corpus/);
  });
});
