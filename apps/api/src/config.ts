import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseEnv } from 'node:util';
import { z } from 'zod';
import { EXPRESSIONS, LOCALES } from '@bible-qa/contract';
import { authEnv, readAuthConfig, type AuthConfig } from './config-auth.ts';
import { abuseEnv, readAbuseConfig, type AbuseConfig } from './config-abuse.ts';
import { corpusEnv, readCorpusConfig, type CorpusIndexConfig } from './config-corpus.ts';
import { opsEnv, readOpsConfig, type OpsConfig, type TrustProxy } from './config-ops.ts';
import { providersEnv, readProvidersConfig, type ProvidersConfig } from './config-providers.ts';
import { readSpeechConfig, speechEnv, type SpeechConfig } from './config-speech.ts';
import { readStorageConfig, storageEnv, type StorageConfig } from './config-storage.ts';

/**
 * The application root (the repository, or the image's /app): the nearest folder above this module whose
 * package.json lists the workspaces. The same from apps/api/src (tsx) and apps/api/dist (the compiled server).
 * Relative paths in the configuration are resolved against it, whatever the cwd.
 */
export const REPO_ROOT = findAppRoot(path.dirname(fileURLToPath(import.meta.url)));

function findAppRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest) && 'workspaces' in (JSON.parse(fs.readFileSync(manifest, 'utf8')) as object)) {
      return dir;
    }
    if (path.dirname(dir) === dir) throw new Error(`no package.json with workspaces above ${from}`);
  }
}

/**
 * The process environment over the values of REPO_ROOT/.env when that file exists (what .env.example tells
 * operators to create): a variable set in the environment wins over the file.
 */
export function readEnvironment(
  env: Record<string, string | undefined> = process.env,
  file = path.join(REPO_ROOT, '.env'),
): Record<string, string | undefined> {
  if (!fs.existsSync(file)) return env;
  return { ...parseEnv(fs.readFileSync(file, 'utf8')), ...env };
}

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const dir = (fallback: string) =>
  z.preprocess(emptyToUndefined, z.string().default(fallback)).transform((p) => path.resolve(REPO_ROOT, p));
const int = (fallback: number, min: number, max: number) =>
  z.preprocess(emptyToUndefined, z.coerce.number().int().min(min).max(max).default(fallback));
const bool = (fallback: boolean) =>
  z.preprocess(
    emptyToUndefined,
    z
      .enum(['true', 'false', '1', '0'])
      .default(fallback ? 'true' : 'false')
      .transform((v) => v === 'true' || v === '1'),
  );

/** Every environment variable the API reads; .env.example lists each with its default. */
const envSchema = z.object({
  NODE_ENV: z.preprocess(emptyToUndefined, z.enum(['development', 'production', 'test']).default('production')),
  HOST: z.preprocess(emptyToUndefined, z.string().default('0.0.0.0')),
  PORT: int(3000, 0, 65535),
  LOG_LEVEL: z.preprocess(
    emptyToUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  DATA_DIR: dir('data'),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
  ),
  DATABASE_POOL_SIZE: int(10, 1, 200),
  CORPUS_DIR: dir('../shared/corpus'),
  CORPUS_AUTO_INGEST: bool(true),
  ...corpusEnv,
  WEB_DIST_DIR: dir('apps/web/dist'),
  BODY_LIMIT_BYTES: int(1024 * 1024, 1024, 64 * 1024 * 1024),
  REQUEST_TIMEOUT_MS: int(120_000, 0, 3_600_000),
  LISTEN_BACKLOG: int(4096, 1, 65_535),
  SHUTDOWN_GRACE_MS: int(30_000, 0, 600_000),
  EDITION_LANGUAGE: z.preprocess(emptyToUndefined, z.enum(LOCALES).default('zh-cn')),
  EDITION_EXPRESSION: z.preprocess(emptyToUndefined, z.enum(EXPRESSIONS).default('none')),
  PUBLIC_ORIGIN: optionalString,
  EMBEDDING_BASE_URL: z.preprocess(emptyToUndefined, z.string().url().optional()),
  EMBEDDING_API_KEY: optionalString,
  EMBEDDING_MODEL: z.preprocess(emptyToUndefined, z.string().default('text-embedding-3-small')),
  EMBEDDING_DIMENSIONS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(8192).optional()),
  ...speechEnv,
  LLM_BASE_URL: z.preprocess(emptyToUndefined, z.string().url().optional()),
  LLM_API_KEY: optionalString,
  LLM_MODEL: z.preprocess(emptyToUndefined, z.string().default('deepseek-chat')),
  LLM_FIRST_TOKEN_TIMEOUT_MS: int(20_000, 1_000, 45_000),
  LLM_IDLE_TIMEOUT_MS: int(20_000, 1_000, 120_000),
  LLM_MAX_CONCURRENT: int(64, 1, 10_000),
  ...authEnv,
  ...storageEnv,
  ...abuseEnv,
  ...opsEnv,
  ...providersEnv,
});

export type Env = z.infer<typeof envSchema>;
export const ENV_VARIABLES = Object.keys(envSchema.shape);
export type { AuthConfig } from './config-auth.ts';
export type { S3Config, StorageConfig } from './config-storage.ts';
export type { OpsConfig, TrustProxy } from './config-ops.ts';

export interface Config {
  env: Env['NODE_ENV'];
  server: {
    host: string;
    port: number;
    trustProxy: TrustProxy;
    bodyLimitBytes: number;
    requestTimeoutMs: number;
    shutdownGraceMs: number;
    /** Connections the kernel queues before the server accepts them (capped by net.core.somaxconn). */
    listenBacklog: number;
  };
  log: { level: Env['LOG_LEVEL'] };
  dataDir: string;
  database: { url: string | undefined; poolSize: number };
  /** The corpus, whether this process ingests it at start, and its published index (config-corpus.ts). */
  corpus: { dir: string; autoIngest: boolean } & CorpusIndexConfig;
  webDistDir: string;
  editionLanguage: Env['EDITION_LANGUAGE'];
  /** The wording tradition of a reader who chose none and has no account that did. */
  editionExpression: Env['EDITION_EXPRESSION'];
  /** Links that leave the site (QR codes, shares): from here only, never from a request's Host. */
  publicOrigin: string;
  /** The chat model: an OpenAI-compatible endpoint when set, else the offline grounded composer. */
  llm:
    | {
        baseURL: string;
        apiKey: string | undefined;
        model: string;
        firstTokenTimeoutMs: number;
        idleTimeoutMs: number;
        maxConcurrent: number;
        maxTokens: AbuseConfig['maxTokens'];
      }
    | undefined;
  /** Voice input and server read-aloud (config-speech.ts). */
  speech: SpeechConfig;
  /** Vector search joins full-text search when an embedding endpoint is configured. */
  embedding: { baseURL: string; apiKey: string | undefined; model: string; dimensions: number } | undefined;
  /** Sign-in, codes, mail and SMS, partners, admins and the risk ceiling (config-auth.ts). */
  auth: AuthConfig;
  /** Uploaded images: local disk under DATA_DIR/uploads, or an S3-compatible store (config-storage.ts). */
  storage: StorageConfig;
  /** Quotas on model calls and uploads, and the longest answer per mode (config-abuse.ts). */
  abuse: AbuseConfig;
  /** Migrations at start, the metrics endpoint's access and the development outbox (config-ops.ts). */
  ops: OpsConfig;
  /** The SMS provider and the captcha provider (config-providers.ts). */
  providers: ProvidersConfig;
}

/** Where this machine's browser reaches a server listening on `host` (outside production only). */
const localHost = (host: string) => (host === '0.0.0.0' || host === '::' ? 'localhost' : host);

/**
 * What a server needs beyond what scripts (ingest, migrate, evaluations) do: in production, the public origin links
 * are built from (never the request's Host header).
 */
export function assertServable(env: Record<string, string | undefined> = readEnvironment()): void {
  const production = (env.NODE_ENV?.trim() || 'production') === 'production';
  if (production && !env.PUBLIC_ORIGIN?.trim()) {
    throw new ConfigError(
      'Invalid configuration:\n  PUBLIC_ORIGIN: required in production (QR login links are built from it)',
    );
  }
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Parses the environment (by default the process's over .env) once; a bad or missing value stops the start with a
 * message naming the variable.
 */
export function loadConfig(env: Record<string, string | undefined> = readEnvironment()): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.EMBEDDING_BASE_URL && !e.EMBEDDING_DIMENSIONS) {
    throw new ConfigError('Invalid configuration:\n  EMBEDDING_DIMENSIONS: required when EMBEDDING_BASE_URL is set');
  }
  if (e.DEV_OUTBOX && e.NODE_ENV === 'production') {
    throw new ConfigError(
      'Invalid configuration:\n  DEV_OUTBOX: shows sign-in codes, so never with NODE_ENV=production',
    );
  }
  const corpusIndex = readCorpusConfig(e, e.DATA_DIR, REPO_ROOT);
  if ('problem' in corpusIndex) throw new ConfigError(`Invalid configuration:\n  ${corpusIndex.problem}`);
  const storage = readStorageConfig(e);
  if ('missing' in storage) {
    const lines = storage.missing.map((name) => `  ${name}: required when UPLOAD_STORAGE is s3`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const speech = readSpeechConfig(e);
  if ('missing' in speech) {
    throw new ConfigError(`Invalid configuration:\n${speech.missing.map((line) => `  ${line}`).join('\n')}`);
  }
  const providers = readProvidersConfig(e);
  if ('missing' in providers) {
    throw new ConfigError(`Invalid configuration:\n${providers.missing.map((line) => `  ${line}`).join('\n')}`);
  }
  return {
    env: e.NODE_ENV,
    server: {
      host: e.HOST,
      port: e.PORT,
      trustProxy: e.TRUST_PROXY,
      bodyLimitBytes: e.BODY_LIMIT_BYTES,
      requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
      shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
      listenBacklog: e.LISTEN_BACKLOG,
    },
    log: { level: e.LOG_LEVEL },
    dataDir: e.DATA_DIR,
    database: { url: e.DATABASE_URL, poolSize: e.DATABASE_POOL_SIZE },
    corpus: { dir: e.CORPUS_DIR, autoIngest: e.CORPUS_AUTO_INGEST, ...corpusIndex },
    webDistDir: e.WEB_DIST_DIR,
    editionLanguage: e.EDITION_LANGUAGE,
    editionExpression: e.EDITION_EXPRESSION,
    publicOrigin: (e.PUBLIC_ORIGIN ?? `http://${localHost(e.HOST)}:${e.PORT}`).replace(/\/+$/, ''),
    llm: e.LLM_BASE_URL
      ? {
          baseURL: e.LLM_BASE_URL,
          apiKey: e.LLM_API_KEY,
          model: e.LLM_MODEL,
          firstTokenTimeoutMs: e.LLM_FIRST_TOKEN_TIMEOUT_MS,
          idleTimeoutMs: e.LLM_IDLE_TIMEOUT_MS,
          maxConcurrent: e.LLM_MAX_CONCURRENT,
          maxTokens: readAbuseConfig(e, e.LLM_MAX_CONCURRENT).maxTokens,
        }
      : undefined,
    speech,
    embedding:
      e.EMBEDDING_BASE_URL && e.EMBEDDING_DIMENSIONS
        ? {
            baseURL: e.EMBEDDING_BASE_URL,
            apiKey: e.EMBEDDING_API_KEY,
            model: e.EMBEDDING_MODEL,
            dimensions: e.EMBEDDING_DIMENSIONS,
          }
        : undefined,
    auth: readAuthConfig(e),
    storage,
    abuse: readAbuseConfig(e, e.LLM_MAX_CONCURRENT),
    ops: readOpsConfig(e),
    providers,
  };
}
