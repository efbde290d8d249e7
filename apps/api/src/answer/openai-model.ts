import OpenAI from 'openai';
import { AppError } from '../http/app-error.ts';
import type { AnswerContext, AnswerModel } from './answer-model.ts';
import { buildPrompt } from './prompt.ts';

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
}

class Timeout extends Error {}

/**
 * Any OpenAI-compatible chat endpoint (DeepSeek, Qwen, OpenAI, Ollama, vLLM). One retry, and only before the first
 * token; a first-token timeout and a stall timeout; a concurrency cap; the caller's abort stops the HTTP request.
 */
export function createOpenAiModel(options: OpenAiModelOptions): AnswerModel {
  const client = new OpenAI({
    baseURL: options.baseURL,
    apiKey: options.apiKey ?? 'not-needed',
    maxRetries: 0,
    timeout: options.firstTokenTimeoutMs + 5_000,
  });
  let active = 0;

  async function* attempt(context: AnswerContext, signal: AbortSignal): AsyncGenerator<string> {
    const controller = new AbortController();
    const onAbort = () => controller.abort();
    signal.addEventListener('abort', onAbort);
    let timer: NodeJS.Timeout | undefined;
    let timedOut = false;
    const arm = (ms: number) => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        timedOut = true;
        controller.abort(new Timeout());
      }, ms);
    };
    try {
      arm(options.firstTokenTimeoutMs);
      const stream = await client.chat.completions.create(
        {
          model: options.model,
          messages: buildPrompt(context),
          stream: true,
          temperature: options.temperature ?? 0.3,
          max_tokens: options.maxTokens[context.mode],
        },
        { signal: controller.signal },
      );
      for await (const chunk of stream) {
        const text = chunk.choices?.[0]?.delta?.content;
        if (typeof text !== 'string' || text === '') continue;
        arm(options.idleTimeoutMs);
        yield text;
      }
      // The SDK may end an aborted stream quietly: a timeout is still a failure, not a short answer.
      if (timedOut) throw new Timeout();
    } finally {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
    }
  }

  return {
    name: `openai:${options.model}`,
    usesCrossReferences: true,
    async *stream(context, signal) {
      if (active >= options.maxConcurrent) throw new AppError('high_traffic');
      active += 1;
      try {
        let sentAny = false;
        for (let tryNo = 0; ; tryNo += 1) {
          try {
            for await (const text of attempt(context, signal)) {
              sentAny = true;
              yield text;
            }
            if (!sentAny) throw new AppError('generation_failed');
            return;
          } catch (error) {
            if (signal.aborted) throw error;
            // One retry, only before anything reached the reader: never a duplicated or spliced answer.
            if (!sentAny && tryNo === 0 && !(error instanceof AppError)) continue;
            if (error instanceof AppError) throw error;
            throw new AppError('generation_failed', [], { cause: error });
          }
        }
      } finally {
        active -= 1;
      }
    },
  };
}
