import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { errorCode, type Answer } from '@bible-qa/contract';
import type { DatabaseHandle } from '../../db/client.ts';
import { databaseTargets } from '../../test/databases.ts';
import { buildTestApp } from '../../test/test-app.ts';
import { createTestUser } from '../../test/test-users.ts';

/** A dislike carries its reason (one of the spec §3 feedback types), stored with the rating. */
describe.each(databaseTargets)('rating an answer with a reason on $name', (target) => {
  let database: DatabaseHandle;
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let user: Awaited<ReturnType<typeof createTestUser>>;
  let conversationId: string;
  let answerId: string;

  const rate = (payload: object) =>
    t.app
      .inject({ method: 'POST', url: '/webapi/portal/chat/rate', headers: user.headers, payload })
      .then((res) => res.json() as { code: number });
  const stored = async (): Promise<Answer> => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/webapi/portal/chat/messages?conversationId=${conversationId}`,
      headers: user.headers,
    });
    const turns = (res.json() as { data: { answer: Answer | null }[] }).data;
    const answer = turns.map((turn) => turn.answer).find((a) => a?.id === answerId);
    if (!answer) throw new Error(`answer not listed: ${res.body}`);
    return answer;
  };

  beforeAll(async () => {
    database = await target.open();
    t = await buildTestApp({ database });
    user = await createTestUser(database, 'rater');
    const rows = (await database.db.execute(sql`
      with c as (insert into conversations (user_id, title) values (${user.userId}, 'q') returning id),
      q as (insert into messages (conversation_id, user_id, role, content)
            select c.id, ${user.userId}, 'user', 'Who wrote Hebrews?' from c returning id, conversation_id)
      insert into messages (conversation_id, user_id, role, parent_id, content)
      select q.conversation_id, ${user.userId}, 'assistant', q.id, 'Paul, certainly.' from q
      returning id, conversation_id`)) as unknown as { rows: { id: string; conversation_id: string }[] };
    answerId = rows.rows[0]!.id;
    conversationId = rows.rows[0]!.conversation_id;
  });
  afterAll(async () => {
    await t.app.close();
    await database.close();
  });

  it('keeps a dislike’s reason, and a like or a taken-back rating clears it', async () => {
    expect((await stored()).ratingReason).toBeNull();
    expect((await rate({ id: answerId, rating: 'dislike', reason: 'fabricated_facts' })).code).toBe(0);
    expect(await stored()).toMatchObject({ rating: 'dislike', ratingReason: 'fabricated_facts' });
    expect((await rate({ id: answerId, rating: 'like', reason: 'wrong_answer' })).code).toBe(0);
    expect(await stored()).toMatchObject({ rating: 'like', ratingReason: null });
    expect((await rate({ id: answerId, rating: 'dislike', reason: 'misunderstanding' })).code).toBe(0);
    expect((await rate({ id: answerId, rating: null })).code).toBe(0);
    expect(await stored()).toMatchObject({ rating: null, ratingReason: null });
  });

  it('takes a dislike without a reason, and refuses a reason outside the feedback types without changing anything', async () => {
    expect((await rate({ id: answerId, rating: 'dislike', reason: 'badly_structured' })).code).toBe(0);
    expect((await rate({ id: answerId, rating: 'dislike', reason: 'boring' })).code).toBe(errorCode('invalid_request'));
    expect(await stored()).toMatchObject({ rating: 'dislike', ratingReason: 'badly_structured' });
    expect((await rate({ id: answerId, rating: 'dislike' })).code).toBe(0);
    expect(await stored()).toMatchObject({ rating: 'dislike', ratingReason: null });
  });
});
