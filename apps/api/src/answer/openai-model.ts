import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';
import { AppError } from '../http/app-error.ts';
import type { AnswerContext, AnswerModel } from './answer-model.ts';
import { buildPrompt } from './prompt.ts';
import { OversizeLine, sseData } from './sse-data.ts';

export interface OpenAiModelOptions {
  baseURL: string;
  apiKey: string | undefined;
  model: string;
  /** Give up when no first token arrived in this time (well under the client's 50 s). */
  firstTokenTimeoutMs: number;
  /** Give up when the stream stalls this long between tokens. */
  idleTimeoutMs: number;
  /** Streams at once; beyond it asks are refused with the high-traffic message. */
  maxConcurrent: number;
  /** The longest answer per chat mode (max_tokens): a bound on what one call can cost. */
  maxTokens: Record<AnswerContext['mode'], number>;
  temperature?: number;
  /** Where upstream faults are reported (warn), without the prompt or the answer. */
  log: Pick<Logger, 'warn'>;
  /** The longest stream line (or event) read; past it the generation fails. Default 1 MiB. */
  maxLineBytes?: number;
}

/** What went wrong upstream, as logged. */
export type UpstreamFaultKind =
  'status' | 'rate_limited' | 'timeout' | 'stall' | 'malformed' | 'oversize_line' | 'reset' | 'empty' | 'abort';

export class UpstreamFault extends Error {
  constructor(
    readonly kind: UpstreamFaultKind,
    readonly facts: { status?: number; retryAfterMs?: number; errorClass?: string } = {},
  ) {
    super(`model upstream fault: ${kind}`);
  }
}

const MIB = 1024 * 1024;
/** A 429 that names no wait is tried again after this, when it fits the first-token budget. */
const DEFAULT_RATE_LIMIT_WAIT_MS = 1_000;

/** The wait a 429 asks for: `retry-after-ms`, or `Retry-After` in seconds or as an HTTP date. */
export function retryAfterMs(headers: Headers, now = Date.now()): number | undefined {
  const ms = Number(headers.get('retry-after-ms'));
  if (headers.has('retry-after-ms') && Number.isFinite(ms) && ms >= 0) return ms;
  const value = headers.get('retry-after')?.trim();
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Faults worth one more try before the first token: the upstream may do better a second time. */
const retryable = (fault: UpstreamFault) =>
  fault.kind === 'timeout' ||
  fault.kind === 'reset' ||
  fault.kind === 'malformed' ||
  (fault.kind === 'status' &&
    (fault.facts.status === undefined || fault.facts.status >= 500 || fault.facts.status === 408));

/**
 * Any OpenAI-compatible chat endpoint (DeepSeek, Qwen, OpenAI, Ollama, vLLM), streamed over fetch and read by
 * sse-data.ts. One retry, and only before the first token; a 429 is tried again after its Retry-After when that fits
 * the first-token budget, else it is the high-traffic message; a first-token timeout and a stall timeout; a line cap;
 * a concurrency cap; the caller's abort stops the HTTP request. Every fault is logged with its kind.
 */
export function createOpenAiModel(options: OpenAiModelOptions): AnswerModel {
  const url = `${options.baseURL.replace(/\/+$/, '')}/chat/completions`;
  const maxLineBytes = options.maxLineBytes ?? MIB;
  let active = 0;

  async function* attempt(context: AnswerContext, signal: AbortSignal): AsyncGenerator<string> {
    const controller = new AbortController();
    const onAbort = () => controller.abort();
    // An abort that came before this call is never dispatched again: it must stop the request all the same.
    if (signal.aborted) controller.abort();
    signal.addEventListener('abort', onAbort);
    let timer: NodeJS.Timeout | undefined;
    let timedOut = false;
    let sent = false;
    const arm = (ms: number) => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, ms);
    };
    try {
      arm(options.firstTokenTimeoutMs);
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'text/event-stream',
          ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
        },
        body: JSON.stringify({
          model: options.model,
          messages: buildPrompt(context),
          stream: true,
          temperature: options.temperature ?? 0.3,
          max_tokens: options.maxTokens[context.mode],
        }),
        signal: controller.signal,
      });
      if (!response.ok || !response.body) {
        await response.body?.cancel().catch(() => undefined);
        throw new UpstreamFault(response.status === 429 ? 'rate_limited' : 'status', {
          status: response.status,
          retryAfterMs: response.status === 429 ? retryAfterMs(response.headers) : undefined,
        });
      }
      for await (const data of sseData(response.body, maxLineBytes)) {
        if (data === '[DONE]') return;
        let chunk: { choices?: { delta?: { content?: unknown } }[]; error?: unknown };
        try {
          chunk = JSON.parse(data) as typeof chunk;
        } catch {
          throw new UpstreamFault('malformed');
        }
        if (chunk?.error) throw new UpstreamFault('status');
        const text = chunk?.choices?.[0]?.delta?.content;
        if (typeof text !== 'string' || text === '') continue;
        arm(options.idleTimeoutMs);
        sent = true;
        yield text;
      }
    } catch (error) {
      if (error instanceof UpstreamFault) throw error;
      if (error instanceof OversizeLine) throw new UpstreamFault('oversize_line');
      if (timedOut) throw new UpstreamFault(sent ? 'stall' : 'timeout');
      if (signal.aborted) throw new UpstreamFault('abort');
      throw new UpstreamFault('reset', { errorClass: error instanceof Error ? error.name : typeof error });
    } finally {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      // Whatever ended the read (a fault, the caller, the answer's end), the connection is let go.
      controller.abort();
    }
  }

  function report(fault: UpstreamFault, attemptNo: number, afterFirstToken: boolean, startedAt: number): void {
    options.log.warn(
      {
        upstream: 'llm',
        model: options.model,
        fault: fault.kind,
        ...fault.facts,
        attempt: attemptNo,
        afterFirstToken,
        elapsedMs: Date.now() - startedAt,
      },
      `model upstream fault: ${fault.kind}`,
    );
  }

  return {
    name: `openai:${options.model}`,
    usesCrossReferences: true,
    async *stream(context, signal) {
      if (active >= options.maxConcurrent) throw new AppError('high_traffic');
      active += 1;
      const startedAt = Date.now();
      try {
        let sentAny = false;
        for (let tryNo = 0; ; tryNo += 1) {
          try {
            for await (const text of attempt(context, signal)) {
              sentAny = true;
              yield text;
            }
            if (!sentAny) throw new UpstreamFault('empty');
            return;
          } catch (error) {
            const fault = error instanceof UpstreamFault ? error : new UpstreamFault('reset');
            report(fault, tryNo + 1, sentAny, startedAt);
            if (signal.aborted) throw error;
            // One retry, only before anything reached the reader: never a duplicated or spliced answer.
            const first = !sentAny && tryNo === 0;
            if (fault.kind === 'rate_limited') {
              const wait = fault.facts.retryAfterMs ?? DEFAULT_RATE_LIMIT_WAIT_MS;
              if (first && Date.now() - startedAt + wait < options.firstTokenTimeoutMs) {
                await sleep(wait, undefined, { signal });
                continue;
              }
              throw new AppError('high_traffic', [], { cause: fault });
            }
            if (first && retryable(fault)) continue;
            throw new AppError('generation_failed', [], { cause: fault });
          }
        }
      } finally {
        active -= 1;
      }
    },
  };
}
