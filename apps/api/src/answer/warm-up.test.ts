import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../db/chat-schema.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { openTestPglite } from '../test/databases.ts';
import { startFakeLlm, type FakeLlm } from '../test/fake-llm.ts';
import { buildTestApp } from '../test/test-app.ts';
import { WARM_QUESTIONS, warmAnswers, type WarmUpDeps } from './warm-up.ts';

const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), '../test/fixtures/corpus');
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe('warming the answer path after a start', () => {
  let database: DatabaseHandle;
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let llm: FakeLlm;
  let remote: Awaited<ReturnType<typeof buildTestApp>>;
  const modelCalls = async (app: typeof t.app) =>
    (await app.inject({ method: 'GET', url: '/metrics' })).body
      .split('\n')
      .filter((line) => line.startsWith('model_calls_total'))
      .reduce((sum, line) => sum + Number(line.split(' ').at(-1)), 0);

  beforeAll(async () => {
    database = await openTestPglite();
    t = await buildTestApp({ database, env: { CORPUS_DIR: FIXTURE } });
    llm = await startFakeLlm({ kind: 'normal', chunks: ['Amen.'] });
    remote = await buildTestApp({
      database: await openTestPglite(),
      env: { CORPUS_DIR: FIXTURE, LLM_BASE_URL: llm.baseURL },
    });
  });
  afterAll(async () => {
    for (const app of [t, remote]) {
      await app.app.close();
      await app.container.close();
    }
    await llm.close();
  });

  it('tells who listens when a corpus version comes into use', async () => {
    const seen: number[] = [];
    const stop = t.container.services.corpus.onSwitch((ready) => seen.push(ready.versionId));
    await t.container.services.corpus.ingest();
    stop();
    const status = t.container.services.corpus.status();
    expect(status.status).toBe('ready');
    expect(seen).toEqual([status.status === 'ready' ? status.versionId : -1]);
  });

  it('answers each warm-up question through the offline composer, storing and counting nothing', async () => {
    const before = await database.db.select({ id: messages.id }).from(messages);
    const calls = await modelCalls(t.app);
    const statuses = await t.container.warmUp();
    expect(statuses).toHaveLength(WARM_QUESTIONS.length);
    expect(statuses.every((status) => status === 'done')).toBe(true);
    expect(await database.db.select({ id: messages.id }).from(messages)).toEqual(before);
    // Warm-up answers are not readers' model calls.
    expect(await modelCalls(t.app)).toBe(calls);
  });

  it('never calls a remote model: retrieval, verification and the parts are warmed without it', async () => {
    await remote.container.services.corpus.ingest();
    const statuses = await remote.container.warmUp();
    expect(statuses).toHaveLength(WARM_QUESTIONS.length);
    expect(statuses.every((status) => status === 'done')).toBe(true);
    expect(llm.requests).toEqual([]);
  });

  it('waits for a quiet moment before each question, and gives up on a server that stays busy', async () => {
    let gathered = 0;
    const gather = async (): Promise<never> => {
      gathered += 1;
      throw new Error('gathered');
    };
    expect(await warmAnswers({ ...depsOf(t, gather), busy: () => true })).toEqual([]);
    expect(gathered).toBe(0);

    let polls = 0;
    const statuses = await warmAnswers({ ...depsOf(t, gather), busy: () => (polls += 1) <= 3 });
    expect(polls).toBeGreaterThan(3);
    // Each question ran once the server was quiet (the gatherer here fails, so each answer is a failed one).
    expect(gathered).toBe(WARM_QUESTIONS.length);
    expect(statuses).toEqual(WARM_QUESTIONS.map(() => 'failed'));
  });

  it('stops at once when the server shuts down', async () => {
    let gathered = 0;
    const stopping = new AbortController();
    stopping.abort();
    const gather = async (): Promise<never> => {
      gathered += 1;
      throw new Error('gathered');
    };
    expect(await warmAnswers({ ...depsOf(t, gather), busy: () => false }, stopping.signal)).toEqual([]);
    expect(gathered).toBe(0);
  });
});

/** Warm-up pieces over a container's Bible and corpus, with a gatherer of the test's own. */
function depsOf(
  t: Awaited<ReturnType<typeof buildTestApp>>,
  gather: WarmUpDeps['gatherer']['gather'],
): Omit<WarmUpDeps, 'busy'> {
  return {
    gatherer: { gather },
    bible: t.container.services.bible,
    corpus: t.container.services.corpus,
    model: { name: 'unused', usesCrossReferences: false, stream: async function* () {} },
    tradition: 'protestant',
    log: silent,
    quietWaitMs: 300,
  };
}
