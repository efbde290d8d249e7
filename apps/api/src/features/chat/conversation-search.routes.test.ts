import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversationSearchPageSchema, type ConversationSearchPage } from '@bible-qa/contract';
import { conversations } from '../../db/chat-schema.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { databaseTargets } from '../../test/databases.ts';
import { buildTestApp } from '../../test/test-app.ts';
import { createTestUser } from '../../test/test-users.ts';
import { createChatRepository } from './chat.repository.ts';

describe.each(databaseTargets)('searching one’s conversations on $name', (target) => {
  let database: DatabaseHandle;
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let a: Awaited<ReturnType<typeof createTestUser>>;
  let b: Awaited<ReturnType<typeof createTestUser>>;
  const ids: Record<string, string> = {};
  let clock = Date.parse('2026-03-01T00:00:00Z');

  /** A stored conversation: its title, then question and answer pairs, each a second after the last. */
  async function conversation(userId: string, key: string, title: string, ...texts: string[]) {
    const chats = createChatRepository(database.db);
    const id = await chats.createConversation(userId, title);
    for (const [i, content] of texts.entries()) {
      clock += 1000;
      await chats.insert({
        conversationId: id,
        userId,
        role: i % 2 === 0 ? 'user' : 'assistant',
        content,
        createdAt: new Date(clock),
      });
    }
    clock += 1000;
    await database.db
      .update(conversations)
      .set({ updatedAt: new Date(clock) })
      .where(eq(conversations.id, id));
    ids[key] = id;
  }

  beforeAll(async () => {
    database = await target.open();
    t = await buildTestApp({ database });
    a = await createTestUser(database, 'A');
    b = await createTestUser(database, 'B');
    await conversation(a.userId, 'grace', 'Grace and works', 'What is grace?', 'Grace is the **free gift** of God.');
    await conversation(a.userId, 'love', '神爱世人', '约翰福音3:16是什么意思？', '这节经文说明神的爱临到全人类。');
    await conversation(
      a.userId,
      'faith',
      '信心',
      '什么是信心？',
      `${'经文说'.repeat(30)}信心是所望之事的实底，是未见之事的确据。${'又说'.repeat(40)}`,
      '信心和恩典有什么关系？',
      '<img src=x onerror=y> 恩典与信心相连。',
    );
    await conversation(a.userId, 'percent', 'Giving 100% of tithes', 'tithe_rules?');
    await conversation(b.userId, 'other', 'Grace for B', 'grace for another reader');
    for (let i = 0; i < 12; i++) await conversation(a.userId, `many${i}`, `Psalm study ${i}`, 'shepherd');
  });
  afterAll(async () => {
    await t.app.close();
    await t.container.close();
  });

  async function search(query: string, user = a): Promise<ConversationSearchPage> {
    const res = await t.app.inject({ url: `/webapi/portal/chat/search?${query}`, headers: user.headers });
    const body = res.json();
    expect(body.code, body.msg).toBe(0);
    return conversationSearchPageSchema.parse(body.data);
  }

  it('finds a conversation by its title, any case, with the title marked', async () => {
    const page = await search('q=GRACE');
    expect(page.items.map((i) => i.conversationId)).toEqual([ids.grace]);
    const grace = page.items.find((i) => i.conversationId === ids.grace)!;
    expect(grace.titleHighlight).toBe('<mark>Grace</mark> and works');
    // The newest message that matches, markdown dropped.
    expect(grace).toMatchObject({ role: 'assistant', snippet: '<mark>Grace</mark> is the free gift of God.' });
  });

  it('finds a conversation by the words of a question or an answer, around the first match', async () => {
    const [love] = (await search(`q=${encodeURIComponent('全人类')}`)).items;
    expect(love).toMatchObject({ conversationId: ids.love, role: 'assistant', titleHighlight: '神爱世人' });
    expect(love!.snippet).toBe('这节经文说明神的爱临到<mark>全人类</mark>。');
    const [faith] = (await search(`q=${encodeURIComponent('实底')}`)).items;
    expect(faith!.snippet).toMatch(/^….{24}<mark>实底<\/mark>.+…$/u);
  });

  it('needs every word, in the title or in one message', async () => {
    expect((await search(`q=${encodeURIComponent('信心 恩典')}`)).items.map((i) => i.conversationId)).toEqual([
      ids.faith,
    ]);
    expect((await search(`q=${encodeURIComponent('信心 全人类')}`)).total).toBe(0);
  });

  it('escapes what a message holds and marks only the words', async () => {
    const [faith] = (await search(`q=${encodeURIComponent('恩典与')}`)).items;
    expect(faith!.snippet).toBe('&lt;img src=x onerror=y&gt; <mark>恩典与</mark>信心相连。');
  });

  it('reads % and _ in the query literally', async () => {
    expect((await search(`q=${encodeURIComponent('100%')}`)).items.map((i) => i.conversationId)).toEqual([ids.percent]);
    expect((await search(`q=${encodeURIComponent('e_r')}`)).items.map((i) => i.conversationId)).toEqual([ids.percent]);
    expect((await search(`q=${encodeURIComponent('%')}`)).total).toBe(1);
    expect((await search(`q=${encodeURIComponent('_')}`)).total).toBe(1);
  });

  it('pages the hits, newest conversation first', async () => {
    const first = await search('q=shepherd&size=10');
    expect(first.total).toBe(12);
    expect(first.items.map((i) => i.title)).toEqual(Array.from({ length: 10 }, (_, i) => `Psalm study ${11 - i}`));
    const second = await search('q=shepherd&size=10&page=2');
    expect(second.items.map((i) => i.title)).toEqual(['Psalm study 1', 'Psalm study 0']);
  });

  it('shows each reader only their own conversations', async () => {
    const mine = await search('q=another', b);
    expect(mine.items.map((i) => i.conversationId)).toEqual([ids.other]);
    expect((await search('q=another')).total).toBe(0);
  });

  it('no longer finds a deleted conversation', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/webapi/portal/chat/session/delete',
      headers: a.headers,
      payload: { id: ids.percent },
    });
    expect((await search(`q=${encodeURIComponent('100%')}`)).total).toBe(0);
  });

  it('finds nothing of anyone’s for a guest who kept nothing', async () => {
    const res = await t.app.inject({ url: '/webapi/portal/chat/search?q=grace' });
    expect(res.json()).toMatchObject({ code: 0, data: { items: [], total: 0 } });
  });

  it.each(['q=', 'q=%20%20', `q=${'x'.repeat(101)}`, 'q=grace&size=0', 'q=grace&page=x', ''])(
    'refuses the malformed query “%s” with a clear error',
    async (query) => {
      const res = await t.app.inject({ url: `/webapi/portal/chat/search?${query}`, headers: a.headers });
      expect(res.statusCode).toBeLessThan(500);
      expect([10000, 10002]).toContain(res.json().code);
    },
  );
});
