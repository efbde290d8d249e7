import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { errorCode, type Answer, type ChatEvent } from '@bible-qa/contract';
import { createInProcessPubSub, type PubSub } from '../pubsub/pubsub.ts';
import { createRedisPubSub } from '../pubsub/redis-pubsub.ts';
import type { RedisConnections } from '../redis/redis-client.ts';
import { connectTestRedis } from '../test/redis.ts';
import type { GenerationHub } from './generation-hub.ts';
import { parseCursor, pump, START, type Cursor } from './generation-state.ts';
import { createInProcessGenerationStore, type GenerationRecord, type GenerationStore } from './generation-store.ts';
import { createGenerations, type GenerationLease, type Generations } from './generations.ts';
import { createRedisGenerationStore } from './redis-generation-store.ts';

type Shared = { store: GenerationStore; pubsub: PubSub };
const connections: RedisConnections[] = [];
const running: Generations[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((g) => g.close()));
});
afterAll(async () => {
  await Promise.all(connections.map((c) => c.close()));
});

function redisServer(): Shared {
  const redis = connectTestRedis();
  connections.push(redis);
  const pubsub = createRedisPubSub(redis);
  return { store: createRedisGenerationStore({ command: redis.command, pubsub }), pubsub };
}

/** Two API servers' registries over one shared store: by reference in one process, or through Redis. */
const adapters = [
  {
    name: 'in process',
    pair: (): [Shared, Shared] => {
      const shared = { store: createInProcessGenerationStore(), pubsub: createInProcessPubSub() };
      return [shared, shared];
    },
  },
  { name: 'Redis', pair: (): [Shared, Shared] => [redisServer(), redisServer()] },
];

const quiet = { warn: () => undefined, error: () => undefined };

function answerOf(hub: GenerationHub, status: Answer['status']): Answer {
  return {
    id: hub.answerId,
    conversationId: null,
    questionId: null,
    question: 'q',
    status,
    mode: 'advanced',
    kind: 'answer',
    language: 'en',
    translation: 'KJV',
    content: hub.text,
    citations: [],
    relatedBooks: [],
    relatedLiterature: [],
    images: [],
    followUps: [],
    sources: [],
    verification: { checked: 0, linked: 0, marked: 0 },
    rating: null,
    ratingReason: null,
    collected: false,
    error: null,
    aiGenerated: true,
    createdAt: new Date(0).toISOString(),
  };
}

const meta = (answerId: string): ChatEvent => ({
  type: 'meta',
  answerId,
  questionId: null,
  conversationId: null,
  mode: 'advanced',
  kind: 'answer',
  language: 'en',
  translation: 'KJV',
  guest: true,
});
const citation: ChatEvent = {
  type: 'citation',
  citation: {
    id: 'c1',
    text: 'John 3:16',
    start: 0,
    end: 9,
    status: 'linked',
    reference: 'JHN.3.16',
    label: 'John 3:16',
    translation: 'KJV',
    verseText: 'For God so loved the world',
  },
};

/** Stands in for the model run: when the hub is aborted, it ends as stopped with its text, as runGeneration does. */
function endsWhenAborted(hub: GenerationHub): void {
  hub.controller.signal.addEventListener(
    'abort',
    () => void hub.emit({ type: 'done', answer: answerOf(hub, 'stopped') }),
  );
}

/** Reads a lease from a cursor until its terminal event or the signal; the events with their ids. */
function read(lease: GenerationLease, from: Cursor = START, signal = new AbortController().signal) {
  const events: { event: ChatEvent; id: string | undefined }[] = [];
  const done = pump(lease.state, from, async (event, id) => void events.push({ event, id }), signal).finally(() =>
    lease.release(),
  );
  return { events, done };
}
const text = (events: { event: ChatEvent }[]) =>
  events.map(({ event }) => (event.type === 'delta' ? event.text : '')).join('');

describe.each(adapters)('generations shared by two servers, $name', ({ pair }) => {
  function servers(graceMs = 10_000): [Generations, Generations] {
    const [one, two] = pair();
    const make = (shared: Shared) =>
      createGenerations({ ...shared, graceMs, log: quiet, runningTtlMs: 600, heartbeatMs: 100, beatMs: 100 });
    const both: [Generations, Generations] = [make(one), make(two)];
    running.push(...both);
    return both;
  }
  const record = (owner = 'g:guest-a'): GenerationRecord => ({
    answerId: randomUUID(),
    owner,
    guest: true,
    locale: 'en',
  });

  it('streams a generation to a reader on the other server, and resumes a reader from the id it last saw', async () => {
    const [a, b] = servers();
    const rec = record();
    const hub = await a.open(rec);
    await hub.emit(meta(rec.answerId));
    await hub.emit({ type: 'delta', text: 'In the beginning' });
    const far = read((await b.join(rec.answerId))!);
    await expect.poll(() => text(far.events)).toBe('In the beginning');
    const resumeFrom = far.events.at(-1)!.id;
    await hub.emit(citation);
    await hub.emit({ type: 'delta', text: ' God created' });
    // A client whose connection dropped after the first delta comes back on the other server with its last id.
    const resumed = read((await b.join(rec.answerId))!, parseCursor(resumeFrom));
    await expect.poll(() => text(resumed.events)).toBe(' God created');
    await hub.emit({ type: 'done', answer: answerOf(hub, 'done') });
    await Promise.all([far.done, resumed.done]);

    // A reader that is behind gets the new text first, then the new citations (whose text it then has).
    const types = (events: { event: ChatEvent }[]) => events.map(({ event }) => event.type);
    expect(types(far.events)[0]).toBe('meta');
    expect(types(far.events).filter((t) => t === 'citation')).toHaveLength(1);
    expect(types(far.events).at(-1)).toBe('done');
    expect(text(far.events)).toBe('In the beginning God created');
    expect(types(resumed.events).sort()).toEqual(['citation', 'delta', 'done']);
    // Whatever the order, the last id before the end says: 28 characters and one citation.
    expect(resumed.events.at(-2)?.id).toBe('28.1');
    expect(resumed.events.find(({ event }) => event.type === 'delta')?.id).toMatch(/^28\.[01]$/);
    // Once it is over, a late reader gets the whole answer in three events.
    const late = read((await b.join(rec.answerId))!);
    await late.done;
    expect(late.events.map(({ event }) => event.type)).toEqual(['meta', 'delta', 'done']);
    expect(text(late.events)).toBe('In the beginning God created');
  });

  it('gives a request key to the first answer that claims it, on either server', async () => {
    const [a, b] = servers();
    const key = `g:guest-a:${randomUUID()}`;
    const first = randomUUID();
    expect(await a.claim(key, first)).toBe(first);
    expect(await b.claim(key, randomUUID())).toBe(first);
    expect(await b.claimed(key)).toBe(first);
    expect(await a.claimed(`g:guest-b:${randomUUID()}`)).toBeUndefined();
  });

  it('stops a generation from the other server for its owner only, and answers once it has ended', async () => {
    const [a, b] = servers();
    const rec = record('u:owner');
    const hub = await a.open(rec);
    endsWhenAborted(hub);
    await hub.emit(meta(rec.answerId));
    await hub.emit({ type: 'delta', text: 'Partial' });
    expect(await b.stop(rec.answerId, 'u:someone-else')).toBe(false);
    expect(hub.controller.signal.aborted).toBe(false);
    expect(await b.stop(rec.answerId, 'u:owner')).toBe(true);
    expect(hub.abortReason).toBe('stopped');
    expect(hub.terminal).toMatchObject({ type: 'done', answer: { status: 'stopped', content: 'Partial' } });
    expect(await b.stop(randomUUID(), 'u:owner')).toBe(false);
  });

  it('keeps a generation running while a reader on another server reads it, and stops it after the grace once none does', async () => {
    const [a, b] = servers(300);
    const rec = record();
    const hub = await a.open(rec);
    endsWhenAborted(hub);
    await hub.emit(meta(rec.answerId));
    const controller = new AbortController();
    const far = read((await b.join(rec.answerId))!, START, controller.signal);
    // The owner's own reader leaves at once (a dropped connection); the one on the other server stays.
    hub.attach()();
    await new Promise((r) => setTimeout(r, 900));
    expect(hub.controller.signal.aborted).toBe(false);
    controller.abort();
    await far.done;
    await expect.poll(() => hub.abortReason, { timeout: 3_000 }).toBe('disconnected');
  });

  it('stops every generation of an owner on every server (a suspended account)', async () => {
    const [a, b] = servers();
    const mine = await a.open(record('u:barred'));
    const other = await a.open(record('u:fine'));
    await b.abortOwner('u:barred');
    await expect.poll(() => mine.abortReason).toBe('stopped');
    expect(other.controller.signal.aborted).toBe(false);
  });

  it('tells readers elsewhere when the server running a generation is gone', async () => {
    const [a, b] = servers();
    const rec = { ...record(), locale: 'en' as const };
    const hub = await a.open(rec);
    await hub.emit(meta(rec.answerId));
    const far = read((await b.join(rec.answerId))!);
    await a.close(); // no more beats or renewals: it is gone, and its record expires
    await far.done;
    // Retryable: a retry settles the lost answer and is answered anew (chat.service rejoin).
    expect(far.events.at(-1)?.event).toMatchObject({
      type: 'error',
      code: errorCode('service_unavailable'),
      answer: null,
    });
  });

  it('ends the streams it relays with a retryable event when it shuts down, and leaves the generation running', async () => {
    const [a, b] = servers();
    const rec = record();
    const hub = await a.open(rec);
    await hub.emit(meta(rec.answerId));
    const far = read((await b.join(rec.answerId))!);
    await b.stopAll();
    await far.done;
    expect(far.events.at(-1)?.event).toMatchObject({ type: 'error', code: errorCode('service_unavailable') });
    expect(hub.controller.signal.aborted).toBe(false);
    expect(b.inFlight).toBe(0);
    expect(a.inFlight).toBe(1);
  });
});
