import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { errorCode, errorMessage } from '@bible-qa/contract';
import { manualClock } from '../../test/auth-helpers.ts';
import { startFakeLlm, type FakeLlm } from '../../test/fake-llm.ts';
import { buildCorpusTestApp, type CorpusTestApp } from '../../test/test-app.ts';
import { createTestUser, parseSse } from '../../test/test-users.ts';

const HOUR = 3_600_000;

/** Denial of wallet: running generations and hourly model calls per account, guest and address, and max_tokens. */
describe('ask quotas', () => {
  let llm: FakeLlm;
  let t: CorpusTestApp;
  const clock = manualClock();
  let n = 0;

  beforeAll(async () => {
    llm = await startFakeLlm();
    t = await buildCorpusTestApp({
      llm,
      clock,
      env: {
        ASKS_PER_ACCOUNT_PER_HOUR: '5',
        ASKS_PER_GUEST_PER_HOUR: '4',
        ASKS_PER_IP_PER_HOUR: '12',
        LLM_MAX_TOKENS_SIMPLE: '700',
        LLM_MAX_TOKENS_PROFESSIONAL: '3000',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await llm.close();
  });
  beforeEach(() => {
    llm.requests.length = 0;
    // Each test in its own hour.
    clock.advance(HOUR + 1);
  });

  const ask = async (options: { headers?: Record<string, string>; ip?: string; mode?: string } = {}) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/webapi/portal/chat/ask',
      headers: { locale: 'en', ...options.headers },
      remoteAddress: options.ip ?? '10.9.0.1',
      payload: {
        question: '神爱世人',
        requestId: `quota-request-${++n}`,
        ...(options.mode ? { mode: options.mode } : {}),
      },
    });
    if (String(res.headers['content-type']).includes('text/event-stream')) {
      const last = parseSse(res.body).at(-1)!;
      return last.type === 'done' ? 'done' : `error ${String(last.code)}`;
    }
    const body = res.json() as { code: number; msg: string };
    lastRefusal = body.msg;
    return `refused ${body.code}`;
  };
  let lastRefusal = '';
  const refused = `refused ${errorCode('high_traffic')}`;
  const guestRefused = `refused ${errorCode('guest_quota_exceeded')}`;

  it("refuses a user's third concurrent stream with the high-traffic message, and frees the slot after", async () => {
    llm.setMode({ kind: 'normal', chunks: Array(20).fill('爱'), gapMs: 20 });
    const user = await createTestUser(t.database, 'busy');
    const answers = await Promise.all([1, 2, 3].map(() => ask({ headers: user.headers })));
    expect(answers.sort()).toEqual(['done', 'done', refused]);
    // Another account from the same address is not held up by it.
    const other = await createTestUser(t.database, 'neighbour');
    expect(await ask({ headers: other.headers })).toBe('done');
    expect(await ask({ headers: user.headers })).toBe('done');
  });

  it("refuses a guest's third concurrent stream", async () => {
    llm.setMode({ kind: 'normal', chunks: Array(20).fill('爱'), gapMs: 20 });
    const answers = await Promise.all([1, 2, 3].map(() => ask({ ip: '10.9.1.1' })));
    expect(answers.sort()).toEqual(['done', 'done', refused]);
  });

  it('counts model calls an hour per account, per guest and per address', async () => {
    llm.setMode({ kind: 'normal', chunks: ['爱'] });
    const user = await createTestUser(t.database, 'hourly');
    for (let i = 0; i < 5; i++) expect(await ask({ headers: user.headers, ip: '10.9.2.1' })).toBe('done');
    expect(await ask({ headers: user.headers, ip: '10.9.2.2' })).toBe(refused);
    expect(lastRefusal).toBe(errorMessage('high_traffic', 'en'));
    // A guest past its own hour is told so, with the number, and that logging in lifts it: not an overload.
    for (let i = 0; i < 4; i++) expect(await ask({ ip: '10.9.2.1' })).toBe('done');
    expect(await ask({ ip: '10.9.2.1' })).toBe(guestRefused);
    expect(lastRefusal).toBe(errorMessage('guest_quota_exceeded', 'en', ['4']));
    expect(lastRefusal).toMatch(/4 questions an hour.*Log in/);
    // The address has had 9 calls (a refusal by its own quota does not count there); a third caller fills its 12.
    const a = await createTestUser(t.database, 'a');
    for (let i = 0; i < 3; i++) expect(await ask({ headers: a.headers, ip: '10.9.2.1' })).toBe('done');
    expect(await ask({ headers: a.headers, ip: '10.9.2.1' })).toBe(refused);
    expect(llm.requests).toHaveLength(12);
    clock.advance(HOUR + 1);
    expect(await ask({ headers: user.headers, ip: '10.9.2.1' })).toBe('done');
  });

  it('asks the model for at most max_tokens, set per mode', async () => {
    llm.setMode({ kind: 'normal', chunks: ['爱'] });
    await ask({ mode: 'simple', ip: '10.9.3.1' });
    await ask({ mode: 'professional', ip: '10.9.3.2' });
    await ask({ mode: 'advanced', ip: '10.9.3.3' });
    expect(llm.requests.map((r) => r.body.max_tokens)).toEqual([700, 3000, 2048]);
  });
});
