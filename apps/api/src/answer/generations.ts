import { randomUUID } from 'node:crypto';
import { errorCode, errorMessage, type ErrorName, type Locale } from '@bible-qa/contract';
import type { Logger } from 'pino';
import type { PubSub } from '../pubsub/pubsub.ts';
import { redisFault } from '../redis/redis-client.ts';
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
/** How often a server says it is alive; it counts as gone three beats after its last. */
const BEAT_MS = 1_000;
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
  /** Whether its control channel is subscribed (it is tried again while not). */
  controlled: boolean;
  repair?: () => void;
  /** Writes the whole state again at once (the store lost it, or a write failed). */
  rewrite?: () => void;
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
  beatMs = BEAT_MS,
  server = randomUUID(),
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
  /** How often this server says it is alive (and checks that the store still knows its generations). */
  beatMs?: number;
  /** This server's id (its Redis connections carry it, so others can tell it is connected). */
  server?: string;
}) {
  /** A generation whose record is gone for this long while its server is not seen alive is taken as lost. */
  const lostAfterMs = 3 * beatMs + 1_000;
  const presenceTtlMs = heartbeatMs * (PRESENCE_TTL_MS / HEARTBEAT_MS);
  const owned = new Map<string, Owned>();
  const replicas = new Map<string, Promise<GenerationReplica | undefined>>();
  const following = new Set<GenerationReplica>();
  let draining = false;

  let closed = false;
  let ownerAbort: (() => Promise<void>) | undefined;
  // Subscribed in the background and again after a failure: a server started while Redis is down waits for it
  // instead of exiting, and serves meanwhile.
  const subscribeOwnerAbort = () => {
    if (ownerAbort || closed) return;
    pubsub
      .subscribe(OWNER_ABORT_CHANNEL, (owner) => {
        for (const { hub, record } of owned.values()) if (record.owner === owner) hub.abort('stopped');
      })
      .then(
        (unsubscribe) => {
          if (closed) void unsubscribe();
          else ownerAbort = unsubscribe;
        },
        (err: unknown) => log.warn({ err }, 'could not subscribe to account stops yet: trying again'),
      );
  };
  subscribeOwnerAbort();

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
    entry.rewrite = () => {
      broken = true;
      pending = pending ?? { from: { text: 0, citations: 0 } };
      if (!flushing) void flush();
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
    // Its server was killed before it ended: there is nothing to follow (the caller settles it).
    if (!snapshot.state.terminal && !(await ownerAlive(snapshot.record))) {
      await replica.unwatch();
      return undefined;
    }
    replica.record = snapshot.record;
    replica.take(snapshot.state);
    following.add(replica);
    return replica;
  }

  /** Whether the server running a generation is alive (unknown: yes, so nothing is run twice on a doubt). */
  async function ownerAlive(record: GenerationRecord): Promise<boolean> {
    if (!record.server || record.server === server) return true;
    return store.alive(record.server).catch(() => true);
  }

  async function resync(replica: GenerationReplica): Promise<void> {
    try {
      const snapshot = await store.snapshot(replica.answerId);
      if (snapshot) {
        replica.missingSince = undefined;
        replica.take(snapshot.state);
        if (!replica.ended && !(await ownerAlive(snapshot.record))) {
          // Its server died: the reader is told to ask again, which settles it and answers anew (rejoin).
          fail(replica, 'service_unavailable', replica.record?.locale);
        }
        return;
      }
      // The record is gone: a store that restarted empty (its server writes it again within a beat), or a server
      // that died long enough ago for it to expire.
      replica.missingSince ??= Date.now();
      if (Date.now() - replica.missingSince < lostAfterMs) return;
      if (replica.record && (await ownerAlive(replica.record)) && Date.now() - replica.missingSince < runningTtlMs)
        return;
      fail(replica, 'service_unavailable', replica.record?.locale);
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
      const replica = await pending.catch((err: unknown) => {
        // Redis cannot be reached: a generation elsewhere cannot be followed now (one here still can).
        if (!redisFault(err)) throw err;
        log.warn({ err, answerId }, 'could not follow a generation on another server');
        return undefined;
      });
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

  let beating: Promise<void> | undefined;
  let firstBeat = true;
  /** Says this server is alive; when the store had forgotten it, writes its generations again. */
  const beatOnce = (): Promise<void> =>
    (beating ??= (async () => {
      try {
        const forgotten = await store.beat(server, 3 * beatMs);
        if (forgotten && !firstBeat) {
          // The store lost what it held (it restarted empty): this server's generations are written again, so
          // readers elsewhere, retries and resumes find them (and their request ids) as before.
          log.warn({ generations: owned.size }, 'generation store forgot this server: writing its generations again');
          for (const entry of owned.values()) entry.rewrite?.();
        }
        firstBeat = false;
      } catch {
        // Redis is down: its connection logs that once; the next beat tries again.
        return;
      } finally {
        beating = undefined;
      }
      subscribeOwnerAbort();
      for (const entry of owned.values()) if (!entry.controlled && !entry.hub.ended) void subscribeControl(entry);
      for (const replica of following) {
        if (!replica.ended && Date.now() - replica.lastChange > 2 * beatMs) void resync(replica);
      }
    })());
  // The first beat at once: a generation opened in this server's first moments is not taken for a dead server's.
  const started = beatOnce();
  const beat = setInterval(() => void beatOnce(), beatMs);
  beat.unref();

  /** The control channel of a generation run here: stops and readers elsewhere reach it there. */
  async function subscribeControl(entry: Owned): Promise<void> {
    const { hub, record } = entry;
    try {
      const unsubscribe = await pubsub.subscribe(controlChannel(record.answerId), (raw) => {
        const message = JSON.parse(raw) as Control;
        if (message.type === 'stop') hub.abort('stopped');
        else if (message.server !== server) hub.remoteReader(message.server, Date.now() + message.ttlMs);
      });
      if (entry.controlled) return void (await unsubscribe());
      entry.controlled = true;
      entry.unsubscribe = unsubscribe;
    } catch (err) {
      if (!redisFault(err)) throw err;
    }
  }

  return {
    /** A new generation run by this server; the caller runs the model on the returned hub. */
    async open(record: GenerationRecord): Promise<GenerationHub> {
      await started;
      record.server = server;
      const hub = new GenerationHub(record.answerId, graceMs);
      const entry: Owned = { hub, record, controlled: false, unsubscribe: async () => undefined };
      owned.set(record.answerId, entry);
      try {
        await subscribeControl(entry);
        hub.onChange = mirror(entry);
        await store.open(record, hub, runningTtlMs).catch((err: unknown) => {
          // Redis cannot be reached: the generation runs here as on one machine, and is written there once it can be.
          if (!redisFault(err)) throw err;
          log.warn({ err, answerId: record.answerId }, 'generation not shared: redis unreachable');
          entry.rewrite?.();
        });
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
    claim: (requestKey: string, answerId: string) =>
      store.claim(requestKey, answerId, runningTtlMs).catch((err: unknown) => {
        // Without Redis this server decides alone, as on one machine (a retry elsewhere meanwhile may start anew).
        if (!redisFault(err)) throw err;
        return answerId;
      }),
    /** The answer a request key was claimed for, if it is still known. */
    claimed: (requestKey: string) =>
      store.lookup(requestKey).catch((err: unknown) => {
        if (!redisFault(err)) throw err;
        return undefined;
      }),

    /** Follows a generation, here or on another server; undefined when no server knows it any more. */
    async join(answerId: string): Promise<GenerationLease | undefined> {
      const local = owned.get(answerId);
      if (local) return { state: local.hub, record: local.record, release: local.hub.attach() };
      return holdReplica(answerId, true);
    },

    /** The record of a running or recently finished generation, wherever it runs. */
    async record(answerId: string): Promise<GenerationRecord | undefined> {
      return (
        owned.get(answerId)?.record ??
        store.record(answerId).catch((err: unknown) => {
          if (!redisFault(err)) throw err;
          return undefined;
        })
      );
    },

    /**
     * What is known of a generation, here or elsewhere: its record, its state now and whether its server is alive;
     * undefined when no server knows it (never run, forgotten, or its server dead long enough for it to expire).
     */
    async inspect(
      answerId: string,
    ): Promise<{ record: GenerationRecord; state: GenerationChange; alive: boolean } | undefined> {
      const local = owned.get(answerId);
      if (local) return { record: local.record, state: local.hub.snapshot(), alive: true };
      const snapshot = await store.snapshot(answerId);
      if (!snapshot) return undefined;
      return { ...snapshot, alive: snapshot.state.terminal ? true : await ownerAlive(snapshot.record) };
    },

    /** This server's id among the fleet's. */
    server,

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
      if (lease.state.ended) {
        lease.release();
        return lease.record.owner === owner;
      }
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
     * At shutdown: this server's generations run to their end for up to `withinMs` (a deploy cuts no answer), as do
     * the streams it relays from others; those still running then stop (each keeps its text as stopped and ends its
     * streams with a retryable event, so clients ask again elsewhere).
     */
    async finishAll(withinMs: number): Promise<void> {
      const running = () => [...owned.values()].filter((entry) => !entry.hub.ended).map((entry) => entry.hub);
      const relayed = () => [...following].filter((replica) => !replica.ended);
      const deadline = AbortSignal.timeout(Math.max(0, withinMs));
      await Promise.all([
        ...running().map((hub) => waitEnded(hub, deadline)),
        ...relayed().map((replica) => waitEnded(replica, deadline)),
      ]);
      draining = true;
      const left = running();
      for (const hub of left) hub.abort('shutdown');
      for (const replica of relayed()) fail(replica, 'service_unavailable', replica.record?.locale);
      await Promise.all(left.map((hub) => hub.finishedPromise()));
    },

    /** At shutdown, at once: stops every generation here (kept as stopped) and the streams relayed from others. */
    stopAll(): Promise<void> {
      return this.finishAll(0);
    },

    get inFlight(): number {
      let n = 0;
      for (const { hub } of owned.values()) if (!hub.ended) n += 1;
      return n;
    },

    async close(): Promise<void> {
      closed = true;
      clearInterval(heartbeat);
      clearInterval(beat);
      await ownerAbort?.();
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

async function waitEnded(state: GenerationState, within: number | AbortSignal): Promise<void> {
  const timeout = typeof within === 'number' ? AbortSignal.timeout(within) : within;
  while (!state.ended && !timeout.aborted) await state.changed(state.version, timeout);
}
