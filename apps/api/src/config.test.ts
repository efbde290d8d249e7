import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  assertServable,
  ConfigError,
  ENV_VARIABLES,
  loadConfig as load,
  readEnvironment,
  REPO_ROOT,
} from './config.ts';

/** Production (the default) needs the public origin; every case here gives one unless it says otherwise. */
const loadConfig = (env: Record<string, string | undefined>) =>
  load({ PUBLIC_ORIGIN: 'http://localhost:3000', ...env });

describe('loadConfig', () => {
  it('starts on the embedded defaults with an empty environment', () => {
    const config = loadConfig({});
    expect(config.database.url).toBeUndefined();
    expect(config.server.port).toBe(3000);
    expect(config.dataDir).toBe(path.join(REPO_ROOT, 'data'));
    expect(config.corpus.dir).toBe(path.resolve(REPO_ROOT, '../shared/corpus'));
    expect(config.editionLanguage).toBe('zh-cn');
    expect(config.server.bodyLimitBytes).toBe(1024 * 1024);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: ' ' }).server.port).toBe(3000);
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['LOG_LEVEL', 'loud'],
    ['EDITION_LANGUAGE', 'de'],
    ['TRUST_PROXY', 'maybe'],
    ['TRUST_PROXY', '10.0.0.0/33'],
    ['TRUST_PROXY', '10.0.0.1,example.org'],
    ['METRICS_ALLOW', '10.0.0.300'],
    ['METRICS_TOKEN', 'short'],
    ['REDIS_URL', 'localhost:6379'],
    ['STREAM_RESUME_GRACE_MS', '-1'],
  ])('refuses a bad %s and names it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`\\b${name}\\b`));
  });

  it('needs the vector length when an embedding endpoint is set', () => {
    expect(() => loadConfig({ EMBEDDING_BASE_URL: 'http://127.0.0.1:11434/v1' })).toThrow(/EMBEDDING_DIMENSIONS/);
    expect(
      loadConfig({
        EMBEDDING_BASE_URL: 'http://127.0.0.1:11434/v1',
        EMBEDDING_DIMENSIONS: '1024',
        EMBEDDING_MODEL: 'bge-m3',
      }).embedding,
    ).toEqual({ baseURL: 'http://127.0.0.1:11434/v1', apiKey: undefined, model: 'bge-m3', dimensions: 1024 });
  });

  it('reads PostgreSQL from DATABASE_URL', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/db' }).database.url).toBe(
      'postgres://u:p@127.0.0.1:5432/db',
    );
  });
});

describe('upload storage', () => {
  it('keeps uploads on local disk by default', () => {
    expect(loadConfig({}).storage).toEqual({ kind: 'local' });
  });

  it('needs endpoint, bucket and keys for s3, naming each missing one', () => {
    expect(() => loadConfig({ UPLOAD_STORAGE: 's3', S3_BUCKET: 'b' })).toThrow(
      /S3_ENDPOINT[\s\S]*S3_ACCESS_KEY_ID[\s\S]*S3_SECRET_ACCESS_KEY/,
    );
    expect(() => loadConfig({ UPLOAD_STORAGE: 'ftp' })).toThrow(/UPLOAD_STORAGE/);
    expect(
      loadConfig({
        UPLOAD_STORAGE: 's3',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_BUCKET: 'screens',
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'false',
      }).storage,
    ).toEqual({
      kind: 's3',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      bucket: 'screens',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      forcePathStyle: false,
    });
  });

  it('keeps the corpus index in object storage only when asked, with the S3 settings it needs', () => {
    expect(loadConfig({}).corpus.store).toBeUndefined();
    expect(() => loadConfig({ CORPUS_INDEX_STORE: 's3', S3_BUCKET: 'b' })).toThrow(
      /S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: required when CORPUS_INDEX_STORE is s3/,
    );
    expect(
      loadConfig({
        CORPUS_INDEX_STORE: 's3',
        CORPUS_INDEX_PREFIX: 'prod/index',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_BUCKET: 'fleet',
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 'secret',
      }).corpus.store,
    ).toMatchObject({ bucket: 'fleet', prefix: 'prod/index', endpoint: 'http://127.0.0.1:9000' });
    // Uploads stay where they were told.
    expect(
      loadConfig({
        CORPUS_INDEX_STORE: 's3',
        S3_ENDPOINT: 'http://x:1',
        S3_BUCKET: 'f',
        S3_ACCESS_KEY_ID: 'i',
        S3_SECRET_ACCESS_KEY: 's',
      }).storage,
    ).toEqual({ kind: 'local' });
  });
});

describe('SMS and captcha providers', () => {
  it('defaults to the outbox and the built-in captcha, asking for it from the second send of an hour', () => {
    expect(loadConfig({}).providers).toEqual({
      sms: { provider: 'outbox' },
      captcha: { provider: 'builtin' },
      sendsWithoutCaptchaPerIp: 2,
      captchasPerIpPerHour: 300,
    });
  });

  it('names every key a chosen provider lacks', () => {
    expect(() => loadConfig({ SMS_PROVIDER: 'aliyun', ALIYUN_ACCESS_KEY_ID: 'LTAI' })).toThrow(
      /ALIYUN_ACCESS_KEY_SECRET: required when SMS_PROVIDER is aliyun[\s\S]*SMS_SIGN_NAME[\s\S]*SMS_TEMPLATE_ID/,
    );
    expect(() => loadConfig({ SMS_PROVIDER: 'tencent' })).toThrow(/SMS_TENCENT_APP_ID: required/);
    expect(() => loadConfig({ CAPTCHA_PROVIDER: 'geetest', CAPTCHA_GEETEST_ID: 'id' })).toThrow(
      /CAPTCHA_GEETEST_KEY: required when CAPTCHA_PROVIDER is geetest/,
    );
    expect(() => loadConfig({ SMS_TEMPLATE_PARAMS: 'code,name' })).toThrow(/SMS_TEMPLATE_PARAMS/);
  });

  it('chooses the speech service by SPEECH_PROVIDER, naming the keys it lacks', () => {
    expect(loadConfig({}).speech.endpoint).toBeUndefined();
    expect(loadConfig({ SPEECH_BASE_URL: 'http://127.0.0.1:9/v1' }).speech.endpoint?.provider).toBe('openai');
    expect(() => loadConfig({ SPEECH_PROVIDER: 'tencent' })).toThrow(
      /TENCENT_SECRET_ID: required when SPEECH_PROVIDER is tencent[\s\S]*TENCENT_SECRET_KEY/,
    );
    expect(() =>
      loadConfig({ SPEECH_PROVIDER: 'aliyun', ALIYUN_ACCESS_KEY_ID: 'LTAI', ALIYUN_ACCESS_KEY_SECRET: 's' }),
    ).toThrow(/SPEECH_ALIYUN_APP_KEY: required when SPEECH_PROVIDER is aliyun/);
    const tencent = loadConfig({ SPEECH_PROVIDER: 'tencent', TENCENT_SECRET_ID: 'AKID1', TENCENT_SECRET_KEY: 'k' });
    expect(tencent.speech.endpoint).toMatchObject({
      provider: 'tencent',
      endpoint: 'https://asr.tencentcloudapi.com',
      engine: '16k_zh',
    });
  });

  it('reads a complete Tencent configuration shared by SMS and Captcha', () => {
    const keys = { TENCENT_SECRET_ID: 'AKID1', TENCENT_SECRET_KEY: 'secret' };
    const { providers } = loadConfig({
      ...keys,
      SMS_PROVIDER: 'tencent',
      SMS_TENCENT_APP_ID: '1400000001',
      SMS_SIGN_NAME: '圣经问答',
      SMS_TEMPLATE_ID: '123456',
      SMS_TEMPLATE_PARAMS: 'code, minutes',
      CAPTCHA_PROVIDER: 'tencent',
      CAPTCHA_TENCENT_APP_ID: '190000001',
      CAPTCHA_TENCENT_APP_SECRET_KEY: 'app-secret',
    });
    expect(providers.sms).toMatchObject({ provider: 'tencent', secretId: 'AKID1', params: ['code', 'minutes'] });
    expect(providers.captcha).toMatchObject({ provider: 'tencent', appId: '190000001', secretKey: 'secret' });
  });
});

describe('running in production', () => {
  it('defaults to production, with no development outbox unless a variable asks for it', () => {
    const config = loadConfig({});
    expect(config.env).toBe('production');
    expect(config.ops.devOutbox).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development' }).ops.devOutbox).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development', DEV_OUTBOX: 'true' }).ops.devOutbox).toBe(true);
    expect(() => loadConfig({ DEV_OUTBOX: 'true' })).toThrow(/DEV_OUTBOX/);
  });

  it('reads proxy trust as true/false, a hop count or a list of addresses and blocks', () => {
    expect(loadConfig({}).server.trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).server.trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '1' }).server.trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).server.trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8' }).server.trustProxy).toEqual(['10.0.0.0/8']);
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.0/8, 127.0.0.1 ,fd00::/8,loopback' }).server.trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('keeps shared state in this process unless REDIS_URL names a Redis; waits 10 s for a reader to come back', () => {
    expect(loadConfig({}).ops).toMatchObject({ redisUrl: undefined, streamResumeGraceMs: 10_000 });
    expect(loadConfig({ REDIS_URL: 'rediss://:secret@cache.internal:6380/2' }).ops.redisUrl).toBe(
      'rediss://:secret@cache.internal:6380/2',
    );
    expect(loadConfig({ STREAM_RESUME_GRACE_MS: '0' }).ops.streamResumeGraceMs).toBe(0);
  });

  it('waits 30 s for in-flight work at shutdown unless told otherwise', () => {
    expect(loadConfig({}).server.shutdownGraceMs).toBe(30_000);
    expect(() => assertServable({})).toThrow(/PUBLIC_ORIGIN/);
    expect(() => assertServable({ NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://bible.example.org' })).not.toThrow();
    expect(() => assertServable({ NODE_ENV: 'development' })).not.toThrow();
    expect(load({ NODE_ENV: 'development' }).publicOrigin).toBe('http://localhost:3000');
    expect(loadConfig({ SHUTDOWN_GRACE_MS: '5000' }).server.shutdownGraceMs).toBe(5_000);
  });

  it('refuses a fleet in production that trusts no proxy, saying which setting to change and why', () => {
    const fleet = { NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://bible.example.org', REDIS_URL: 'redis://r:6379' };
    for (const trust of [undefined, '', 'false', '0']) {
      expect(() => assertServable({ ...fleet, TRUST_PROXY: trust })).toThrow(
        /TRUST_PROXY: required with REDIS_URL in production\. Behind a load balancer every client would share/,
      );
    }
    expect(() => assertServable({ ...fleet, TRUST_PROXY: '1' })).not.toThrow();
    expect(() => assertServable({ ...fleet, TRUST_PROXY: '10.0.0.0/8' })).not.toThrow();
    // One server, or a development fleet, may trust nothing.
    expect(() => assertServable({ ...fleet, REDIS_URL: undefined })).not.toThrow();
    expect(() => assertServable({ ...fleet, NODE_ENV: 'development' })).not.toThrow();
  });

  it('reads .env when present, the environment winning over the file', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bibleqa-env-'));
    const file = path.join(dir, '.env');
    fs.writeFileSync(file, '# comment\nPORT=4100\nLOG_LEVEL=warn\nMAIL_FROM="Bible Q&A <a@b.c>"\n');
    const env = readEnvironment({ LOG_LEVEL: 'debug' }, file);
    const config = loadConfig(env);
    expect(config.server.port).toBe(4100);
    expect(config.log.level).toBe('debug');
    expect(env.MAIL_FROM).toBe('Bible Q&A <a@b.c>');
    expect(readEnvironment({ PORT: '1' }, path.join(dir, 'missing.env'))).toEqual({ PORT: '1' });
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe('.env.example', () => {
  it('lists every variable the API reads, and nothing else', () => {
    const text = fs.readFileSync(path.join(REPO_ROOT, '.env.example'), 'utf8');
    const listed = [...text.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]);
    expect([...listed].sort()).toEqual([...ENV_VARIABLES].sort());
  });
});
