import { ANSWER_KINDS, ANSWER_STATUSES, CHAT_MODES } from '@bible-qa/contract';
import type { AppStorage } from '../../lib/storage.ts';
import type { ChatTurn } from './conversation.ts';

/**
 * Conversations the server does not keep (a guest's answers are not stored, spec §1) live in this browser's local
 * storage, so a reload, back or forward finds them again: the newest few, each under its local id.
 */
const KEPT_CONVERSATIONS = 5;
const KEPT_TURNS = 30;
const LOCAL_ID = /^local-[0-9a-f]{16,32}$/;

interface StoredConversation {
  id: string;
  savedAt: number;
  turns: ChatTurn[];
}

export function isLocalId(id: string): boolean {
  return LOCAL_ID.test(id);
}

export function newLocalId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return `local-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

const oneOf = (values: readonly string[], value: unknown) => typeof value === 'string' && values.includes(value);
const isArray = (value: unknown) => Array.isArray(value);

/** Only this module writes the entry; reading it back checks the shape by hand (no validation library on start). */
function isStoredTurn(value: unknown): value is ChatTurn {
  if (!value || typeof value !== 'object') return false;
  const turn = value as Record<string, unknown>;
  const answer = turn.answer as Record<string, unknown> | null;
  return (
    typeof turn.key === 'string' &&
    typeof turn.question === 'string' &&
    typeof turn.requestId === 'string' &&
    oneOf(CHAT_MODES, turn.mode) &&
    oneOf(ANSWER_KINDS, turn.kind) &&
    !!answer &&
    typeof answer === 'object' &&
    oneOf(ANSWER_STATUSES, answer.status) &&
    typeof answer.content === 'string' &&
    [answer.citations, answer.relatedBooks, answer.relatedLiterature, answer.images, answer.followUps].every(isArray) &&
    isArray(answer.sources)
  );
}

function readAll(storage: AppStorage): StoredConversation[] {
  const value = storage.getCache('guestConversations');
  if (!Array.isArray(value)) return [];
  return value.filter(
    (item): item is StoredConversation =>
      !!item &&
      typeof item === 'object' &&
      typeof item.id === 'string' &&
      typeof item.savedAt === 'number' &&
      Array.isArray(item.turns) &&
      item.turns.every(isStoredTurn),
  );
}

function writeAll(storage: AppStorage, items: StoredConversation[]): void {
  // A full storage drops the oldest conversations until the rest fit; none fitting keeps none.
  for (let kept = items.slice(0, KEPT_CONVERSATIONS); ; kept = kept.slice(0, -1)) {
    try {
      if (kept.length === 0) storage.removeCache('guestConversations');
      else storage.setCache('guestConversations', kept);
      return;
    } catch {
      if (kept.length === 0) return;
    }
  }
}

/** The turns of a conversation kept here, or null when there is none under that id. */
export function loadGuestConversation(storage: AppStorage, id: string): ChatTurn[] | null {
  return readAll(storage).find((item) => item.id === id)?.turns ?? null;
}

/** Keeps a conversation (the newest first); an answer still being written is kept as stopped, with its text so far. */
export function saveGuestConversation(storage: AppStorage, id: string, turns: ChatTurn[], now = Date.now()): void {
  const settled = turns
    .slice(-KEPT_TURNS)
    .map((turn) =>
      turn.answer.status === 'generating' ? { ...turn, answer: { ...turn.answer, status: 'stopped' as const } } : turn,
    );
  const others = readAll(storage).filter((item) => item.id !== id);
  writeAll(storage, [{ id, savedAt: now, turns: settled }, ...others]);
}

export function removeGuestConversation(storage: AppStorage, id: string): void {
  const items = readAll(storage);
  const rest = items.filter((item) => item.id !== id);
  if (rest.length !== items.length) writeAll(storage, rest);
}
