import type { AnswerKind, ChatEvent, ChatMode } from '@bible-qa/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client.ts';
import { laterErrorCode, useLaterErrorMessage } from '../../lib/i18n.ts';
import { storedExpression } from '../../lib/preferences.ts';
import { useServices } from '../../lib/services.tsx';
import {
  askEvents,
  messagesQuery,
  resendEvents,
  stopAnswer,
  useInvalidateHistory,
  type AskBody,
} from './chat.queries.ts';
import { ChatStreamError } from './chat-stream.ts';
import {
  conversationReducer,
  fromStoredTurn,
  initialConversation,
  newRequestId,
  pendingAnswer,
  type AnswerView,
  type ChatTurn,
  type ConversationState,
} from './conversation.ts';
import {
  isLocalId,
  loadGuestConversation,
  newLocalId,
  removeGuestConversation,
  saveGuestConversation,
} from './guest-conversations.ts';
import { Toast } from '../../lib/overlays.ts';
import { isOffline } from '../../lib/connectivity.ts';
import { keepsOfflineData } from '../../lib/offline-data.ts';

interface Stream {
  controller: AbortController;
  /** Set when the user stopped (or left): the end of the stream is then a stop, not a failure. */
  stopped: boolean;
}

let turnCounter = 0;
const newTurnKey = () => `turn-${Date.now()}-${++turnCounter}`;

function isAbort(error: unknown): boolean {
  return (
    (error instanceof DOMException && error.name === 'AbortError') ||
    (error instanceof ApiError && error.kind === 'aborted')
  );
}

/**
 * The conversation on screen and its verbs: ask, stop, resend, retry, open a stored conversation, start anew.
 * One answer streams at a time; its fetch is aborted when the user stops it or leaves the chat screen.
 */
export function useConversation() {
  const { api, storage } = useServices();
  const { t } = useTranslation('chat');
  const { t: tc } = useTranslation();
  const errorMessage = useLaterErrorMessage();
  const queryClient = useQueryClient();
  const invalidateHistory = useInvalidateHistory();
  const [state, dispatch] = useReducer(conversationReducer, initialConversation);
  const latest = useRef<ConversationState>(state);
  const streams = useRef(new Map<string, Stream>());
  /** Bumped by every change of conversation, so a slower load that was overtaken is dropped. */
  const showing = useRef(0);
  useEffect(() => {
    latest.current = state;
  }, [state]);
  useKeptInBrowser(state, storage);

  const failureOf = useCallback(
    async (error: unknown): Promise<{ code: number; msg: string }> => {
      const catalogued = async (name: 'answer_parse_failed' | 'generation_failed') => ({
        code: await laterErrorCode(name),
        msg: await errorMessage(name),
      });
      if (error instanceof ChatStreamError) {
        return catalogued(error.fault === 'malformed' ? 'answer_parse_failed' : 'generation_failed');
      }
      if (error instanceof ApiError) {
        if (error.kind === 'network' && isOffline()) return { code: 0, msg: tc('offline.ask') };
        if (error.kind === 'timeout' || error.kind === 'network') return { code: 0, msg: t('answer.networkError') };
        if (error.kind === 'invalid_response') return catalogued('answer_parse_failed');
        if (error.message) return { code: error.code ?? 0, msg: error.message };
      }
      return catalogued('generation_failed');
    },
    [errorMessage, t, tc],
  );

  const run = useCallback(
    async (key: string, open: (signal: AbortSignal) => AsyncIterable<ChatEvent>) => {
      const stream: Stream = { controller: new AbortController(), stopped: false };
      streams.current.set(key, stream);
      let stored: string | null = null;
      try {
        for await (const event of open(stream.controller.signal)) {
          dispatch({ type: 'event', key, event });
          if (event.type === 'meta') stored = event.guest ? null : event.conversationId;
        }
      } catch (error) {
        if (stream.stopped || isAbort(error)) dispatch({ type: 'stopped', key });
        else dispatch({ type: 'failed', key, error: await failureOf(error) });
      } finally {
        streams.current.delete(key);
        if (stored) {
          invalidateHistory();
          // Read once through the service worker, the conversation is kept for offline reading (decision 0045).
          if (keepsOfflineData()) void queryClient.prefetchQuery(messagesQuery(api, stored));
        }
      }
    },
    [api, failureOf, invalidateHistory, queryClient],
  );

  const startAsk = useCallback(
    (turn: Pick<ChatTurn, 'key' | 'question' | 'mode' | 'kind' | 'requestId'>) => {
      const body: AskBody = {
        question: turn.question,
        mode: turn.mode,
        kind: turn.kind,
        requestId: turn.requestId,
        ...(latest.current.conversationId ? { conversationId: latest.current.conversationId } : {}),
      };
      // The wording tradition chosen in the tour or settings (a guest has no account to hold it).
      const expression = storedExpression(storage);
      if (expression) body.expression = expression;
      void run(turn.key, (signal) => askEvents(api, body, signal));
    },
    [api, storage, run],
  );

  const streaming = state.turns.some((turn) => turn.answer.status === 'generating');

  /** Asks a question (or for a prayer, sermon outline or poem on it); false when an answer is still streaming. */
  const ask = useCallback(
    (question: string, mode: ChatMode, kind: AnswerKind = 'answer'): boolean => {
      if (streams.current.size > 0) return false;
      const turn: ChatTurn = {
        key: newTurnKey(),
        question,
        mode,
        kind,
        requestId: newRequestId(),
        answer: pendingAnswer(),
      };
      showing.current += 1;
      dispatch({ type: 'ask', turn, localId: newLocalId() });
      startAsk(turn);
      return true;
    },
    [startAsk],
  );

  /** Stops the streaming answer: the text so far stays; the server is told, and says so. */
  const stop = useCallback(
    async (key: string) => {
      const stream = streams.current.get(key);
      if (!stream) return;
      stream.stopped = true;
      dispatch({ type: 'stopped', key });
      const answerId = latest.current.turns.find((turn) => turn.key === key)?.answer.id;
      try {
        if (answerId) Toast.show({ content: await stopAnswer(api, answerId) });
      } catch {
        // The API client has shown the server's message; the stream is closed below either way.
      } finally {
        stream.controller.abort();
      }
    },
    [api],
  );

  /** A new answer to the same question (a guest's answer is not stored, so the question is asked again). */
  const resend = useCallback(
    (key: string) => {
      const turn = latest.current.turns.find((t) => t.key === key);
      if (!turn || streams.current.size > 0) return;
      const requestId = newRequestId();
      dispatch({ type: 'restart', key, requestId });
      const answerId = turn.answer.id;
      if (answerId && !turn.answer.guest) {
        void run(key, (signal) => resendEvents(api, { answerId, requestId }, signal));
      } else {
        startAsk({ ...turn, requestId });
      }
    },
    [api, run, startAsk],
  );

  /**
   * Tries a failed answer again: a stored answer is resent; an ask that failed before the server answered it is
   * sent again with the same request id, so the server never makes a second turn of it.
   */
  const retry = useCallback(
    (key: string) => {
      const turn = latest.current.turns.find((t) => t.key === key);
      if (!turn || streams.current.size > 0) return;
      if (turn.answer.id) return resend(key);
      dispatch({ type: 'restart', key, requestId: turn.requestId });
      startAsk(turn);
    },
    [resend, startAsk],
  );

  const abortAll = useCallback(() => {
    for (const stream of streams.current.values()) {
      stream.stopped = true;
      stream.controller.abort();
    }
  }, []);

  /** Opens a stored conversation from the history; a load overtaken by another change is dropped. */
  const open = useCallback(
    async (conversationId: string) => {
      const ticket = ++showing.current;
      abortAll();
      const turns = await queryClient.fetchQuery(messagesQuery(api, conversationId));
      if (ticket === showing.current) dispatch({ type: 'load', conversationId, turns: turns.map(fromStoredTurn) });
    },
    [abortAll, api, queryClient],
  );

  /** Shows the conversation kept in this browser under a local id; false when there is none. */
  const restore = useCallback(
    (localId: string): boolean => {
      const turns = isLocalId(localId) ? loadGuestConversation(storage, localId) : null;
      if (!turns) return false;
      showing.current += 1;
      abortAll();
      dispatch({ type: 'restore', localId, turns });
      return true;
    },
    [abortAll, storage],
  );

  const reset = useCallback(() => {
    showing.current += 1;
    abortAll();
    dispatch({ type: 'reset' });
  }, [abortAll]);

  const patchAnswer = useCallback(
    (answerId: string, patch: Partial<Pick<AnswerView, 'rating' | 'collected'>>) =>
      dispatch({ type: 'patch', answerId, patch }),
    [],
  );

  // Leaving the chat screen (hidden by keep-alive, or unmounted) ends the stream.
  useEffect(() => abortAll, [abortAll]);

  return { state, streaming, ask, stop, resend, retry, open, restore, reset, patchAnswer };
}

/**
 * A conversation the server does not keep is kept in this browser while it is on screen: after each settled answer,
 * and when the page goes away mid-answer (kept as stopped). Once the server stores it, the local copy goes.
 */
function useKeptInBrowser(state: ConversationState, storage: ReturnType<typeof useServices>['storage']) {
  const { conversationId, localId, turns } = state;
  const settled = turns.every((turn) => turn.answer.status !== 'generating');
  useEffect(() => {
    if (!localId) return;
    if (conversationId) removeGuestConversation(storage, localId);
    else if (settled && turns.length > 0) saveGuestConversation(storage, localId, turns);
  }, [conversationId, localId, turns, settled, storage]);
  useEffect(() => {
    if (!localId || conversationId || turns.length === 0) return;
    const keep = () => saveGuestConversation(storage, localId, turns);
    window.addEventListener('pagehide', keep);
    return () => window.removeEventListener('pagehide', keep);
  }, [conversationId, localId, turns, storage]);
}

export type Conversation = ReturnType<typeof useConversation>;
