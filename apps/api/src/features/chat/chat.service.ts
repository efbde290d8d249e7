import { randomUUID } from 'node:crypto';
import {
  errorCode,
  errorMessage,
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
import type { AnswerStream } from '../../answer/generation-state.ts';
import type { GenerationRecord } from '../../answer/generation-store.ts';
import type { Generations } from '../../answer/generations.ts';
import { AppError } from '../../http/app-error.ts';
import type { ReaderResolver } from '../../scripture/reader.ts';
import { traditionOf } from '../../scripture/translation-policy.ts';
import type { AskCaller, AskQuota } from './ask-quota.ts';
import { answerFromRow, partsOf, storedStream } from './answer-view.ts';
import type { ChatRepository, MessageRow } from './chat.repository.ts';

export interface Caller extends AskCaller {
  locale: Locale;
}

const POLL_MS = 300;
const POLL_LIMIT_MS = 60_000;
const HISTORY_TURNS = 4;

/**
 * Who a generation belongs to: the account, or the guest key the client holds (a hash of it), or for a client that
 * sends no key its address. Only its owner may join, stop or resend it (a request id alone is not enough).
 */
export function ownerOf(caller: AskCaller): string {
  return caller.userId ? `u:${caller.userId}` : caller.guestKey ? `g:${caller.guestKey}` : `ip:${caller.ip}`;
}

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
}) {
  const { generations } = deps;

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
  async function launch(
    record: GenerationRecord,
    job: Omit<GenerationJob, 'hub' | 'createdAt' | 'locale' | 'guest'>,
    caller: Caller,
    release: () => void,
    store: () => Promise<MessageRow | undefined> = async () => undefined,
  ): Promise<AnswerStream | MessageRow> {
    const hub = await generations.open(record).catch((error: unknown) => {
      release();
      throw error;
    });
    void hub.finishedPromise().then(release, release);
    const stream = { state: hub, release: hub.attach() };
    const unused = () =>
      hub.emit({
        type: 'error',
        code: errorCode('generation_failed'),
        msg: errorMessage('generation_failed', caller.locale),
        answer: null,
      });
    let existing: MessageRow | undefined;
    try {
      existing = await store();
    } catch (error) {
      await unused();
      stream.release();
      throw error;
    }
    if (existing) {
      await unused();
      stream.release();
      return existing;
    }
    void runGeneration(deps.generation, {
      ...job,
      hub,
      guest: record.guest,
      createdAt: new Date(),
      locale: caller.locale,
    });
    return stream;
  }

  /** A guest's answer: streamed, never stored; its request id is claimed in the guest's own namespace. */
  async function launchGuest(input: GatherInput, caller: Caller, requestId: string): Promise<AnswerStream> {
    const requestKey = `${ownerOf(caller)}:${requestId}`;
    const release = await deps.quota.take(caller);
    const answerId = randomUUID();
    const holder = await generations.claim(requestKey, answerId).catch((error: unknown) => {
      release();
      throw error;
    });
    if (holder !== answerId) {
      // Another server (or request) started this request id a moment ago: join it instead.
      release();
      return joinGuest(caller, holder);
    }
    const record: GenerationRecord = {
      answerId,
      owner: ownerOf(caller),
      guest: true,
      locale: caller.locale,
      requestKey,
      input,
    };
    const ids = { answerId, questionId: null, conversationId: null };
    return launch(record, { input, ids, persist: async () => undefined }, caller, release) as Promise<AnswerStream>;
  }

  /** Joins a guest's generation by the answer its request id claimed; it may take a moment to be opened. */
  async function joinGuest(caller: Caller, answerId: string): Promise<AnswerStream> {
    for (let waited = 0; waited <= 2_000; waited += 100) {
      const lease = await generations.join(answerId);
      if (lease && lease.record.owner === ownerOf(caller)) return lease;
      lease?.release();
      if (lease) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new AppError('generation_failed');
  }

  /** A request id this guest used before, on any server: its generation, or undefined. */
  async function guestRetry(caller: Caller, requestId: string): Promise<AnswerStream | undefined> {
    const holder = await generations.claimed(`${ownerOf(caller)}:${requestId}`);
    return holder ? joinGuest(caller, holder) : undefined;
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

  /** A logged-in user's generation: the record first, then the answer row, then the model. */
  function launchStored(
    caller: Caller,
    input: GatherInput,
    row: { conversationId: string; parentId: string; requestId?: string },
    release: () => void,
  ): Promise<AnswerStream | MessageRow> {
    const answerId = randomUUID();
    const record: GenerationRecord = { answerId, owner: ownerOf(caller), guest: false, locale: caller.locale };
    const ids = { answerId, questionId: row.parentId, conversationId: row.conversationId };
    const message = {
      ...row,
      id: answerId,
      userId: caller.userId!,
      role: 'assistant' as const,
      status: 'generating' as const,
      mode: input.mode,
      kind: input.kind,
      language: input.language,
      tradition: input.tradition,
    };
    return launch(
      record,
      { input, ids, persist: persistFor(answerId, row.conversationId) },
      caller,
      release,
      async () => {
        if (!row.requestId) return void (await deps.chats.insert(message));
        const { row: stored, created } = await deps.chats.insertOnce(message);
        return created ? undefined : stored;
      },
    );
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
    /**
     * Starts the generation of an answer, or joins it for a request id seen before (on any server), or replays it
     * when it is over; the stream is followed from the reader's cursor by the route.
     */
    async ask(caller: Caller, request: AskRequest): Promise<AnswerStream> {
      const question = cleanQuestion(request.question);
      if (!question) throw new AppError('question_required');
      if (!caller.userId) {
        const joined = await guestRetry(caller, request.requestId);
        if (joined) return joined;
      } else {
        const earlier = await deps.chats.findByRequest(caller.userId, request.requestId);
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
      if (!caller.userId) return launchGuest(input, caller, request.requestId);
      return deps.quota.withSlot(caller, (release) => this.startAsk(caller, request, input, release));
    },

    /** The stored part of ask: conversation and question rows, then the generation and its answer row. */
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
      return launchStored(
        caller,
        input,
        { conversationId, parentId: questionRow.id },
        release,
      ) as Promise<AnswerStream>;
    },

    /** A request id seen before: follow its generation wherever it runs, wait for it if it is starting, or replay. */
    async rejoin(caller: Caller, earlier: MessageRow): Promise<AnswerStream> {
      const userId = caller.userId!;
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
      if (answerRow.status === 'generating') return awaitStored(answerRow.id, userId, question, caller.locale);
      return storedStream(answerFromRow(answerRow, question, caller.locale), false);
    },

    /** A new answer to the same question. */
    async resend(caller: Caller, answerId: string, requestId: string): Promise<AnswerStream> {
      if (!caller.userId) {
        const joined = await guestRetry(caller, requestId);
        if (joined) return joined;
        const record = await generations.record(answerId);
        if (!record?.input || record.owner !== ownerOf(caller)) throw new AppError('not_found');
        return launchGuest(record.input, caller, requestId);
      }
      const userId = caller.userId;
      const earlier = await deps.chats.findByRequest(userId, requestId);
      if (earlier) return this.rejoin(caller, earlier);
      const previous = await deps.chats.findOwned(answerId, userId);
      if (!previous || previous.role !== 'assistant' || !previous.parentId) throw new AppError('not_found');
      const questionRow = await deps.chats.findOwned(previous.parentId, userId);
      if (!questionRow) throw new AppError('not_found');
      return deps.quota.withSlot(caller, (release) =>
        this.startResend(caller, previous, questionRow, requestId, release),
      );
    },

    /** The stored part of resend: a new answer row to the same question, then the generation. */
    async startResend(
      caller: Caller,
      previous: MessageRow,
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
      const started = await launchStored(
        caller,
        input,
        { conversationId: previous.conversationId, parentId: questionRow.id, requestId },
        release,
      );
      return 'state' in started ? started : this.rejoin(caller, started);
    },

    /** Stops a generating answer wherever it runs; it keeps its partial text with the state stopped. */
    async stop(caller: Caller, answerId: string): Promise<Answer | null> {
      const stopped = await generations.stop(answerId, ownerOf(caller));
      if (!caller.userId) {
        if (!stopped) throw new AppError('not_found');
        return null;
      }
      const row = await deps.chats.findOwned(answerId, caller.userId);
      if (!row || row.role !== 'assistant') throw new AppError('not_found');
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
      const questionRow = row.parentId ? await deps.chats.findOwned(row.parentId, caller.userId) : undefined;
      const fresh = (await deps.chats.findOwned(answerId, caller.userId))!;
      return answerFromRow(fresh, questionRow?.content ?? '', caller.locale);
    },

    /** Stops every generation of a user (suspended or locked) on every server; each keeps its text as stopped. */
    abortUser: (userId: string) => generations.abortOwner(ownerOf({ userId, ip: '' })),
    /** At shutdown: stops every generation of this process, each stored as stopped with its text. */
    drain: () => generations.stopAll(),

    get inFlight() {
      return generations.inFlight;
    },
  };
}
export type ChatService = ReturnType<typeof createChatService>;
export type { ChatEvent };
