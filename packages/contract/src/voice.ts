import { z } from 'zod';
import { VOICE_MAX_SECONDS } from './constants.ts';

/** A recording shorter than this is refused on both sides (spec §5: too short). */
export const VOICE_MIN_SECONDS = 1;
/** The largest recording the server takes: 60 s of 48 kHz 16-bit mono WAV is 5.8 MB; compressed audio far less. */
export const VOICE_MAX_AUDIO_BYTES = 8 * 1024 * 1024;
/** The longest text read aloud through the server in one request (the OpenAI speech endpoint's limit). */
export const READ_ALOUD_MAX_CHARS = 4096;

/** What the web needs to decide how voice works here: hidden input when not configured, browser read-aloud by default. */
export const voiceConfigSchema = z.object({
  /** Hold-to-speak is offered only when the server can transcribe. */
  recognize: z.boolean(),
  /** Read-aloud goes through the server's /to-audio; otherwise the browser's speech synthesis. */
  serverSpeech: z.boolean(),
  minSeconds: z.number(),
  maxSeconds: z.number(),
  maxBytes: z.number(),
  /**
   * How the web records: `browser`, what its MediaRecorder makes (WebM/Opus, MP4); `wav16k`, 16 kHz 16-bit mono PCM
   * in a WAV, which the speech services of mainland China take (SPEECH_PROVIDER tencent or aliyun).
   */
  recording: z.enum(['browser', 'wav16k']).default('browser'),
});
export type VoiceConfig = z.infer<typeof voiceConfigSchema>;

/** POST /portal/voice/recognize: the raw recording is the body; its length as measured by the recorder is a query. */
export const voiceRecognizeQuerySchema = z.object({
  durationMs: z.coerce
    .number()
    .int()
    .min(0)
    .max(VOICE_MAX_SECONDS * 1000 * 10),
});
export const voiceRecognizeResultSchema = z.object({ text: z.string() });
export type VoiceRecognizeResult = z.infer<typeof voiceRecognizeResultSchema>;

/** POST /portal/voice/to-audio: the answer's text; the reply is the audio itself (spec §7: returned untouched). */
export const toAudioRequestSchema = z.object({
  text: z.string().trim().min(1).max(READ_ALOUD_MAX_CHARS),
});
export type ToAudioRequest = z.infer<typeof toAudioRequestSchema>;
