import { randomUUID } from 'node:crypto';
import { errorCode, errorMessage, type ErrorName, type Locale } from '@bible-qa/contract';
import type { Logger } from 'pino';
import type { PubSub } from '../pubsub/pubsub.ts';
import { GenerationHub } from './generation-hub.ts';
import { GenerationReplica } from './generation-replica.ts';
import type { AnswerStream, GenerationChange, GenerationState } from './generation-state.ts';
import type { GenerationRecord, GenerationStore } from './generation-store.ts';

/** A running generation's record lives this long unless its server renews it (every HEARTBEAT_MS). */
const RUNNING_TTL_MS = 30_000;
const HEARTBEAT_MS = 5_000;
/** A server that reads a generation elsewhere says so this often; the owner forgets it after this long. */
const PRESENCE_TTL_MS = 15_000;
/** A stop waits this long for the generation to end (and store its text) before answering. */
const STOP_WAIT_MS = 5_000;
const OWNER_ABORT_CHANNEL = 'gen:owner-abort';
const controlChannel = (answerId: string) => `gen:{${answerId}}:control`;

type Control = { type: 'stop' } | { type: 'reader'; server: string; ttlMs: number };

/** A reader's hold on a generation: its state to follow, its record, and the release for when it stops reading. */
export interface GenerationLease extends AnswerStream {
  record: GenerationRecord;
}

interface Owned {
  hub: GenerationHub;
  record: GenerationRecord;
  unsubscribe: () => Promise<void>;
  repair?: () => void;
}

/**
 * The generations of every server, as this one sees them (decision 0021). It runs its own (hubs) and publishes their
 * changes to the store; it follows others' through replicas. A retry of a request id joins the one generation
 * wherever it runs, a stop sent to any server reaches it, readers anywhere keep it alive, and a reconnecting reader
 * resumes from its cursor. With the in-process store and pub/sub (one server) the same code runs without Redis.
 */
export function createGenerations({
  store,
  pubsub,
  graceMs,
  log,
  keepFinishedMs = 10 * 60_000,
  runningTtlMs = RUNNING_TTL_MS,
  heartbeatMs = HEARTBEAT_MS,
}: {
  store: GenerationStore;
  pubsub: PubSub;
  /** How long a generation with no reader keeps running for one to come back (STREAM_RESUME_GRACE_MS). */
  graceMs: number;
  log: Pick<Logger, 'warn' | 'error'>;
  keepFinishedMs?: number;
  /** How long a record outlives its last renewal, and how often renewals (and readers' presence) go out. */
  runningTtlMs?: number;
  heartbeatMs?: number;
}) {
  const server = randomUUID();
  const presenceTtlMs = heartbeatMs * (PRESENCE_TTL_MS / HEARTBEAT_MS);
  const owned = new Map<string, Owned>();
  const replicas = new Map<string, Promise<GenerationReplica | undefined>>();
  const following = new Set<GenerationReplica>();
  let draining = false;

  const ownerAbort = pubsub.subscribe(OWNER_ABORT_CHANNEL, (owner) => {
    for (const { hub, record } of owned.values()) if (record.owner === owner) hub.abort('stopped');
  });

  const control = (answerId: string, message: Control) =>
    pubsub.publish(controlChannel(answerId), JSON.stringify(message)).catch((err: unknown) => {
      log.warn({ err, answerId }, 'could not reach the server of a generation');
    });

  /** Publishes a hub's changes in order; while one write is in flight the next changes are merged into one. */
  function mirror(entry: Owned): (change: GenerationChange) => void {
    let pending: GenerationChange | undefined;
    let flushing = false;
    let broken = false;
    const flush = async () => {
      flushing = true;
      while (pending) {
        // After a failed write the store gets the whole state again instead of the next piece.
        const change = broken ? { ...entry.hub.snapshot(), full: true } : pending;
        pending = undefined;
        try {
          await store.publish(entry.record, change, change.terminal ? keepFinishedMs : runningTtlMs);
          broken = false;
        } catch (err) {
          if (!broken) log.error({ err, answerId: entry.record.answerId }, 'could not publish a generation');
          broken = true;
        }
      }
      flushing = false;
    };
    entry.repair = () => {
      if (!broken || flushing) return;
      pending = { from: { text: 0, citations: 0 } };
      void flush();
    };
    return (change) => {
      pending = pending ? merge(pending, change) : change;
      if (!flushing) void flush();
    };
  }

  async function replicaOf(answerId: string): Promise<GenerationReplica | undefined> {
    const replica = new GenerationReplica(answerId);
    // Subscribed first, then read: a change published in between is in the snapshot or arrives after it.
    replica.unwatch = await store.watch(answerId, (change) => {
      if (replica.record && !replica.take(change)) void resync(replica);
    });
    const snapshot = await store.snapshot(answerId).catch(async (error: unknown) => {
      await replica.unwatch();
      throw error;
    });
    if (!snapshot) {
      await replica.unwatch();
      return undefined;
    }
    replica.record = snapshot.record;
    replica.take(snapshot.state);
    following.add(replica);
    return replica;
  }

  async function resync(replica: GenerationReplica): Promise<void> {
    try {
      const snapshot = await store.snapshot(replica.answerId);
      if (snapshot) replica.take(snapshot.state);
      // The record expired: the server running it is gone.
      else fail(replica, 'generation_failed', replica.record?.locale);
    } catch (err) {
      log.warn({ err, answerId: replica.answerId }, 'could not read a generation');
    }
  }

  function fail(state: GenerationState, name: ErrorName, locale: Locale = 'zh-cn'): void {
    state.apply({ terminal: { type: 'error', code: errorCode(name), msg: errorMessage(name, locale), answer: null } });
  }

  /** Holds a replica (a reader, or a stop waiting for the end); the last release drops it. */
  async function holdReplica(answerId: string, reader: boolean): Promise<GenerationLease | undefined> {
    for (;;) {
      let pending = replicas.get(answerId);
      if (!pending) {
        pending = replicaOf(answerId);
        replicas.set(answerId, pending);
        pending.then(
          (r) => !r && replicas.get(answerId) === pending && replicas.delete(answerId),
          () => replicas.get(answerId) === pending && replicas.delete(answerId),
        );
      }
      const replica = await pending;
      if (!replica) return undefined;
      if (replica.released) continue;
      replica.refs += 1;
      if (reader && (replica.readers += 1) === 1) void control(answerId, presence(presenceTtlMs));
      let released = false;
      return {
        state: replica,
        record: replica.record!,
        release() {
          if (released) return;
          released = true;
          if (reader && (replica.readers -= 1) === 0 && !replica.ended) void control(answerId, presence(0));
          if ((replica.refs -= 1) > 0) return;
          replica.released = true;
          following.delete(replica);
          if (replicas.get(answerId) === pending) replicas.delete(answerId);
          void replica.unwatch();
        },
      };
    }
  }

  const presence = (ttlMs: number): Control => ({ type: 'reader', server, ttlMs });

  const heartbeat = setInterval(() => {
    const running = [...owned.values()].filter((entry) => !entry.hub.ended);
    store
      .keepAlive(
        running.map((entry) => entry.record),
        runningTtlMs,
      )
      .catch((err: unknown) => log.warn({ err }, 'could not keep generations alive'));
    for (const entry of owned.values()) entry.repair?.();
    for (const replica of following) {
      if (replica.ended) continue;
      if (replica.readers > 0) void control(replica.answerId, presence(presenceTtlMs));
      if (Date.now() - replica.lastChange > 2 * heartbeatMs) void resync(replica);
    }
  }, heartbeatMs);
  heartbeat.unref();

  return {
    /** A new generation run by this server; the caller runs the model on the returned hub. */
    async open(record: GenerationRecord): Promise<GenerationHub> {
      const hub = new GenerationHub(record.answerId, graceMs);
      const entry: Owned = { hub, record, unsubscribe: async () => undefined };
      owned.set(record.answerId, entry);
      try {
        entry.unsubscribe = await pubsub.subscribe(controlChannel(record.answerId), (raw) => {
          const message = JSON.parse(raw) as Control;
          if (message.type === 'stop') hub.abort('stopped');
          else if (message.server !== server) hub.remoteReader(message.server, Date.now() + message.ttlMs);
        });
        hub.onChange = mirror(entry);
        await store.open(record, hub, runningTtlMs);
      } catch (error) {
        owned.delete(record.answerId);
        await entry.unsubscribe();
        throw error;
      }
      // A generation that slips in after the shutdown began is stopped at once, like the others.
      if (draining) hub.abort('shutdown');
      void hub.finishedPromise().then(() => {
        const forget = setTimeout(() => {
          if (owned.get(record.answerId) === entry) owned.delete(record.answerId);
          void entry.unsubscribe();
        }, keepFinishedMs);
        forget.unref();
      });
      return hub;
    },

    /** The answer a request key belongs to: this one if it was free, else the one that claimed it first. */
    claim: (requestKey: string, answerId: string) => store.claim(requestKey, answerId, runningTtlMs),
    /** The answer a request key was claimed for, if it is still known. */
    claimed: (requestKey: string) => store.lookup(requestKey),

    /** Follows a generation, here or on another server; undefined when no server knows it any more. */
    async join(answerId: string): Promise<GenerationLease | undefined> {
      const local = owned.get(answerId);
      if (local) return { state: local.hub, record: local.record, release: local.hub.attach() };
      return holdReplica(answerId, true);
    },

    /** The record of a running or recently finished generation, wherever it runs. */
    async record(answerId: string): Promise<GenerationRecord | undefined> {
      return owned.get(answerId)?.record ?? store.record(answerId);
    },

    /**
     * Stops a generation of this owner wherever it runs and waits (a few seconds at most) for it to end, so its text
     * is stored as stopped. False when no server knows it or it belongs to someone else.
     */
    async stop(answerId: string, owner: string): Promise<boolean> {
      const local = owned.get(answerId);
      if (local) {
        if (local.record.owner !== owner) return false;
        local.hub.abort('stopped');
        await waitEnded(local.hub, STOP_WAIT_MS);
        return true;
      }
      const lease = await holdReplica(answerId, false);
      if (!lease) return false;
      try {
        if (lease.record.owner !== owner) return false;
        await control(answerId, { type: 'stop' });
        await waitEnded(lease.state, STOP_WAIT_MS);
        return true;
      } finally {
        lease.release();
      }
    },

    /** Stops every generation of an owner (a suspended or locked account), on every server. */
    async abortOwner(owner: string): Promise<void> {
      for (const { hub, record } of owned.values()) if (record.owner === owner) hub.abort('stopped');
      await pubsub.publish(OWNER_ABORT_CHANNEL, owner);
    },

    /**
     * At shutdown: stops this server's generations (each keeps its text as stopped and ends its streams with a
     * retryable event) and ends the streams it relays from others the same way, so clients resume elsewhere.
     */
    async stopAll(): Promise<void> {
      draining = true;
      const running = [...owned.values()].filter((entry) => !entry.hub.ended).map((entry) => entry.hub);
      for (const hub of running) hub.abort('shutdown');
      for (const replica of following) fail(replica, 'service_unavailable', replica.record?.locale);
      await Promise.all(running.map((hub) => hub.finishedPromise()));
    },

    get inFlight(): number {
      let n = 0;
      for (const { hub } of owned.values()) if (!hub.ended) n += 1;
      return n;
    },

    async close(): Promise<void> {
      clearInterval(heartbeat);
      await (
        await ownerAbort
      )();
      await Promise.all([...owned.values()].map((entry) => entry.unsubscribe()));
      await Promise.all([...following].map((replica) => replica.unwatch()));
    },
  };
}
export type Generations = ReturnType<typeof createGenerations>;

function merge(a: GenerationChange, b: GenerationChange): GenerationChange {
  const text = (a.text ?? '') + (b.text ?? '');
  const citations = [...(a.citations ?? []), ...(b.citations ?? [])];
  const meta = b.meta ?? a.meta;
  const terminal = b.terminal ?? a.terminal;
  return {
    from: a.from,
    ...(a.full ? { full: true } : {}),
    ...(meta ? { meta } : {}),
    ...(text ? { text } : {}),
    ...(citations.length ? { citations } : {}),
    ...(terminal ? { terminal } : {}),
  };
}

async function waitEnded(state: GenerationState, ms: number): Promise<void> {
  const timeout = AbortSignal.timeout(ms);
  while (!state.ended && !timeout.aborted) await state.changed(state.version, timeout);
}
