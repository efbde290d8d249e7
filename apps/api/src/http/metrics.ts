import { timingSafeEqual } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { AnswerModel } from '../answer/answer-model.ts';
import type { IntentGatherer } from '../answer/intent-context.ts';
import type { CorpusStatus } from '../corpus/corpus.service.ts';
import { sendError } from './error-handler.ts';
import { openStreamCount } from './sse.ts';

/**
 * This process's Prometheus metrics: request rates and latencies per route, open answer streams, the time answers
 * take to gather their passages, model calls and their time to the first token, corpus ingest progress, and the
 * process's memory and event loop (prom-client's defaults). Each instance is scraped on its own; the fleet's figures
 * are sums in Prometheus.
 */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from request to the end of the response (a stream: until it closed), by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120],
    registers: [registry],
  });
  new Gauge({
    name: 'chat_open_streams',
    help: 'Answer streams (server-sent events) open now',
    registers: [registry],
    collect() {
      this.set(openStreamCount());
    },
  });
  const modelCalls = new Counter({
    name: 'model_calls_total',
    help: 'Chat model calls by outcome: done, stopped (aborted by stop, disconnect or shutdown) or failed',
    labelNames: ['model', 'outcome'] as const,
    registers: [registry],
  });
  const firstToken = new Histogram({
    name: 'model_first_token_seconds',
    help: 'Time from the model call to its first text',
    labelNames: ['model'] as const,
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 3, 5, 8, 13, 20, 30, 45],
    registers: [registry],
  });
  const gatherTime = new Histogram({
    name: 'answer_gather_seconds',
    help: "Time an answer's passages take to gather (reading the question, retrieval, the passages read), warm-up included",
    labelNames: ['outcome'] as const,
    buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30],
    registers: [registry],
  });
  const refusals = new Counter({
    name: 'http_refusals_total',
    help: 'Requests refused with a business or system code, by its name (high_traffic, service_unavailable, …)',
    labelNames: ['reason'] as const,
    registers: [registry],
  });
  let redisState: (() => 'ok' | 'down' | undefined) | undefined;
  new Gauge({
    name: 'redis_up',
    help: 'Whether this instance reaches Redis (1) or serves without it meanwhile (0); absent without REDIS_URL',
    registers: [registry],
    collect() {
      const state = redisState?.();
      if (state) this.set(state === 'ok' ? 1 : 0);
    },
  });
  let pool: (() => { total: number; idle: number; waiting: number }) | undefined;
  new Gauge({
    name: 'db_pool_connections',
    help: 'PostgreSQL pool connections by state (in use, idle, requests waiting for one)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const p = pool?.();
      if (!p) return;
      this.set({ state: 'in_use' }, p.total - p.idle);
      this.set({ state: 'idle' }, p.idle);
      this.set({ state: 'waiting' }, p.waiting);
    },
  });
  let corpusStatus: (() => CorpusStatus) | undefined;
  new Gauge({
    name: 'corpus_ingest_progress_percent',
    help: 'Progress of the corpus ingest running now (100 when none is running and a version is open)',
    registers: [registry],
    collect() {
      const status = corpusStatus?.();
      this.set(status?.status === 'preparing' ? (status.progress?.percent ?? 0) : status?.status === 'ready' ? 100 : 0);
    },
  });
  new Gauge({
    name: 'corpus_version',
    help: 'The corpus version this instance answers from (0 while none is open)',
    registers: [registry],
    collect() {
      const status = corpusStatus?.();
      this.set(status?.status === 'ready' ? status.versionId : 0);
    },
  });

  return {
    registry,
    /** Reads the corpus service's status at each scrape. */
    watchCorpus(status: () => CorpusStatus) {
      corpusStatus = status;
    },
    /** Reads Redis's connection and the database pool at each scrape. */
    watchDependencies(deps: {
      redis: () => 'ok' | 'down' | undefined;
      pool?: () => { total: number; idle: number; waiting: number };
    }) {
      redisState = deps.redis;
      pool = deps.pool;
    },
    /** Counts every request when its connection is done with it: hijacked streams included. */
    observe(request: FastifyRequest, seconds: number, status: number) {
      // The route pattern, never the raw URL (ids in paths would make a series per request).
      const route = request.routeOptions.url ?? 'unmatched';
      requests.inc({ method: request.method, route, status: String(status) });
      if (request.failure) refusals.inc({ reason: request.failure.errorName });
      latency.observe({ method: request.method, route }, seconds);
    },
    /** The gatherer, timed: each gather's time, by outcome (done or failed). */
    instrumentGatherer(gatherer: IntentGatherer): IntentGatherer {
      return {
        async gather(input) {
          const stop = gatherTime.startTimer();
          let outcome: 'done' | 'failed' = 'failed';
          try {
            const gathered = await gatherer.gather(input);
            outcome = 'done';
            return gathered;
          } finally {
            stop({ outcome });
          }
        },
      };
    },
    /** The model, counted: every call's outcome and its time to the first text. */
    instrumentModel(model: AnswerModel): AnswerModel {
      return {
        name: model.name,
        usesCrossReferences: model.usesCrossReferences,
        async *stream(context, signal) {
          const started = performance.now();
          let first = true;
          let outcome: 'done' | 'stopped' | 'failed' = 'failed';
          try {
            for await (const text of model.stream(context, signal)) {
              if (first) firstToken.observe({ model: model.name }, (performance.now() - started) / 1000);
              first = false;
              yield text;
            }
            outcome = signal.aborted ? 'stopped' : 'done';
          } catch (error) {
            outcome = signal.aborted ? 'stopped' : 'failed';
            throw error;
          } finally {
            // A consumer that breaks out of the loop (stop) ends here without an error.
            if (outcome === 'failed' && signal.aborted) outcome = 'stopped';
            modelCalls.inc({ model: model.name, outcome });
          }
        },
      };
    },
  };
}
export type Metrics = ReturnType<typeof createMetrics>;

/** proxy-addr's range names, as in TRUST_PROXY. */
const RANGES: Record<string, [string, number, 'ipv4' | 'ipv6'][]> = {
  loopback: [
    ['127.0.0.0', 8, 'ipv4'],
    ['::1', 128, 'ipv6'],
  ],
  linklocal: [
    ['169.254.0.0', 16, 'ipv4'],
    ['fe80::', 10, 'ipv6'],
  ],
  uniquelocal: [
    ['10.0.0.0', 8, 'ipv4'],
    ['172.16.0.0', 12, 'ipv4'],
    ['192.168.0.0', 16, 'ipv4'],
    ['fc00::', 7, 'ipv6'],
  ],
};

function blockListOf(entries: string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    for (const [net, bits, family] of RANGES[entry] ?? []) list.addSubnet(net, bits, family);
    if (RANGES[entry]) continue;
    const [address = '', bits] = entry.split('/');
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(bits), family);
  }
  return list;
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * GET /metrics in Prometheus's text format, for a scraper presenting the token or connecting from a listed address
 * (the TCP peer: X-Forwarded-For could be forged). With neither configured it answers route_not_found.
 */
export function registerMetrics(
  app: FastifyInstance,
  metrics: Metrics,
  access: { token: string | undefined; allow: string[] },
): void {
  app.addHook('onRequest', async (request, reply) => {
    const started = performance.now();
    let counted = false;
    const count = () => {
      if (counted) return;
      counted = true;
      metrics.observe(request, (performance.now() - started) / 1000, reply.raw.statusCode);
    };
    // finish: the response was sent (a stream: ended); close: the connection went first.
    reply.raw.once('finish', count);
    reply.raw.once('close', count);
  });
  const allowed = blockListOf(access.allow);
  const enabled = Boolean(access.token || access.allow.length);
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    // Not configured: the path is unknown, rather than falling through to the web app.
    if (!enabled) return sendError(request, reply, 'route_not_found');
    const peer = (request.socket.remoteAddress ?? '').replace(/^::ffff:(?=\d+\.)/, '');
    const fromAllowed = isIP(peer) > 0 && allowed.check(peer, isIP(peer) === 6 ? 'ipv6' : 'ipv4');
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const withToken = Boolean(access.token && bearer && sameSecret(bearer, access.token));
    if (!fromAllowed && !withToken) {
      if (access.token) reply.header('www-authenticate', 'Bearer');
      return sendError(request, reply, access.token ? 'unauthorized' : 'forbidden');
    }
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}
