import { z } from 'zod';
import type { OpenAiSpeechOptions } from './speech/openai-speech.ts';
import type { AliyunSpeechOptions } from './speech/speech.aliyun.ts';
import type { TencentSpeechOptions } from './speech/speech.tencent.ts';

/**
 * Voice input and read-aloud (decision 0008): an OpenAI-compatible audio API (/audio/transcriptions, /audio/speech),
 * or for readers in mainland China, Tencent Cloud ASR or Alibaba Cloud's one-sentence recognition (SPEECH_PROVIDER,
 * as SMS_PROVIDER and CAPTCHA_PROVIDER choose theirs; the cloud keys are the same TENCENT_SECRET_* and
 * ALIYUN_ACCESS_KEY_*). Parsed with the rest in config.ts (the only reader of process.env); every variable is in
 * .env.example. No fallback to LLM_BASE_URL: most chat endpoints (DeepSeek, Qwen) have no audio routes, and a voice
 * button that always fails is worse than none.
 */
const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const text = (fallback: string) => z.preprocess(emptyToUndefined, z.string().default(fallback));
const url = (fallback: string) => z.preprocess(emptyToUndefined, z.string().url().default(fallback));

export const speechEnv = {
  SPEECH_PROVIDER: z.preprocess(emptyToUndefined, z.enum(['openai', 'tencent', 'aliyun']).default('openai')),
  SPEECH_BASE_URL: z.preprocess(emptyToUndefined, z.string().url().optional()),
  SPEECH_API_KEY: optionalString,
  SPEECH_TRANSCRIBE_MODEL: text('whisper-1'),
  SPEECH_VOICE_MODEL: optionalString,
  SPEECH_VOICE: text('alloy'),
  SPEECH_TIMEOUT_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1_000).max(120_000).default(30_000)),
  SPEECH_REQUESTS_PER_MINUTE: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(10_000).default(20)),
  SPEECH_TENCENT_ENDPOINT: url('https://asr.tencentcloudapi.com'),
  SPEECH_TENCENT_ENGINE: text('16k_zh'),
  SPEECH_ALIYUN_APP_KEY: optionalString,
  SPEECH_ALIYUN_ENDPOINT: url('https://nls-gateway-cn-shanghai.aliyuncs.com/stream/v1/asr'),
  SPEECH_ALIYUN_TOKEN_ENDPOINT: url('https://nls-meta.cn-shanghai.aliyuncs.com'),
  SPEECH_ALIYUN_REGION: text('cn-shanghai'),
};

type SpeechEnv = z.infer<z.ZodObject<typeof speechEnv>> & {
  /** The cloud keys, shared with the SMS and captcha providers (config-providers.ts). */
  TENCENT_SECRET_ID?: string | undefined;
  TENCENT_SECRET_KEY?: string | undefined;
  ALIYUN_ACCESS_KEY_ID?: string | undefined;
  ALIYUN_ACCESS_KEY_SECRET?: string | undefined;
};

export type SpeechEndpoint =
  | ({ provider: 'openai' } & OpenAiSpeechOptions)
  | ({ provider: 'tencent' } & TencentSpeechOptions)
  | ({ provider: 'aliyun' } & AliyunSpeechOptions);

export interface SpeechConfig {
  /** The speech service; unset (SPEECH_PROVIDER=openai without SPEECH_BASE_URL), voice input is off. */
  endpoint: SpeechEndpoint | undefined;
  /** Recognitions and read-alouds per account (or guest IP) per minute. */
  requestsPerMinute: number;
}

/** The speech configuration, or the variables the chosen provider needs and lacks. */
export function readSpeechConfig(e: SpeechEnv): SpeechConfig | { missing: string[] } {
  const missing: string[] = [];
  const need = (name: keyof SpeechEnv): string => {
    const value = e[name];
    if (typeof value !== 'string' || !value)
      missing.push(`${name}: required when SPEECH_PROVIDER is ${e.SPEECH_PROVIDER}`);
    return typeof value === 'string' ? value : '';
  };
  let endpoint: SpeechEndpoint | undefined;
  if (e.SPEECH_PROVIDER === 'tencent') {
    endpoint = {
      provider: 'tencent',
      secretId: need('TENCENT_SECRET_ID'),
      secretKey: need('TENCENT_SECRET_KEY'),
      endpoint: e.SPEECH_TENCENT_ENDPOINT,
      engine: e.SPEECH_TENCENT_ENGINE,
      timeoutMs: e.SPEECH_TIMEOUT_MS,
    };
  } else if (e.SPEECH_PROVIDER === 'aliyun') {
    endpoint = {
      provider: 'aliyun',
      accessKeyId: need('ALIYUN_ACCESS_KEY_ID'),
      accessKeySecret: need('ALIYUN_ACCESS_KEY_SECRET'),
      appKey: need('SPEECH_ALIYUN_APP_KEY'),
      endpoint: e.SPEECH_ALIYUN_ENDPOINT,
      tokenEndpoint: e.SPEECH_ALIYUN_TOKEN_ENDPOINT,
      region: e.SPEECH_ALIYUN_REGION,
      timeoutMs: e.SPEECH_TIMEOUT_MS,
    };
  } else if (e.SPEECH_BASE_URL) {
    endpoint = {
      provider: 'openai',
      baseURL: e.SPEECH_BASE_URL,
      apiKey: e.SPEECH_API_KEY,
      transcribeModel: e.SPEECH_TRANSCRIBE_MODEL,
      voiceModel: e.SPEECH_VOICE_MODEL,
      voice: e.SPEECH_VOICE,
      timeoutMs: e.SPEECH_TIMEOUT_MS,
    };
  }
  if (missing.length) return { missing };
  return { endpoint, requestsPerMinute: e.SPEECH_REQUESTS_PER_MINUTE };
}
