import { EventEmitter } from 'node:events';
import type { Locale } from '@bible-qa/contract';
import type { GatherInput } from './answer-context.ts';
import type { GenerationChange, GenerationState } from './generation-state.ts';

/** Who started a generation and may join, stop or resend it, and what a guest asked (guests' turns are not stored). */
export interface GenerationRecord {
  answerId: string;
  /**
   * `u:<user id>`, or for a guest `g:<hash of the guest key>` (`ip:<address>` for a client that sends none). A kept
   * answer's row says whose it is now (a login moves a guest's answers); this stays who started it.
   */
  owner: string;
  guest: boolean;
  /** The asker's interface language, for a message about the generation when its server is gone. */
  locale: Locale;
  /** The request id's key, for guests (a logged-in user's request ids are rows). */
  requestKey?: string;
  /** A guest's question and settings, for a resend. */
  input?: GatherInput;
  /** The server running it (set when it is opened), so others can tell whether that server is still alive. */
  server?: string;
}

/**
 * Running and recently finished generations as every API server sees them: which answer a request id started
 * (claim), who owns each, and its state for readers on another server (snapshot, then each change as it is
 * published). The server that runs a generation publishes its changes and keeps it alive; when that server dies,
 * the record expires and readers elsewhere learn the generation is lost.
 */
export interface GenerationStore {
  /** Claims a request key for an answer: the answer id that holds it now (this one, or one claimed earlier). */
  claim(requestKey: string, answerId: string, ttlMs: number): Promise<string>;
  /** The answer id holding a request key, if any. */
  lookup(requestKey: string): Promise<string | undefined>;
  /** A new generation, running on this server (`state` is its live state here). */
  open(record: GenerationRecord, state: GenerationState, ttlMs: number): Promise<void>;
  /**
   * The owner's changes, in order; with the terminal event the generation is kept `ttlMs` more, then forgotten. A
   * `full` change (after a failed write, or a store that lost its data) writes the record and the request key's claim
   * again too, so a store that came back empty knows the generation once more.
   */
  publish(record: GenerationRecord, change: GenerationChange, ttlMs: number): Promise<void>;
  /** The owner is alive: its running generations are kept `ttlMs` more. */
  keepAlive(records: GenerationRecord[], ttlMs: number): Promise<void>;
  record(answerId: string): Promise<GenerationRecord | undefined>;
  /** The record and the state now, as one change from the start. */
  snapshot(answerId: string): Promise<{ record: GenerationRecord; state: GenerationChange } | undefined>;
  /** Calls back with each change published from now on, until the returned function is called. */
  watch(answerId: string, onChange: (change: GenerationChange) => void): Promise<() => Promise<void>>;
  /**
   * A server says it is alive for `ttlMs` more; true when the store had forgotten it (its first beat, or a store that
   * restarted empty or expired it): its generations must then be written again.
   */
  beat(server: string, ttlMs: number): Promise<boolean>;
  /** Whether a server is alive: it beat within its ttl and (where the store can tell) is still connected. */
  alive(server: string): Promise<boolean>;
}

interface Held<T> {
  value: T;
  expiresAt: number;
}

/**
 * The store in this process: one server (the single-machine default), or several registries in one process in
 * tests. A generation's state is the owner's own object, read by reference, so nothing is copied.
 */
export function createInProcessGenerationStore(): GenerationStore {
  const claims = new Map<string, Held<string>>();
  const generations = new Map<string, Held<{ record: GenerationRecord; state: GenerationState }>>();
  const changes = new EventEmitter();
  changes.setMaxListeners(0);
  const beaten = new Map<string, number>();
  const live = <T>(map: Map<string, Held<T>>, key: string): T | undefined => {
    const held = map.get(key);
    if (held && held.expiresAt <= Date.now()) map.delete(key);
    return held && held.expiresAt > Date.now() ? held.value : undefined;
  };
  const keepAlive = (records: GenerationRecord[], ttlMs: number) => {
    const expiresAt = Date.now() + ttlMs;
    for (const record of records) {
      const held = generations.get(record.answerId);
      if (held) held.expiresAt = expiresAt;
      const claim = record.requestKey ? claims.get(record.requestKey) : undefined;
      if (claim?.value === record.answerId) claim.expiresAt = expiresAt;
    }
  };
  const sweep = setInterval(() => {
    for (const map of [claims, generations] as Map<string, Held<unknown>>[]) {
      for (const key of [...map.keys()]) live(map, key);
    }
  }, 60_000);
  sweep.unref();

  return {
    async claim(requestKey, answerId, ttlMs) {
      const held = live(claims, requestKey);
      if (held) return held;
      claims.set(requestKey, { value: answerId, expiresAt: Date.now() + ttlMs });
      return answerId;
    },
    async lookup(requestKey) {
      return live(claims, requestKey);
    },
    async open(record, state, ttlMs) {
      generations.set(record.answerId, { value: { record, state }, expiresAt: Date.now() + ttlMs });
    },
    async publish(record, change, ttlMs) {
      if (change.terminal) keepAlive([record], ttlMs);
      changes.emit(record.answerId, change);
    },
    async keepAlive(records, ttlMs) {
      keepAlive(records, ttlMs);
    },
    async record(answerId) {
      return live(generations, answerId)?.record;
    },
    async snapshot(answerId) {
      const held = live(generations, answerId);
      return held && { record: held.record, state: held.state.snapshot() };
    },
    async watch(answerId, onChange) {
      changes.on(answerId, onChange);
      return async () => {
        changes.off(answerId, onChange);
      };
    },
    async beat(server, ttlMs) {
      const first = !beaten.has(server);
      beaten.set(server, Date.now() + ttlMs);
      return first;
    },
    // One process (several registries in tests): a server is alive while it beats; one never seen is taken as alive.
    async alive(server) {
      const until = beaten.get(server);
      return until === undefined || until > Date.now();
    },
  };
}
