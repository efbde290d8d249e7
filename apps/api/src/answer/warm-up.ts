import { randomUUID } from 'node:crypto';
import type { AnswerStatus } from '@bible-qa/contract';
import type { Logger } from 'pino';
import type { Tradition } from '../scripture/references.types.ts';
import type { AnswerModel } from './answer-model.ts';
import { runGeneration, type GenerationDeps } from './generate.ts';
import { GenerationHub } from './generation-hub.ts';
import { WARM_QUESTIONS } from '../language/warm-up-questions.ts';

/**
 * One question per language, across the paths a first question takes (language/lexicon/warm-up-questions.tsv):
 * asked once, they open the index's tables, load the passage guide and the language's analysers and fill the
 * version's memos, so a reader's first question is not the one that pays for it.
 */
export { WARM_QUESTIONS };

/**
 * With a remote model the warm-up never calls it: this stand-in quotes the gathered verses, so retrieval, citation
 * verification and the answer's parts are warmed without a paid model call.
 */
export const quotingModel: AnswerModel = {
  name: 'warm-up',
  usesCrossReferences: true,
  async *stream(context) {
    for (const verse of context.verses.slice(0, 3)) yield `${verse.label} ${verse.text}\n`;
  },
};

export interface WarmUpDeps extends GenerationDeps {
  tradition: Tradition;
  /** Real requests in flight: the warm-up waits for a quiet moment before each question, and gives up if none comes. */
  busy: () => boolean;
  log: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** How long to wait for a quiet moment before giving up (default 10 s). */
  quietWaitMs?: number;
}

const QUIET_POLL_MS = 100;

async function quiet(busy: () => boolean, signal: AbortSignal, waitMs: number): Promise<boolean> {
  const until = Date.now() + waitMs;
  while (busy() && !signal.aborted) {
    // Readers asking now warm the caches themselves; a server busy for long needs no warm-up.
    if (Date.now() > until) return false;
    await new Promise((r) => setTimeout(r, QUIET_POLL_MS).unref());
  }
  return !signal.aborted;
}

/**
 * Asks the warm-up questions one after another, in the background, as a guest whose answers go nowhere. It never
 * delays readiness (nothing waits for it) and yields to real requests: one question at a time, only when none is in
 * flight. Resolves with the status of each answer it got.
 */
export async function warmAnswers(deps: WarmUpDeps, signal: AbortSignal = new AbortController().signal) {
  const started = performance.now();
  const statuses: AnswerStatus[] = [];
  for (const { language, question, mode } of WARM_QUESTIONS) {
    if (!(await quiet(deps.busy, signal, deps.quietWaitMs ?? 10_000))) break;
    // No reader ever follows a warm-up answer, so no reader can leave it: the grace never applies.
    const hub = new GenerationHub(randomUUID(), 0);
    signal.addEventListener('abort', () => hub.abort('shutdown'), { once: true });
    await runGeneration(deps, {
      hub,
      input: { question, kind: 'answer', mode, language, tradition: deps.tradition, history: [] },
      ids: { answerId: hub.answerId, questionId: null, conversationId: null },
      guest: true,
      createdAt: new Date(),
      locale: language,
      persist: async (answer) => void statuses.push(answer.status),
    });
  }
  deps.log.info({ asked: statuses.length, ms: Math.round(performance.now() - started) }, 'answer caches warmed');
  return statuses;
}
