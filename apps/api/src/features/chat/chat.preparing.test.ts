import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCode, errorMessage } from '@bible-qa/contract';
import { startFakeLlm, type FakeLlm } from '../../test/fake-llm.ts';
import { buildCorpusTestApp, type CorpusTestApp } from '../../test/test-app.ts';
import { parseSse } from '../../test/test-users.ts';

/**
 * Issue 30: a burst of asks past what one process can prepare in good time is refused at once with the high-traffic
 * message (spec §8), not answered tens of seconds late as every ask of the burst would be. Here the process prepares
 * two asks at once (ASKS_PREPARING_MAX); each ask comes from an address and guest of its own, so no other cap applies.
 */
describe('asks being prepared at once', () => {
  let llm: FakeLlm;
  let t: CorpusTestApp;
  let n = 0;

  beforeAll(async () => {
    llm = await startFakeLlm();
    t = await buildCorpusTestApp({ llm, env: { ASKS_PREPARING_MAX: '2' } });
  });
  afterAll(async () => {
    await t.close();
    await llm.close();
  });

  const ask = async () => {
    n += 1;
    const started = performance.now();
    const res = await t.app.inject({
      method: 'POST',
      url: '/webapi/portal/chat/ask',
      headers: { locale: 'en' },
      remoteAddress: `10.30.${Math.floor(n / 200)}.${n % 200}`,
      payload: { question: '神爱世人', requestId: `preparing-${n}` },
    });
    const ms = performance.now() - started;
    if (String(res.headers['content-type']).includes('text/event-stream')) {
      return { outcome: parseSse(res.body).at(-1)!.type, ms };
    }
    const body = res.json() as { code: number; msg: string };
    expect(res.statusCode).toBe(429);
    expect(body.msg).toBe(errorMessage('high_traffic', 'en'));
    return { outcome: `refused ${body.code}`, ms };
  };

  it('refuses the asks of a burst past the limit at once, answers the others, and is free again after', async () => {
    const burst = await Promise.all(Array.from({ length: 12 }, ask));
    const done = burst.filter((a) => a.outcome === 'done');
    const refused = burst.filter((a) => a.outcome === `refused ${errorCode('high_traffic')}`);
    expect(done.length + refused.length).toBe(12);
    expect(done.length).toBeGreaterThanOrEqual(2);
    expect(refused.length).toBeGreaterThanOrEqual(6);
    // A refusal does not wait for the answers being prepared.
    expect(Math.max(...refused.map((a) => a.ms))).toBeLessThan(Math.max(...done.map((a) => a.ms)));

    // Once they are answered, asks one after another are all answered: what counted them is given back.
    for (let i = 0; i < 4; i += 1) expect((await ask()).outcome).toBe('done');
  });

  it('counts an ask as prepared once the model is called: answers being written do not hold the limit', async () => {
    llm.requests.length = 0;
    // Two answers the model writes for about 2 s each.
    llm.setMode({ kind: 'normal', chunks: Array(40).fill('爱'), gapMs: 50 });
    const writing = Promise.all([ask(), ask()]);
    await expect.poll(() => llm.requests.length, { timeout: 20_000 }).toBe(2);
    // Both are still being written; a third ask is prepared and answered.
    llm.setMode({ kind: 'normal', chunks: ['神爱世人。'], gapMs: 0 });
    expect((await ask()).outcome).toBe('done');
    expect((await writing).map((a) => a.outcome)).toEqual(['done', 'done']);
  });
});
