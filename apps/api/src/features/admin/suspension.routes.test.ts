import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Answer } from '@bible-qa/contract';
import type { DatabaseHandle } from '../../db/client.ts';
import { openTestPglite } from '../../test/databases.ts';
import { users } from '../../db/schema.ts';
import { post } from '../../test/auth-helpers.ts';
import { startFakeLlm, type FakeLlm } from '../../test/fake-llm.ts';
import { buildTestApp } from '../../test/test-app.ts';
import { createTestUser, parseSse } from '../../test/test-users.ts';

const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../test/fixtures/corpus');

/** A suspension ends what the user has running, not only their tokens (no codes either: admin.routes.test.ts). */
describe('a suspension', () => {
  let database: DatabaseHandle;
  let llm: FakeLlm;
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let admin: Awaited<ReturnType<typeof createTestUser>>;

  beforeAll(async () => {
    llm = await startFakeLlm();
    database = await openTestPglite();
    t = await buildTestApp({ database, env: { CORPUS_DIR: FIXTURE, LLM_BASE_URL: llm.baseURL } });
    await t.container.services.corpus.ingest();
    admin = await createTestUser(database, 'admin');
    await database.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.userId));
  });
  afterAll(async () => {
    await t.app.close();
    await database.close();
    await llm.close();
  });

  const suspend = (userId: string) =>
    post(t, '/portal/admin/measures', { userId, kind: 'suspension', reason: 'abuse' }, { token: admin.token });

  it('stops a generation already running: stored as stopped, the upstream request aborted', async () => {
    llm.setMode({ kind: 'normal', chunks: Array(300).fill('爱'), gapMs: 20 });
    const user = await createTestUser(database, 'suspended-reader');
    const asking = t.app.inject({
      method: 'POST',
      url: '/webapi/portal/chat/ask',
      headers: user.headers,
      payload: { question: '神爱世人', requestId: 'suspend-request-1' },
    });
    await expect.poll(() => llm.requests.length, { timeout: 5_000 }).toBe(1);
    const started = Date.now();
    expect((await suspend(user.userId)).code).toBe(0);
    const events = parseSse((await asking).body);
    expect(Date.now() - started).toBeLessThan(2_000);
    const answer = (events.at(-1) as { answer: Answer }).answer;
    expect(answer.status).toBe('stopped');
    expect(answer.content.length).toBeLessThan(300);
    await expect.poll(() => llm.requests[0]?.closedEarly, { timeout: 2_000 }).toBe(true);
  });
});
