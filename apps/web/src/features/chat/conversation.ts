import type { Answer, AnswerKind, AnswerStatus, ChatEvent, ChatMode, Citation } from '@bible-qa/contract';
import type { z } from 'zod';
import type { chatTurnSchema } from '@bible-qa/contract';
import type { Rating } from './chat.queries.ts';

/** An answer as the screen shows it: streaming in, or settled (done, stopped, failed). */
export interface AnswerView {
  /** Known from the meta event on; null until then (and for a guest's answer that never started). */
  id: string | null;
  status: AnswerStatus;
  content: string;
  citations: Citation[];
  relatedBooks: Answer['relatedBooks'];
  relatedLiterature: Answer['relatedLiterature'];
  images: Answer['images'];
  followUps: string[];
  sources: string[];
  verification: Answer['verification'] | null;
  rating: Rating;
  collected: boolean;
  /** The message to show when the answer failed. */
  error: { code: number; msg: string } | null;
  /** A guest's answer is not stored: it cannot be collected or rated, and a resend asks again. */
  guest: boolean;
}

export interface ChatTurn {
  key: string;
  question: string;
  mode: ChatMode;
  /** What was asked for: an answer, or a prayer, sermon outline or poem. */
  kind: AnswerKind;
  /** The idempotency key of the ask; a retry of the same ask reuses it. */
  requestId: string;
  answer: AnswerView;
}

export interface ConversationState {
  /** The stored conversation the next ask continues; null starts a new one. */
  conversationId: string | null;
  /**
   * This browser's id of a conversation the server does not keep (a guest's, or one whose first answer has not been
   * stored yet): its address (/chat?id=…) and its key in local storage. Given at the first question.
   */
  localId: string | null;
  /** The server answered as to a guest: nothing of this conversation is kept. */
  guest: boolean;
  turns: ChatTurn[];
}

export const initialConversation: ConversationState = { conversationId: null, localId: null, guest: false, turns: [] };

/** Where a conversation lives: its stored id, else its local one; null for a new, empty one. */
/** Whether an answer can be picked for a batch collect: stored, and done or stopped. */
export function isSelectable(turn: ChatTurn): boolean {
  const { answer } = turn;
  return Boolean(answer.id) && !answer.guest && (answer.status === 'done' || answer.status === 'stopped');
}

export function addressOf(state: ConversationState): string | null {
  return state.conversationId ?? state.localId;
}

export function pendingAnswer(): AnswerView {
  return {
    id: null,
    status: 'generating',
    content: '',
    citations: [],
    relatedBooks: [],
    relatedLiterature: [],
    images: [],
    followUps: [],
    sources: [],
    verification: null,
    rating: null,
    collected: false,
    error: null,
    guest: false,
  };
}

export function fromAnswer(answer: Answer, guest = false): AnswerView {
  return {
    id: answer.id,
    status: answer.status,
    content: answer.content,
    citations: answer.citations,
    relatedBooks: answer.relatedBooks,
    relatedLiterature: answer.relatedLiterature,
    images: answer.images,
    followUps: answer.followUps,
    sources: answer.sources,
    verification: answer.verification,
    rating: answer.rating,
    collected: answer.collected,
    error: answer.error,
    guest,
  };
}

/** A stored turn of GET /portal/chat/messages; a question whose answer never got stored shows as stopped. */
export function fromStoredTurn(turn: z.infer<typeof chatTurnSchema>): ChatTurn {
  return {
    key: turn.question.id,
    question: turn.question.text,
    mode: turn.answer?.mode ?? 'advanced',
    kind: turn.answer?.kind ?? 'answer',
    requestId: '',
    answer: turn.answer ? fromAnswer(turn.answer) : { ...pendingAnswer(), status: 'stopped' },
  };
}

export type ConversationAction =
  | { type: 'reset' }
  | { type: 'load'; conversationId: string; turns: ChatTurn[] }
  /** A conversation kept in this browser (see guest-conversations.ts). */
  | { type: 'restore'; localId: string; turns: ChatTurn[] }
  /** `localId` names the conversation if this question starts it. */
  | { type: 'ask'; turn: ChatTurn; localId: string }
  /** A resend or retry: the turn's answer starts over under a request id. */
  | { type: 'restart'; key: string; requestId: string }
  | { type: 'event'; key: string; event: ChatEvent }
  /** Stopped on this side: keeps the text so far; later deltas are ignored. */
  | { type: 'stopped'; key: string }
  | { type: 'failed'; key: string; error: { code: number; msg: string } }
  | { type: 'patch'; answerId: string; patch: Partial<Pick<AnswerView, 'rating' | 'collected'>> };

function updateTurn(state: ConversationState, key: string, update: (turn: ChatTurn) => ChatTurn): ConversationState {
  return { ...state, turns: state.turns.map((turn) => (turn.key === key ? update(turn) : turn)) };
}

function withAnswer(turn: ChatTurn, update: (answer: AnswerView) => AnswerView): ChatTurn {
  return { ...turn, answer: update(turn.answer) };
}

function applyEvent(state: ConversationState, key: string, event: ChatEvent): ConversationState {
  switch (event.type) {
    case 'meta':
      return {
        ...updateTurn(state, key, (turn) =>
          withAnswer(turn, (answer) => ({ ...answer, id: event.answerId, guest: event.guest })),
        ),
        conversationId: event.conversationId ?? state.conversationId,
        guest: event.guest,
      };
    case 'delta':
      return updateTurn(state, key, (turn) =>
        turn.answer.status === 'generating'
          ? withAnswer(turn, (answer) => ({ ...answer, content: answer.content + event.text }))
          : turn,
      );
    case 'citation':
      return updateTurn(state, key, (turn) =>
        withAnswer(turn, (answer) => ({
          ...answer,
          citations: [...answer.citations.filter((c) => c.id !== event.citation.id), event.citation],
        })),
      );
    case 'done':
      return updateTurn(state, key, (turn) => withAnswer(turn, (answer) => fromAnswer(event.answer, answer.guest)));
    case 'error':
      return updateTurn(state, key, (turn) =>
        withAnswer(turn, (answer) => ({
          ...(event.answer ? fromAnswer(event.answer, answer.guest) : answer),
          status: 'failed',
          error: { code: event.code, msg: event.msg },
        })),
      );
  }
}

export function conversationReducer(state: ConversationState, action: ConversationAction): ConversationState {
  switch (action.type) {
    case 'reset':
      return initialConversation;
    case 'load':
      return { conversationId: action.conversationId, localId: null, guest: false, turns: action.turns };
    case 'restore':
      return { conversationId: null, localId: action.localId, guest: false, turns: action.turns };
    case 'ask':
      return {
        ...state,
        localId: addressOf(state) ? state.localId : action.localId,
        turns: [...state.turns, action.turn],
      };
    case 'restart':
      return updateTurn(state, action.key, (turn) => ({
        ...turn,
        requestId: action.requestId,
        answer: { ...pendingAnswer(), guest: turn.answer.guest },
      }));
    case 'event':
      return applyEvent(state, action.key, action.event);
    case 'stopped':
      return updateTurn(state, action.key, (turn) =>
        turn.answer.status === 'generating' ? withAnswer(turn, (answer) => ({ ...answer, status: 'stopped' })) : turn,
      );
    case 'failed':
      return updateTurn(state, action.key, (turn) =>
        withAnswer(turn, (answer) => ({ ...answer, status: 'failed', error: action.error })),
      );
    case 'patch':
      return {
        ...state,
        turns: state.turns.map((turn) =>
          turn.answer.id === action.answerId ? withAnswer(turn, (answer) => ({ ...answer, ...action.patch })) : turn,
        ),
      };
  }
}

/** A request id for an ask: 32 random hex digits (getRandomValues also works outside secure contexts). */
export function newRequestId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
