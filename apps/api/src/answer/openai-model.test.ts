import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isAppError } from '../http/app-error.ts';
import { startFakeLlm, type FakeLlm, type FakeLlmMode } from '../test/fake-llm.ts';
import type { AnswerContext } from './answer-model.ts';
import { createOpenAiModel, retryAfterMs } from './openai-model.ts';

const QUESTION = 'Ruth of Moab asks: where thou goest, I will go?';
const context: AnswerContext = {
  question: QUESTION,
  kind: 'answer',
  mode: 'simple',
  language: 'en',
  tradition: 'protestant',
  translationName: 'KJV',
  verses: [{ ref: 'RUT.1.16', label: 'Ruth 1:16', text: 'Intreat me not to leave thee', book: 'RUT' }],
  crossReferences: [],
  entries: [],
  history: [],
};

let llm: FakeLlm;
const lines: Record<string, unknown>[] = [];
const log = pino(
  { level: 'info' },
  new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n')) if (line.trim()) lines.push(JSON.parse(line));
      done();
    },
  }),
);
const model = (extra: { firstTokenTimeoutMs?: number; maxLineBytes?: number } = {}) =>
  createOpenAiModel({
    baseURL: llm.baseURL,
    apiKey: 'test-key',
    model: 'fake',
    firstTokenTimeoutMs: extra.firstTokenTimeoutMs ?? 3_000,
    idleTimeoutMs: 500,
    maxConcurrent: 10,
    maxTokens: { simple: 700, advanced: 2048, professional: 3000 },
    log,
    maxLineBytes: extra.maxLineBytes,
  });

/** The answer's text, or the catalogue name it failed with. */
async function run(m = model(), signal = new AbortController().signal) {
  let text = '';
  try {
    for await (const piece of m.stream(context, signal)) text += piece;
    return { text };
  } catch (error) {
    return { text, error: isAppError(error) ? error.errorName : String(error) };
  }
}
const faults = () => lines.filter((line) => line.upstream === 'llm');

beforeAll(async () => {
  llm = await startFakeLlm();
});
afterAll(async () => {
  await llm.close();
});
beforeEach(() => {
  llm.requests.length = 0;
  lines.length = 0;
});

describe('the OpenAI-compatible model upstream', () => {
  it("waits out a 429's Retry-After when it fits the first-token budget, then answers", async () => {
    llm.setMode((n) =>
      n === 1 ? { kind: 'status', status: 429, headers: { 'retry-after': '1' } } : { kind: 'normal', chunks: ['Amen'] },
    );
    expect(await run()).toEqual({ text: 'Amen' });
    expect(llm.requests).toHaveLength(2);
    expect(llm.requests[1]!.at - llm.requests[0]!.at).toBeGreaterThanOrEqual(950);
    expect(faults()).toEqual([
      expect.objectContaining({ level: 40, fault: 'rate_limited', status: 429, retryAfterMs: 1000, attempt: 1 }),
    ]);
  });

  it('answers the high-traffic message at once when the stated wait does not fit the budget', async () => {
    llm.setMode({ kind: 'status', status: 429, headers: { 'retry-after': '30' } });
    const started = Date.now();
    expect(await run()).toEqual({ text: '', error: 'high_traffic' });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(llm.requests).toHaveLength(1);
  });

  it('answers the high-traffic message when the upstream is still busy after the wait', async () => {
    llm.setMode({ kind: 'status', status: 429, headers: { 'retry-after-ms': '100' } });
    expect(await run()).toEqual({ text: '', error: 'high_traffic' });
    expect(llm.requests).toHaveLength(2);
  });

  it('reads Retry-After in seconds, as an HTTP date, and retry-after-ms', () => {
    const now = Date.parse('2026-11-22T12:00:00Z');
    expect(retryAfterMs(new Headers({ 'retry-after': '2' }), now)).toBe(2_000);
    expect(retryAfterMs(new Headers({ 'retry-after': 'Sun, 22 Nov 2026 12:00:05 GMT' }), now)).toBe(5_000);
    expect(retryAfterMs(new Headers({ 'retry-after-ms': '250', 'retry-after': '9' }), now)).toBe(250);
    expect(retryAfterMs(new Headers({ 'retry-after': 'soon' }), now)).toBeUndefined();
  });

  it('fails a 10 MB stream line as a logged fault, having read about 1 MiB of it', async () => {
    llm.setMode({ kind: 'huge-line', bytes: 10 * 1024 * 1024 });
    const before = process.memoryUsage().rss;
    expect(await run()).toEqual({ text: '', error: 'generation_failed' });
    expect(faults()).toEqual([expect.objectContaining({ level: 40, fault: 'oversize_line', attempt: 1 })]);
    // No retry of an oversize line, and the upstream was cut off before it had written the line.
    expect(llm.requests).toHaveLength(1);
    await expect.poll(() => llm.requests[0]!.closedEarly).toBe(true);
    expect(llm.requests[0]!.written).toBeLessThan(10 * 1024 * 1024);
    expect(process.memoryUsage().rss - before).toBeLessThan(64 * 1024 * 1024);
  });

  it('logs every upstream fault with its kind at warn, without the prompt or the answer', async () => {
    const cases: [FakeLlmMode, string[]][] = [
      [{ kind: 'status', status: 500 }, ['status', 'status']],
      [{ kind: 'hang' }, ['timeout', 'timeout']],
      [{ kind: 'stall', chunks: ['Intreat me'] }, ['stall']],
      [{ kind: 'malformed' }, ['malformed', 'malformed']],
      [{ kind: 'reset', chunks: ['Intreat me'] }, ['reset']],
      [{ kind: 'normal', chunks: [] }, ['empty']],
    ];
    for (const [mode, kinds] of cases) {
      lines.length = 0;
      llm.setMode(mode);
      const result = await run(model({ firstTokenTimeoutMs: 1_000 }));
      expect(result.error, mode.kind).toBe('generation_failed');
      expect(
        faults().map((f) => [f.level, f.fault]),
        mode.kind,
      ).toEqual(kinds.map((k) => [40, k]));
    }
    // The caller's abort mid-stream is logged too, as an abort.
    lines.length = 0;
    llm.setMode({ kind: 'normal', chunks: Array(50).fill('Amen '), gapMs: 20 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 150);
    await run(model(), controller.signal);
    expect(faults()).toEqual([expect.objectContaining({ level: 40, fault: 'abort', afterFirstToken: true })]);
    const everything = JSON.stringify(lines);
    expect(everything).not.toContain('Ruth');
    expect(everything).not.toContain('Intreat');
    expect(everything).not.toContain('test-key');
  });

  it('sends max_tokens for the mode and the key as a bearer token', async () => {
    llm.setMode({ kind: 'normal', chunks: ['Amen'] });
    await run();
    expect(llm.requests[0]!.body).toMatchObject({ model: 'fake', stream: true, max_tokens: 700 });
  });
});
