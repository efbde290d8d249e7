import path from 'node:path';
import type { Logger } from 'pino';
import type { Config } from './config.ts';
import { CORPUS_LOCK_KEY, openDatabase, type DatabaseHandle } from './db/client.ts';
import { createCorpusRepository } from './corpus/corpus.repository.ts';
import { createCorpusService } from './corpus/corpus.service.ts';
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
import { createGuestKeyService } from './features/chat/guest-key.service.ts';
import { createGuestKeys } from './http/guest-key.ts';
import { createServerSecrets } from './db/server-secrets.repository.ts';
import { createBibleService } from './features/bible/bible.service.ts';
import { createReaderResolver } from './scripture/reader.ts';
import { bibleLanguageOf, traditionOf } from './scripture/translation-policy.ts';
import { parseUsfm } from './scripture/usfm.ts';
import { createDevotionalService } from './features/devotional/devotional.service.ts';
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

  // With REDIS_URL every server shares pub/sub, running generations and the hot counters; without, this process
  // holds them (and the database the hot counters, or on PGlite this process), which is right for one server.
  const redis = config.ops.redisUrl
    ? connectRedis(config.ops.redisUrl, log, { commandTimeoutMs: config.ops.redisCommandTimeoutMs })
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
    hotCounters: redis
      ? createRedisCounterStore(redis.command)
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
  const metrics = createMetrics();
  metrics.watchCorpus(() => corpus.status());
  const answerModel = config.llm ? createOpenAiModel({ ...config.llm, log }) : createGroundedComposer();
  const generation = {
    gatherer: createIntentGatherer({ gatherer: createContextGatherer({ bible, corpus, corpusData }), bible }),
    bible,
    corpus,
    model: metrics.instrumentModel(answerModel),
    log,
    maxAnswerChars: config.abuse.maxAnswerChars,
  };
  const generations = createGenerations({
    store: redis ? createRedisGenerationStore({ command: redis.command, pubsub }) : createInProcessGenerationStore(),
    pubsub,
    graceMs: config.ops.streamResumeGraceMs,
    log,
  });
  const chat = createChatService({
    chats,
    readers,
    generations,
    quota: createAskQuota({ counters: hotCounters, clock, limits: config.abuse.asks }),
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
  const guests = createGuestKeyService({
    keys: createGuestKeys(
      config.abuse.guestKeys.secret ?? (await createServerSecrets(database.db).get('guest-key-hmac')),
    ),
    counters: hotCounters,
    clock,
    perIpPerHour: config.abuse.guestKeys.perIpPerHour,
  });
  const history = createHistoryService({ chats });
  const devotional = createDevotionalService({
    corpus,
    corpusData,
    bible,
    readers,
    clock,
    log,
    // Readings are English; with a model configured, other readers can have them machine-translated.
    translator: config.llm ? createOpenAiTranslator({ ...config.llm, timeoutMs: 45_000 }) : undefined,
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
  // Answers a dead process left generating are failed, so no turn stays stuck.
  await chats.failStale(new Date(Date.now() - 5 * 60_000));

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
      guests,
      history,
      feedback,
      devotional,
      voice,
      share,
    },
    warmUp,
    async close() {
      await corpus.close();
      await accounts.close();
      await generations.close();
      await redis?.close();
      await database.close();
    },
  };
}
export type Container = Awaited<ReturnType<typeof createContainer>>;
