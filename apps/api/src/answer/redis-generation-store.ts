import type { Redis } from 'ioredis';
import type { Citation } from '@bible-qa/contract';
import type { PubSub } from '../pubsub/pubsub.ts';
import type { GenerationChange, MetaEvent, TerminalEvent } from './generation-state.ts';
import type { GenerationRecord, GenerationStore } from './generation-store.ts';

/** A generation's keys share a hash tag, so they live on one node of a Redis cluster. */
const keys = (answerId: string) => {
  const tag = `gen:{${answerId}}`;
  return { rec: `${tag}:rec`, meta: `${tag}:meta`, text: `${tag}:text`, cit: `${tag}:cit`, end: `${tag}:end` };
};
const changesChannel = (answerId: string) => `gen:{${answerId}}:changes`;
const claimKey = (requestKey: string) => `gen:req:${requestKey}`;
const serverKey = (server: string) => `gen:srv:${server}`;
/** The name a server's command connection carries (connectRedis), by which Redis tells whether it is connected. */
export const serverConnectionName = (server: string) => `bible-qa:command:${server}`;

/**
 * The generation store on Redis (REDIS_URL), shared by every API server. Per answer: its record, the meta event, the
 * text (APPENDed), the citations (a list) and, at the end, the terminal event (then text and citations go: the
 * terminal answer holds them). Each change is written and PUBLISHed in one MULTI, so a reader that subscribes and
 * then reads a snapshot sees every change exactly once or in the snapshot. Every key expires: a running
 * generation's owner refreshes them, a finished one's are kept a while for retries, a dead owner's vanish.
 */
export function createRedisGenerationStore({
  command,
  pubsub,
  namedConnections = false,
}: {
  command: Redis;
  pubsub: PubSub;
  /** Whether every server's command connection carries its id (connectRedis with `server`): then Redis's list of
   * connections tells at once whether a server is still there; otherwise its beat's ttl does. */
  namedConnections?: boolean;
}): GenerationStore {
  return {
    async claim(requestKey, answerId, ttlMs) {
      for (let attempt = 0; attempt < 3; attempt += 1) {
        if ((await command.set(claimKey(requestKey), answerId, 'PX', ttlMs, 'NX')) === 'OK') return answerId;
        const holder = await command.get(claimKey(requestKey));
        if (holder) return holder;
      }
      throw new Error(`could not claim request key ${requestKey}`);
    },

    async lookup(requestKey) {
      return (await command.get(claimKey(requestKey))) ?? undefined;
    },

    async open(record, _state, ttlMs) {
      const k = keys(record.answerId);
      await command.multi().set(k.rec, JSON.stringify(record), 'PX', ttlMs).set(k.text, '', 'PX', ttlMs).exec();
    },

    async publish(record, change, ttlMs) {
      const k = keys(record.answerId);
      const m = command.multi();
      if (change.full) {
        m.set(k.rec, JSON.stringify(record), 'PX', ttlMs)
          .set(k.text, change.text ?? '', 'PX', ttlMs)
          .del(k.cit);
        if (record.requestKey) m.set(claimKey(record.requestKey), record.answerId, 'PX', ttlMs, 'NX');
      } else if (change.text) m.append(k.text, change.text);
      if (change.meta) m.set(k.meta, JSON.stringify(change.meta), 'PX', ttlMs);
      if (change.citations?.length) {
        m.rpush(k.cit, ...change.citations.map((c) => JSON.stringify(c))).pexpire(k.cit, ttlMs);
      }
      if (change.terminal) {
        m.set(k.end, JSON.stringify(change.terminal), 'PX', ttlMs).del(k.text, k.cit);
        m.pexpire(k.rec, ttlMs).pexpire(k.meta, ttlMs);
        if (record.requestKey) m.pexpire(claimKey(record.requestKey), ttlMs);
      }
      m.publish(changesChannel(record.answerId), JSON.stringify(change));
      const results = await m.exec();
      const failed = results?.find(([error]) => error);
      if (!results || failed) throw failed?.[0] ?? new Error('redis transaction aborted');
    },

    async keepAlive(records, ttlMs) {
      if (records.length === 0) return;
      const p = command.pipeline();
      for (const record of records) {
        for (const key of Object.values(keys(record.answerId))) p.pexpire(key, ttlMs);
        if (record.requestKey) p.pexpire(claimKey(record.requestKey), ttlMs);
      }
      await p.exec();
    },

    async record(answerId) {
      const raw = await command.get(keys(answerId).rec);
      return raw ? (JSON.parse(raw) as GenerationRecord) : undefined;
    },

    async snapshot(answerId) {
      const k = keys(answerId);
      const results = await command.multi().get(k.rec).get(k.meta).get(k.text).lrange(k.cit, 0, -1).get(k.end).exec();
      const [rec, meta, text, cit, end] = (results ?? []).map(([error, value]) => (error ? null : value)) as [
        string | null,
        string | null,
        string | null,
        string[] | null,
        string | null,
      ];
      if (!rec) return undefined;
      const state: GenerationChange = { from: { text: 0, citations: 0 } };
      if (meta) state.meta = JSON.parse(meta) as MetaEvent;
      if (text) state.text = text;
      if (cit?.length) state.citations = cit.map((c) => JSON.parse(c) as Citation);
      if (end) state.terminal = JSON.parse(end) as TerminalEvent;
      return { record: JSON.parse(rec) as GenerationRecord, state };
    },

    async watch(answerId, onChange) {
      return pubsub.subscribe(changesChannel(answerId), (message) => onChange(JSON.parse(message) as GenerationChange));
    },

    async beat(server, ttlMs) {
      // SET … GET answers the value before: none when Redis had forgotten this server.
      const before = await command.call('SET', serverKey(server), '1', 'PX', String(ttlMs), 'GET');
      return before === null;
    },

    async alive(server) {
      // A process killed outright loses its connections at once, and Redis sees that before any ttl runs out: a
      // retry a moment after the kill is not kept waiting. Where CLIENT LIST is not allowed, the beat's ttl decides.
      const beating = async () => (await command.exists(serverKey(server))) === 1;
      if (!namedConnections) return beating();
      try {
        const clients = String(await command.call('CLIENT', 'LIST', 'TYPE', 'normal'));
        return clients.includes(`name=${serverConnectionName(server)} `);
      } catch (error) {
        if (error instanceof Error && /unknown command|NOPERM|disabled/i.test(error.message)) return beating();
        throw error;
      }
    },
  };
}
