import { randomUUID } from 'node:crypto';
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
import { runGeneration, type GenerationDeps, type GenerationJob } from '../../answer/generate.ts';
import { GenerationHub, HubRegistry } from '../../answer/generation-hub.ts';
import { AppError } from '../../http/app-error.ts';
import type { ReaderResolver } from '../../scripture/reader.ts';
import { traditionOf } from '../../scripture/translation-policy.ts';
import type { AskCaller, AskQuota } from './ask-quota.ts';
import { answerFromRow, partsOf } from './answer-view.ts';
import type { ChatRepository, MessageRow } from './chat.repository.ts';

export interface Caller extends AskCaller {
  locale: Locale;
}

const POLL_MS = 300;
const POLL_LIMIT_MS = 60_000;
const HISTORY_TURNS = 4;

/** Request ids are the client's: they are unique per caller (guests share one space). */
function requestKeyOf(caller: Caller, requestId: string): string {
  return `${caller.userId ?? 'guest'}:${requestId}`;
}

function cleanQuestion(text: string): string {
  // Control characters and lone surrogates carry nothing a reader meant to ask.
  return text
    .replace(/\p{Cc}/gu, (c) => (c === '\n' || c === '\t' ? c : ''))
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '')
    .trim();
}

/** Chat's verbs: ask, resend and stop (streamed through generation hubs), and the history and collection verbs. */
export function createChatService(deps: {
  chats: ChatRepository;
  readers: ReaderResolver;
  generation: GenerationDeps;
  quota: AskQuota;
}) {
  const registry = new HubRegistry();
  const owners = new Map<string, string | undefined>();
  const inputs = new Map<string, GatherInput>();

  /** A hub that only replays a finished answer (a retried request whose turn is already stored). */
  async function replay(answer: Answer, guest: boolean): Promise<GenerationHub> {
    const hub = new GenerationHub(answer.id);
    await hub.emit({
      type: 'meta',
      answerId: answer.id,
      questionId: answer.questionId,
      conversationId: answer.conversationId,
      mode: answer.mode,
      kind: answer.kind,
      language: answer.language,
      translation: answer.translation,
      guest,
    });
    if (answer.content) await hub.emit({ type: 'delta', text: answer.content });
    await hub.emit(
      answer.status === 'failed' && answer.error
        ? { type: 'error', code: answer.error.code, msg: answer.error.msg, answer }
        : { type: 'done', answer },
    );
    return hub;
  }

  /** Waits for an answer another process is generating, then replays it. */
  async function awaitStored(answerId: string, userId: string, question: string, locale: Locale) {
    const started = Date.now();
    for (;;) {
      const row = await deps.chats.findOwned(answerId, userId);
      if (row && row.status !== 'generating') return replay(answerFromRow(row, question, locale), false);
      if (Date.now() - started > POLL_LIMIT_MS) throw new AppError('generation_failed');
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
  }

  function launch(
    input: GatherInput,
    ids: GenerationJob['ids'],
    caller: Caller,
    requestKey: string,
    persist: GenerationJob['persist'],
    release: () => void,
  ) {
    const hub = new GenerationHub(ids.answerId);
    void hub.finishedPromise().then(release, release);
    registry.add(hub, requestKey);
    owners.set(ids.answerId, caller.userId);
    inputs.set(ids.answerId, input);
    void hub.finishedPromise().then(() => setTimeout(() => inputs.delete(ids.answerId), 10 * 60_000).unref());
    const job: GenerationJob = {
      hub,
      input,
      ids,
      guest: !caller.userId,
      createdAt: new Date(),
      locale: caller.locale,
      persist,
    };
    void runGeneration(deps.generation, job);
    return hub;
  }

  /** A guest's answer: streamed, never stored. */
  function launchGuest(input: GatherInput, caller: Caller, requestKey: string, release: () => void) {
    return launch(
      input,
      { answerId: randomUUID(), questionId: null, conversationId: null },
      caller,
      requestKey,
      async () => undefined,
      release,
    );
  }

  function persistFor(answerId: string, conversationId: string) {
    return async (answer: Answer) => {
      await deps.chats.finishAnswer(answerId, {
        content: answer.content,
        status: answer.status,
        parts: partsOf(answer),
        errorCode: answer.error?.code ?? null,
        translation: answer.translation,
      });
      await deps.chats.touchConversation(conversationId);
    };
  }

  async function historyOf(conversationId: string, userId: string) {
    const rows = await deps.chats.messagesOf(conversationId, userId);
    const questions = new Map(rows.filter((r) => r.role === 'user').map((r) => [r.id, r.content]));
    return rows
      .filter((r) => r.role === 'assistant' && r.status === 'done' && r.parentId && questions.has(r.parentId))
      .slice(-HISTORY_TURNS)
      .map((r) => ({ question: questions.get(r.parentId!)!, answer: r.content }));
  }

  return {
    /** Starts (or joins, for a retried request id) the generation of an answer; returns its event hub. */
    async ask(caller: Caller, request: AskRequest): Promise<GenerationHub> {
      const question = cleanQuestion(request.question);
      if (!question) throw new AppError('question_required');
      const requestKey = requestKeyOf(caller, request.requestId);
      const joined = registry.byRequestKey(requestKey);
      if (joined) return joined;
      const input: GatherInput = {
        question,
        // A question that asks for a prayer, sermon outline or poem gets one, chosen in the composer or not.
        kind: effectiveKind(request.kind, question),
        mode: request.mode,
        language: request.language ?? answerLanguage(question, caller.locale),
        tradition: await deps.readers.traditionOf({ ...caller, expression: request.expression }),
        history: [],
      };
      if (!caller.userId) return launchGuest(input, caller, requestKey, await deps.quota.take(caller));
      const userId = caller.userId;
      const earlier = await deps.chats.findByRequest(userId, request.requestId);
      if (earlier) return this.rejoin(caller, earlier);
      return deps.quota.withSlot(caller, (release) => this.startAsk(caller, request, input, release));
    },

    /** The stored part of ask: conversation, question and answer rows, then the generation. */
    async startAsk(caller: Caller, request: AskRequest, input: GatherInput, release: () => void) {
      const userId = caller.userId!;
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
      const answerRow = await deps.chats.insert({
        conversationId,
        userId,
        role: 'assistant',
        parentId: questionRow.id,
        status: 'generating',
        mode: input.mode,
        kind: input.kind,
        language: input.language,
        tradition: input.tradition,
      });
      return launch(
        input,
        { answerId: answerRow.id, questionId: questionRow.id, conversationId },
        caller,
        requestKeyOf(caller, request.requestId),
        persistFor(answerRow.id, conversationId),
        release,
      );
    },

    /** A request id seen before: join its generation if it runs here, wait for it if elsewhere, else replay it. */
    async rejoin(caller: Caller, earlier: MessageRow): Promise<GenerationHub> {
      const userId = caller.userId!;
      const answerRow = earlier.role === 'assistant' ? earlier : await deps.chats.latestAnswerTo(earlier.id);
      const questionRow =
        earlier.role === 'user'
          ? earlier
          : earlier.parentId
            ? await deps.chats.findOwned(earlier.parentId, userId)
            : undefined;
      if (!answerRow) throw new AppError('generation_failed');
      const local = registry.byAnswerId(answerRow.id);
      if (local) return local;
      const question = questionRow?.content ?? '';
      if (answerRow.status === 'generating') return awaitStored(answerRow.id, userId, question, caller.locale);
      return replay(answerFromRow(answerRow, question, caller.locale), false);
    },

    /** A new answer to the same question. */
    async resend(caller: Caller, answerId: string, requestId: string): Promise<GenerationHub> {
      const requestKey = requestKeyOf(caller, requestId);
      const joined = registry.byRequestKey(requestKey);
      if (joined) return joined;
      if (!caller.userId) {
        const input = inputs.get(answerId);
        if (!input || owners.get(answerId) !== undefined) throw new AppError('not_found');
        return launchGuest(input, caller, requestKey, await deps.quota.take(caller));
      }
      const userId = caller.userId;
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

    /** The stored part of resend: a new answer row to the same question, then the generation. */
    async startResend(
      caller: Caller,
      previous: MessageRow & { conversationId: string },
      questionRow: MessageRow,
      requestId: string,
      release: () => void,
    ) {
      const userId = caller.userId!;
      const input: GatherInput = {
        question: questionRow.content,
        kind: previous.kind,
        mode: previous.mode,
        language: previous.language as Locale,
        tradition: traditionOf(previous.tradition as Expression),
        history: (await historyOf(previous.conversationId, userId)).filter((t) => t.question !== questionRow.content),
      };
      const { row: answerRow, created } = await deps.chats.insertOnce({
        conversationId: previous.conversationId,
        userId,
        role: 'assistant',
        parentId: questionRow.id,
        requestId,
        status: 'generating',
        mode: input.mode,
        kind: input.kind,
        language: input.language,
        tradition: input.tradition,
      });
      if (!created) {
        release();
        return this.rejoin(caller, answerRow);
      }
      return launch(
        input,
        { answerId: answerRow.id, questionId: questionRow.id, conversationId: previous.conversationId },
        caller,
        requestKeyOf(caller, requestId),
        persistFor(answerRow.id, previous.conversationId),
        release,
      );
    },

    /** Stops a generating answer; it keeps its partial text with the state stopped. */
    async stop(caller: Caller, answerId: string): Promise<Answer | null> {
      const hub = registry.byAnswerId(answerId);
      if (hub && owners.get(answerId) === caller.userId) {
        hub.abort('stopped');
        await Promise.race([hub.finishedPromise(), new Promise((r) => setTimeout(r, 5_000))]);
        if (!caller.userId) return null;
      }
      if (!caller.userId) throw new AppError('not_found');
      const row = await deps.chats.findOwned(answerId, caller.userId);
      if (!row || row.role !== 'assistant') throw new AppError('not_found');
      if (row.status === 'generating') {
        await deps.chats.finishAnswer(row.id, {
          content: row.content,
          status: 'stopped',
          parts: row.parts,
          errorCode: null,
          translation: row.translation,
        });
      }
      const questionRow = row.parentId ? await deps.chats.findOwned(row.parentId, caller.userId) : undefined;
      const fresh = (await deps.chats.findOwned(answerId, caller.userId))!;
      return answerFromRow(fresh, questionRow?.content ?? '', caller.locale);
    },

    /** Stops every generation of a user (suspended or locked); each keeps its text with the state stopped. */
    abortUser(userId: string): void {
      for (const [answerId, owner] of owners) if (owner === userId) registry.byAnswerId(answerId)?.abort('stopped');
    },
    /** At shutdown: stops every generation of this process, each stored as stopped with its text. */
    drain: () => registry.stopAll(),

    get inFlight() {
      return registry.inFlight;
    },
  };
}
export type ChatService = ReturnType<typeof createChatService>;
export type { ChatEvent };
