import {
  stripBidiControls,
  type Answer,
  type AskRequest,
  type ChatEvent,
  type Expression,
  type Locale,
} from '@bible-qa/contract';
import { answerLanguage } from '../../answer/answer-language.ts';
import { effectiveKind } from '../../answer/question-intent.ts';
import type { GatherInput } from '../../answer/answer-context.ts';
import type { GenerationDeps } from '../../answer/generate.ts';
import type { AnswerStream } from '../../answer/generation-state.ts';
import type { Generations } from '../../answer/generations.ts';
import { AppError } from '../../http/app-error.ts';
import type { ReaderResolver } from '../../scripture/reader.ts';
import { traditionOf } from '../../scripture/translation-policy.ts';
import type { AnswerRecovery } from './answer-recovery.ts';
import type { AskQuota, SlotRelease } from './ask-quota.ts';
import { createLaunchers, ownerOf, type Caller } from './chat-launch.ts';
import { answerFromRow, storedStream } from './answer-view.ts';
import type { ChatRepository, MessageRow } from './chat.repository.ts';

const POLL_MS = 300;
const POLL_LIMIT_MS = 60_000;
const HISTORY_TURNS = 4;

function cleanQuestion(text: string): string {
  // Control characters and lone surrogates carry nothing a reader meant to ask.
  return text
    .replace(/\p{Cc}/gu, (c) => (c === '\n' || c === '\t' ? c : ''))
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '')
    .trim();
}

/** Chat's verbs: ask, resend and stop (streamed through the generations of every server), and the history verbs. */
export function createChatService(deps: {
  chats: ChatRepository;
  readers: ReaderResolver;
  generation: GenerationDeps;
  quota: AskQuota;
  generations: Generations;
  recovery: AnswerRecovery;
}) {
  const { generations } = deps;
  const { launchGuest, guestRetry, launchStored } = createLaunchers(deps);

  /** Waits for an answer whose generation is not known (yet, or any more) to any server, then follows or replays it. */
  async function awaitStored(answerId: string, userId: string, question: string, locale: Locale) {
    const started = Date.now();
    for (;;) {
      const lease = await generations.join(answerId);
      if (lease) return lease;
      const row = await deps.chats.findOwned(answerId, userId);
      if (row && row.status !== 'generating') return storedStream(answerFromRow(row, question, locale), false);
      if (Date.now() - started > POLL_LIMIT_MS) throw new AppError('generation_failed');
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
  }

  /**
   * Opens the generation (its record first, so a retry on any server finds it), stores its row, then runs the model.
   * When the row's request id turns out to be taken (a simultaneous retry), that row is returned instead.
   */
  async function historyOf(conversationId: string, userId: string) {
    const rows = await deps.chats.messagesOf(conversationId, userId);
    const questions = new Map(rows.filter((r) => r.role === 'user').map((r) => [r.id, r.content]));
    return rows
      .filter((r) => r.role === 'assistant' && r.status === 'done' && r.parentId && questions.has(r.parentId))
      .slice(-HISTORY_TURNS)
      .map((r) => ({ question: questions.get(r.parentId!)!, answer: r.content }));
  }

  return {
    /**
     * Refuses an ask at once when this process prepares as many as it may, before any work is spent on it (the
     * guest's row, its tradition): under a burst the refused asks must cost next to nothing.
     */
    refuseWhenBusy(): void {
      if (deps.quota.busy()) throw new AppError('high_traffic');
    },

    /**
     * Starts the generation of an answer, or joins it for a request id seen before (on any server), or replays it
     * when it is over; the stream is followed from the reader's cursor by the route.
     */
    async ask(caller: Caller, request: AskRequest): Promise<AnswerStream> {
      const question = cleanQuestion(request.question);
      if (!question) throw new AppError('question_required');
      if (!caller.ownerId) {
        const joined = await guestRetry(caller, request.requestId);
        if (joined) return joined;
      } else {
        const earlier = await deps.chats.findByRequest(caller.ownerId, request.requestId);
        if (earlier) return this.rejoin(caller, earlier);
      }
      const input: GatherInput = {
        question,
        // A question that asks for a prayer, sermon outline or poem gets one, chosen in the composer or not.
        kind: effectiveKind(request.kind, question),
        mode: request.mode,
        language: request.language ?? answerLanguage(question, caller.locale),
        tradition: await deps.readers.traditionOf({ ...caller, expression: request.expression }),
        history: [],
      };
      if (!caller.ownerId) return launchGuest(input, caller, request.requestId);
      return deps.quota.withSlot(caller, (release) => this.startAsk(caller, request, input, release));
    },

    /** The stored part of ask: conversation and question rows, then the generation and its answer row. */
    async startAsk(caller: Caller, request: AskRequest, input: GatherInput, release: SlotRelease) {
      const userId = caller.ownerId!;
      const question = input.question;
      let conversationId = request.conversationId;
      if (conversationId) {
        if (!(await deps.chats.findConversationOwned(conversationId, userId))) throw new AppError('not_found');
        input.history = await historyOf(conversationId, userId);
      } else {
        conversationId = await deps.chats.createConversation(
          userId,
          Array.from(stripBidiControls(question)).slice(0, 40).join(''),
        );
      }
      const { row: questionRow, created } = await deps.chats.insertOnce({
        conversationId,
        userId,
        role: 'user',
        requestId: request.requestId,
        content: question,
        mode: input.mode,
        kind: input.kind,
        language: input.language,
        tradition: input.tradition,
      });
      if (!created) {
        release();
        return this.rejoin(caller, questionRow);
      }
      return launchStored(
        caller,
        input,
        { conversationId, parentId: questionRow.id },
        release,
      ) as Promise<AnswerStream>;
    },

    /** A request id seen before: follow its generation wherever it runs, wait for it if it is starting, or replay. */
    async rejoin(caller: Caller, earlier: MessageRow): Promise<AnswerStream> {
      const userId = caller.ownerId!;
      const questionRow =
        earlier.role === 'user'
          ? earlier
          : earlier.parentId
            ? await deps.chats.findOwned(earlier.parentId, userId)
            : undefined;
      let answerRow = earlier.role === 'assistant' ? earlier : await deps.chats.latestAnswerTo(earlier.id);
      // The question is stored a moment before its answer row: wait for that moment.
      for (let waited = 0; !answerRow && waited < 2_000; waited += POLL_MS) {
        await new Promise((r) => setTimeout(r, POLL_MS));
        answerRow = await deps.chats.latestAnswerTo(earlier.id);
      }
      if (!answerRow) throw new AppError('generation_failed');
      const question = questionRow?.content ?? '';
      const lease = await generations.join(answerRow.id);
      if (lease) return lease;
      if (answerRow.status === 'generating') {
        // Its server died mid-answer: the answer keeps its text as stopped, and the retry is answered anew.
        if (questionRow && (await deps.recovery.settleIfDead(answerRow))) {
          return this.answerAgain(caller, answerRow, questionRow);
        }
        return awaitStored(answerRow.id, userId, question, caller.locale);
      }
      return storedStream(answerFromRow(answerRow, question, caller.locale), false);
    },

    /** A new answer to the same question. */
    async resend(caller: Caller, answerId: string, requestId: string): Promise<AnswerStream> {
      if (!caller.ownerId) {
        const joined = await guestRetry(caller, requestId);
        if (joined) return joined;
        const record = await generations.record(answerId);
        if (!record?.input || record.owner !== ownerOf(caller)) throw new AppError('not_found');
        // Another version: the same request, one more answer to it.
        return launchGuest({ ...record.input, again: (record.input.again ?? 0) + 1 }, caller, requestId);
      }
      const userId = caller.ownerId;
      const earlier = await deps.chats.findByRequest(userId, requestId);
      if (earlier) return this.rejoin(caller, earlier);
      const previous = await deps.chats.findOwned(answerId, userId);
      // An answer kept only as a collection (its conversation deleted) has no conversation to answer in again.
      if (!previous || previous.role !== 'assistant' || !previous.parentId || !previous.conversationId) {
        throw new AppError('not_found');
      }
      const questionRow = await deps.chats.findOwned(previous.parentId, userId);
      if (!questionRow) throw new AppError('not_found');
      const conversationId = previous.conversationId;
      return deps.quota.withSlot(caller, (release) =>
        this.startResend(caller, { ...previous, conversationId }, questionRow, requestId, release),
      );
    },

    /** A new answer to a question whose answer was lost with its server (a retry of it). */
    async answerAgain(caller: Caller, lost: MessageRow, questionRow: MessageRow): Promise<AnswerStream> {
      if (!lost.conversationId) throw new AppError('generation_failed');
      const previous = { ...lost, conversationId: lost.conversationId };
      const started = await deps.quota.withSlot(caller, (release) =>
        this.startResend(caller, previous, questionRow, undefined, release),
      );
      return started;
    },

    /** The stored part of resend: a new answer row to the same question, then the generation. */
    async startResend(
      caller: Caller,
      previous: MessageRow & { conversationId: string },
      questionRow: MessageRow,
      requestId: string | undefined,
      release: SlotRelease,
    ): Promise<AnswerStream> {
      const userId = caller.ownerId!;
      const input: GatherInput = {
        question: questionRow.content,
        kind: previous.kind,
        mode: previous.mode,
        language: previous.language as Locale,
        tradition: traditionOf(previous.tradition as Expression),
        history: (await historyOf(previous.conversationId, userId)).filter((t) => t.question !== questionRow.content),
        again: await deps.chats.countAnswersTo(questionRow.id),
      };
      const started = await launchStored(
        caller,
        input,
        { conversationId: previous.conversationId, parentId: questionRow.id, ...(requestId ? { requestId } : {}) },
        release,
      );
      return 'state' in started ? started : this.rejoin(caller, started);
    },

    /**
     * Follows a kept answer of the caller from the reader's cursor (the route reads it): the rest of one still being
     * written, or the whole of one that is over. A reload, a return to the chat and a login all pick answers up so.
     */
    async follow(caller: Caller, answerId: string): Promise<AnswerStream> {
      const row = caller.ownerId ? await deps.chats.findOwned(answerId, caller.ownerId) : undefined;
      if (!row || row.role !== 'assistant') throw new AppError('not_found');
      return this.rejoin(caller, row);
    },

    /** Stops a generating answer wherever it runs; it keeps its partial text with the state stopped. */
    async stop(caller: Caller, answerId: string): Promise<Answer | null> {
      if (!caller.ownerId) {
        if (!(await generations.stop(answerId, ownerOf(caller)))) throw new AppError('not_found');
        return null;
      }
      const owned = await deps.chats.findOwned(answerId, caller.ownerId);
      if (!owned || owned.role !== 'assistant') throw new AppError('not_found');
      // The row says whose it is: a guest's answer that became the account's at login still runs as the guest's.
      const record = await generations.record(answerId);
      const stopped = record ? await generations.stop(answerId, record.owner) : false;
      const row = (await deps.chats.findOwned(answerId, caller.ownerId))!;
      if (row.status === 'generating' && !stopped) {
        // No server runs it any more (it died): the row is settled here, with what was stored.
        await deps.chats.finishAnswer(row.id, {
          content: row.content,
          status: 'stopped',
          parts: row.parts,
          errorCode: null,
          translation: row.translation,
        });
      }
      const questionRow = row.parentId ? await deps.chats.findOwned(row.parentId, caller.ownerId) : undefined;
      const fresh = (await deps.chats.findOwned(answerId, caller.ownerId))!;
      return answerFromRow(fresh, questionRow?.content ?? '', caller.locale);
    },

    /** Stops every generation of a user (suspended or locked) on every server; each keeps its text as stopped. */
    abortUser: (userId: string) => generations.abortOwner(ownerOf({ userId, ip: '' })),
    /**
     * At shutdown: the answers being written here run to their end for up to `withinMs`, then those left stop, each
     * stored as stopped with its text.
     */
    drain: (withinMs = 0) => generations.finishAll(withinMs),

    get inFlight() {
      return generations.inFlight;
    },
  };
}
export type ChatService = ReturnType<typeof createChatService>;
export { ownerOf, type Caller };
export type { ChatEvent };
