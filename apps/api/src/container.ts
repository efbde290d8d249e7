import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Logger } from 'pino';
import { ConfigError, type Config } from './config.ts';
import { CORPUS_LOCK_KEY, openDatabase, pendingMigrations, type DatabaseHandle } from './db/client.ts';
import { createCorpusRepository } from './corpus/corpus.repository.ts';
import { createCorpusService } from './corpus/corpus.service.ts';
import { createS3IndexStore } from './corpus/index-store.ts';
import type { CorpusLock } from './corpus/version-sweep.ts';
import { createOpenAiEmbedder } from './retrieval/openai-embedder.ts';
import type { Embedder } from './retrieval/passage-index.ts';
import { createContextGatherer } from './answer/answer-context.ts';
import { createIntentGatherer } from './answer/intent-context.ts';
import { createGroundedComposer } from './answer/grounded-composer.ts';
import { createOpenAiModel } from './answer/openai-model.ts';
import { createOpenAiTranslator } from './answer/openai-translator.ts';
import { quotingModel, warmAnswers } from './answer/warm-up.ts';
import { createChatRepository } from './features/chat/chat.repository.ts';
import { createAskQuota } from './features/chat/ask-quota.ts';
import { createChatService } from './features/chat/chat.service.ts';
import { createHistoryService } from './features/chat/history.service.ts';
import { createGuestsRepository } from './features/guests/guests.repository.ts';
import { createAnnotationsRepository } from './features/annotations/annotations.repository.ts';
import { createAnnotationsService } from './features/annotations/annotations.service.ts';
import { createPlansRepository } from './features/plans/plans.repository.ts';
import { createPlansService } from './features/plans/plans.service.ts';
import { createExportService } from './features/export/export.service.ts';
import { createGuestsService } from './features/guests/guests.service.ts';
import { createGuestKeyService } from './features/chat/guest-key.service.ts';
import { createGuestKeys } from './http/guest-key.ts';
import { createServerSecrets } from './db/server-secrets.repository.ts';
import { createBibleService } from './features/bible/bible.service.ts';
import { createReaderResolver } from './scripture/reader.ts';
import { bibleLanguageOf, traditionOf } from './scripture/translation-policy.ts';
import { parseUsfm } from './scripture/usfm.ts';
import { createDevotionalService } from './features/devotional/devotional.service.ts';
import { createDevotionalTranslationsRepository } from './features/devotional/devotional-translations.repository.ts';
import { systemClock, type Clock } from './features/auth/auth-session.service.ts';
import { createAccountServices } from './container-auth.ts';
import { createMemberRepository } from './features/member/member.repository.ts';
import { createFeedbackRepository } from './features/feedback/feedback.repository.ts';
import { createFeedbackService } from './features/feedback/feedback.service.ts';
import { createLocalImageStorage, type ImageStorage } from './storage/image-storage.ts';
import { createS3ImageStorage } from './storage/s3-image-storage.ts';
import { createShareRepository } from './features/share/share.repository.ts';
import { createShareService } from './features/share/share.service.ts';
import { createOpenAiSpeech } from './speech/openai-speech.ts';
import { createAliyunSpeech } from './speech/speech.aliyun.ts';
import type { SpeechPort } from './speech/speech-port.ts';
import { createTencentSpeech } from './speech/speech.tencent.ts';
import { createVoiceService } from './features/voice/voice.service.ts';
import { createMetrics } from './http/metrics.ts';
import { createInProcessGenerationStore } from './answer/generation-store.ts';
import { createGenerations } from './answer/generations.ts';
import { createRedisGenerationStore } from './answer/redis-generation-store.ts';
import { createInProcessPubSub } from './pubsub/pubsub.ts';
import { createRedisPubSub } from './pubsub/redis-pubsub.ts';
import { createMemoryCounterStore } from './rate-limit/memory-counter-store.ts';
import { createRedisCounterStore } from './rate-limit/redis-counter-store.ts';
import { createFallbackCounterStore } from './rate-limit/fallback-counter-store.ts';
import { createMemorySlotStore, createRedisSlotStore } from './rate-limit/slot-store.ts';
import { createAnswerRecovery } from './features/chat/answer-recovery.ts';
import { connectRedis } from './redis/redis-client.ts';

/** The speech adapter SPEECH_PROVIDER names (none without an endpoint: voice input is off). */
function createSpeech(endpoint: Config['speech']['endpoint']): SpeechPort | undefined {
  if (endpoint?.provider === 'tencent') return createTencentSpeech(endpoint);
  if (endpoint?.provider === 'aliyun') return createAliyunSpeech(endpoint);
  if (endpoint?.provider === 'openai') return createOpenAiSpeech(endpoint);
  return undefined;
}

/** The embedding adapter when an endpoint is configured, with the id that ties an index to its model. */
export function embeddingFromConfig(config: Config): { embedder?: Embedder; embeddingId?: string } {
  if (!config.embedding) return {};
  return {
    embedder: createOpenAiEmbedder(config.embedding),
    embeddingId: `${config.embedding.model}/${config.embedding.dimensions}`,
  };
}

/** The lock corpus ingests and sweeps take on this database (an advisory lock on PostgreSQL). */
export function corpusLockOf(database: DatabaseHandle): CorpusLock {
  return (fn, options) => database.withLock(CORPUS_LOCK_KEY, fn, options);
}

/** Wires adapters and services by hand from the configuration; the only place that picks an adapter. */
export async function createContainer(
  config: Config,
  log: Pick<Logger, 'info' | 'warn' | 'error'>,
  overrides: { clock?: Clock; database?: DatabaseHandle } = {},
) {
  const clock = overrides.clock ?? systemClock;
  const database =
    overrides.database ??
    (await openDatabase(
      config.database.url
        ? { kind: 'postgres', url: config.database.url, poolSize: config.database.poolSize }
        : { kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') },
      { migrate: config.ops.migrateOnStart },
    ));

  if (!config.ops.migrateOnStart) {
    const pending = await pendingMigrations(database.db);
    if (pending > 0) {
      if (!overrides.database) await database.close();
      throw new ConfigError(
        `The database lacks ${pending} migration(s) of this version (DATABASE_MIGRATE_ON_START=false): run \`npm run ` +
          'migrate` (in the image: `node apps/api/dist/migrate.js`) before starting the servers, or start one server ' +
          'with DATABASE_MIGRATE_ON_START=true.',
      );
    }
  }

  // With REDIS_URL every server shares pub/sub, running generations and the hot counters; without, this process
  // holds them (and the database the hot counters, or on PGlite this process), which is right for one server.
  // This process among the fleet's servers: its Redis connections carry the id, so another server can tell at once
  // whether it is still connected (a killed process's generations are then settled and answered anew).
  const server = randomUUID();
  const redis = config.ops.redisUrl
    ? connectRedis(config.ops.redisUrl, log, { commandTimeoutMs: config.ops.redisCommandTimeoutMs, server })
    : undefined;
  const pubsub = redis ? createRedisPubSub(redis) : createInProcessPubSub();
  const members = createMemberRepository(database.db);
  const accounts = createAccountServices({
    config,
    db: database.db,
    clock,
    log,
    members,
    pubsub,
    // PGlite admits one process: its counters every request touches can live in that process.
    // Redis unreachable: counted in this process meanwhile, so a blip does not refuse every request (issue 30).
    hotCounters: redis
      ? createFallbackCounterStore({ primary: createRedisCounterStore(redis.command), log })
      : database.kind === 'pglite'
        ? createMemoryCounterStore()
        : undefined,
  });
  const { hotCounters } = accounts.repositories;
  const { sessions, member } = accounts.services;
  const corpusData = createCorpusRepository(database.db);
  const corpus = createCorpusService({
    corpus: corpusData,
    corpusDir: config.corpus.dir,
    indexRoot: config.corpus.indexDir,
    ...(config.corpus.store ? { store: createS3IndexStore(config.corpus.store) } : {}),
    lock: corpusLockOf(database),
    log,
    watch: {
      pollMs: config.corpus.pollMs,
      oldVersionGraceMs: config.corpus.oldVersionGraceMs,
      holdTtlMs: config.corpus.holdTtlMs,
    },
    ...embeddingFromConfig(config),
  });

  const bible = createBibleService({ corpus, corpusData });
  // A new corpus version takes requests once the Bible service has its books and parser.
  corpus.onVersion((candidate) => bible.warm(candidate));
  const readers = createReaderResolver({
    accountExpression: async (userId) => (await members.findById(userId))?.expression,
    editionExpression: config.editionExpression,
  });
  const chats = createChatRepository(database.db);
  const guestKeys = createGuestKeyService({
    keys: createGuestKeys(
      config.abuse.guestKeys.secret ?? (await createServerSecrets(database.db).get('guest-key-hmac')),
    ),
    counters: hotCounters,
    clock,
    perIpPerHour: config.abuse.guestKeys.perIpPerHour,
  });
  // What a guest keeps hangs off a users row of its own; a login from its browser moves it to the account.
  const guests = createGuestsService({
    guests: createGuestsRepository(database.db),
    members,
    clock,
    retentionMs: config.abuse.guestRetentionMs,
    log,
  });
  guests.onAdopt((from, to) => chats.moveOwner(from, to));
  accounts.onLogin((userId, guestKey) => guests.adopt(guestKey, userId));
  const metrics = createMetrics();
  metrics.watchCorpus(() => corpus.status());
  metrics.watchDependencies({
    redis: () => (redis ? (redis.command.status === 'ready' ? 'ok' : 'down') : undefined),
    ...(database.pool ? { pool: database.pool } : {}),
  });
  const answerModel = config.llm ? createOpenAiModel({ ...config.llm, log }) : createGroundedComposer();
  const generation = {
    gatherer: metrics.instrumentGatherer(
      createIntentGatherer({ gatherer: createContextGatherer({ bible, corpus, corpusData }), bible }),
    ),
    bible,
    corpus,
    model: metrics.instrumentModel(answerModel),
    log,
    maxAnswerChars: config.abuse.maxAnswerChars,
  };
  const generations = createGenerations({
    store: redis
      ? createRedisGenerationStore({ command: redis.command, pubsub, namedConnections: true })
      : createInProcessGenerationStore(),
    pubsub,
    graceMs: config.ops.streamResumeGraceMs,
    log,
    server,
  });
  const recovery = createAnswerRecovery({ chats, generations, log });
  // Running answers per account, guest and address are capped fleet-wide with Redis (issue 30).
  const answerSlots = redis ? createRedisSlotStore({ command: redis.command, log }) : createMemorySlotStore();
  const chat = createChatService({
    chats,
    readers,
    generations,
    recovery,
    quota: createAskQuota({ counters: hotCounters, clock, limits: config.abuse.asks, slots: answerSlots }),
    generation,
  });
  /** Warms the answer path in the background (server.ts, once per corpus version); a remote model is never called. */
  const warmUp = (signal?: AbortSignal) =>
    warmAnswers(
      {
        ...generation,
        model: config.llm ? quotingModel : answerModel,
        tradition: traditionOf(config.editionExpression),
        busy: () => chat.inFlight > 0,
      },
      signal,
    );
  const history = createHistoryService({ chats });
  const annotationRows = createAnnotationsRepository(database.db);
  guests.onAdopt((from, to) => annotationRows.moveOwner(from, to));
  const annotations = createAnnotationsService({ annotations: annotationRows, bible, clock });
  const planRows = createPlansRepository(database.db);
  guests.onAdopt((from, to) => planRows.moveOwner(from, to));
  const plans = createPlansService({ plans: planRows, corpus, corpusData, bible, clock });
  const exporter = createExportService({ history, annotations, plans, member, clock });
  const devotional = createDevotionalService({
    corpus,
    corpusData,
    bible,
    readers,
    clock,
    log,
    // Readings are English: their translations into each UI language are stored once (translate:devotionals, or the
    // first reader who asks when a model is configured).
    translations: createDevotionalTranslationsRepository(database.db),
    translator: config.llm
      ? { translator: createOpenAiTranslator({ ...config.llm, timeoutMs: 45_000 }), model: config.llm.model }
      : undefined,
  });
  const share = createShareService({
    shares: createShareRepository(database.db),
    chats,
    translationNames: async () => new Map((await bible.translations()).map((t) => [t.id, t.name])),
    citationLabel: async (reference, language, tradition) => {
      const ref = parseUsfm(reference);
      return ref && (await bible.tools()).format(ref, { locale: bibleLanguageOf(language), tradition });
    },
    clock,
  });
  const voice = createVoiceService({
    speech: createSpeech(config.speech.endpoint),
    counters: hotCounters,
    clock,
    requestsPerMinute: config.speech.requestsPerMinute,
  });
  const imageStorage: ImageStorage =
    config.storage.kind === 's3'
      ? createS3ImageStorage(config.storage)
      : createLocalImageStorage(path.join(config.dataDir, 'uploads'));
  const feedback = createFeedbackService({
    feedback: createFeedbackRepository(database.db),
    storage: imageStorage,
    clock,
    log,
    counters: accounts.repositories.counters,
    audit: accounts.services.audit,
    perAccountPerDay: config.abuse.uploadsPerAccountPerDay,
  });
  // Deregistration and the deletion measure erase the account's stored screenshots too.
  accounts.onErase((userId) => feedback.eraseUser(userId));
  // A suspension or lock stops the user's generations at once, not only their tokens.
  accounts.onBarred(
    (userId) =>
      void chat
        .abortUser(userId)
        .catch((err: unknown) => log.error({ err, userId }, 'could not stop the generations of a barred user')),
  );
  // Answers a dead process left generating are failed, so no turn stays stuck; from then on the sweeper settles
  // those whose writer is gone within a minute, keeping their text.
  await chats.failStale(new Date(Date.now() - 5 * 60_000));
  recovery.start();
  const lifecycle = { stopping: false };

  return {
    config,
    clock,
    database,
    metrics,
    repositories: { members },
    accounts,
    services: {
      ...accounts.services,
      sessions,
      member,
      corpus,
      bible,
      readers,
      chat,
      guestKeys,
      history,
      guests,
      annotations,
      plans,
      exporter,
      feedback,
      devotional,
      voice,
      share,
    },
    warmUp,
    lifecycle,
    /** Redis's connection as readiness reports it (undefined without REDIS_URL). */
    redisState: (): 'ok' | 'down' | undefined =>
      redis ? (redis.command.status === 'ready' ? 'ok' : 'down') : undefined,
    async close() {
      recovery.stop();
      answerSlots.close();
      await corpus.close();
      await accounts.close();
      await generations.close();
      await redis?.close();
      await database.close();
    },
  };
}
export type Container = Awaited<ReturnType<typeof createContainer>>;
