import { z } from 'zod';
import type { OpenAiSpeechOptions } from './speech/openai-speech.ts';

/**
 * Voice input and read-aloud through any OpenAI-compatible audio API (/audio/transcriptions, /audio/speech).
 * Parsed with the rest in config.ts (the only reader of process.env); every variable is in .env.example.
 * No fallback to LLM_BASE_URL: most chat endpoints (DeepSeek, Qwen) have no audio routes, and a voice button that
 * always fails is worse than none.
 */
const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());

export const speechEnv = {
  SPEECH_BASE_URL: z.preprocess(emptyToUndefined, z.string().url().optional()),
  SPEECH_API_KEY: optionalString,
  SPEECH_TRANSCRIBE_MODEL: z.preprocess(emptyToUndefined, z.string().default('whisper-1')),
  SPEECH_VOICE_MODEL: optionalString,
  SPEECH_VOICE: z.preprocess(emptyToUndefined, z.string().default('alloy')),
  SPEECH_TIMEOUT_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1_000).max(120_000).default(30_000)),
  SPEECH_REQUESTS_PER_MINUTE: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(10_000).default(20)),
};

type SpeechEnv = z.infer<z.ZodObject<typeof speechEnv>>;

export interface SpeechConfig {
  /** The OpenAI-compatible endpoint; unset, voice input is off and answers are read by the browser. */
  endpoint: OpenAiSpeechOptions | undefined;
  /** Recognitions and read-alouds per account (or guest IP) per minute. */
  requestsPerMinute: number;
}

export function readSpeechConfig(e: SpeechEnv): SpeechConfig {
  return {
    endpoint: e.SPEECH_BASE_URL
      ? {
          baseURL: e.SPEECH_BASE_URL,
          apiKey: e.SPEECH_API_KEY,
          transcribeModel: e.SPEECH_TRANSCRIBE_MODEL,
          voiceModel: e.SPEECH_VOICE_MODEL,
          voice: e.SPEECH_VOICE,
          timeoutMs: e.SPEECH_TIMEOUT_MS,
        }
      : undefined,
    requestsPerMinute: e.SPEECH_REQUESTS_PER_MINUTE,
  };
}
