import { randomUUID } from 'node:crypto';
import { errorCode, errorMessage, type Answer, type Locale } from '@bible-qa/contract';
import type { GatherInput } from '../../answer/answer-context.ts';
import { runGeneration, type GenerationDeps, type GenerationJob } from '../../answer/generate.ts';
import type { AnswerStream } from '../../answer/generation-state.ts';
import type { GenerationRecord } from '../../answer/generation-store.ts';
import type { Generations } from '../../answer/generations.ts';
import { AppError } from '../../http/app-error.ts';
import type { AskCaller, AskQuota, SlotRelease } from './ask-quota.ts';
import { partsOf } from './answer-view.ts';
import type { ChatRepository, MessageRow } from './chat.repository.ts';

export interface Caller extends AskCaller {
  locale: Locale;
  /**
   * The users row that keeps the conversation: the account's, or the guest's (made at its first ask, decision 0040).
   * Absent for a client that sends no guest key: its answers are streamed and not kept.
   */
  ownerId?: string | undefined;
  /** Aborted when the client goes away (watched from the request's arrival): a generation it started stops at once. */
  gone?: AbortSignal;
}

/**
 * Who a generation belongs to: the account, or the guest key the client holds (a hash of it), or for a client that
 * sends no key its address. Only its owner may join, stop or resend it (a request id alone is not enough).
 */
export function ownerOf(caller: AskCaller): string {
  return caller.userId ? `u:${caller.userId}` : caller.guestKey ? `g:${caller.guestKey}` : `ip:${caller.ip}`;
}

/**
 * How chat starts a generation: the guest's (its request id claimed in the guest's own namespace, joined on any
 * server) and the logged-in user's (record, then answer row, then model), both on the generations of every server.
 */
export function createLaunchers(deps: {
  chats: ChatRepository;
  generation: GenerationDeps;
  quota: AskQuota;
  generations: Generations;
}) {
  const { generations } = deps;

  async function launch(
    record: GenerationRecord,
    job: Omit<GenerationJob, 'hub' | 'createdAt' | 'locale' | 'guest' | 'prepared'>,
    caller: Caller,
    release: SlotRelease,
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
    // The client left while the answer was being started: nothing is generated (the answer ends as stopped).
    if (caller.gone?.aborted) hub.abort('disconnected');
    void runGeneration(deps.generation, {
      ...job,
      hub,
      guest: record.guest,
      createdAt: new Date(),
      locale: caller.locale,
      prepared: release.prepared,
    });
    return stream;
  }

  /** A keyless client's answer: streamed, never stored; its request id is claimed in its own namespace. */
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

  /** A kept generation (an account's or a guest's): the record first, then the answer row, then the model. */
  function launchStored(
    caller: Caller,
    input: GatherInput,
    row: { conversationId: string; parentId: string; requestId?: string },
    release: SlotRelease,
  ): Promise<AnswerStream | MessageRow> {
    const answerId = randomUUID();
    const record: GenerationRecord = { answerId, owner: ownerOf(caller), guest: false, locale: caller.locale };
    const ids = { answerId, questionId: row.parentId, conversationId: row.conversationId };
    const message = {
      ...row,
      id: answerId,
      userId: caller.ownerId!,
      role: 'assistant' as const,
      status: 'generating' as const,
      mode: input.mode,
      kind: input.kind,
      language: input.language,
      tradition: input.tradition,
    };
    return launch(
      record,
      {
        input,
        ids,
        persist: persistFor(answerId, row.conversationId),
        checkpoint: (content) => deps.chats.checkpoint(answerId, content),
      },
      caller,
      release,
      async () => {
        if (!row.requestId) return void (await deps.chats.insert(message));
        const { row: stored, created } = await deps.chats.insertOnce(message);
        return created ? undefined : stored;
      },
    );
  }

  return { launchGuest, guestRetry, launchStored };
}
