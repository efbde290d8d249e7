import { READ_ALOUD_MAX_CHARS, type ToAudioRequest } from '@bible-qa/contract';
import { ApiError, type ApiClient } from '../../lib/api-client.ts';
import { VOICE_CONFIG_PATH } from '../../lib/voice-config.ts';

/** The voice calls (under /webapi): hold-to-speak recognition and read-aloud. */
export const VOICE_PATHS = {
  config: VOICE_CONFIG_PATH,
  recognize: '/portal/voice/recognize',
  toAudio: '/portal/voice/to-audio',
} as const;

/** The text of a recording; refusals (too short, no text …) reject after the client has shown their message. */
export async function recognizeSpeech(api: ApiClient, recording: Blob, durationMs: number): Promise<string> {
  const result = await api.post<{ text?: unknown } | null>(VOICE_PATHS.recognize, recording, {
    params: { durationMs: Math.round(durationMs) },
  });
  if (typeof result?.text !== 'string') throw new ApiError('invalid_response', 'The recognition has no text');
  return result.text;
}

/** The answer read aloud by the server: its audio, or null when the server sent none (then the browser reads). */
export async function fetchSpeechAudio(api: ApiClient, text: string): Promise<Blob | null> {
  const body: ToAudioRequest = { text: text.slice(0, READ_ALOUD_MAX_CHARS) };
  // A /to-audio answer comes back untouched (spec §7): audio on success, an envelope object otherwise.
  const result: unknown = await api.post(VOICE_PATHS.toAudio, body).catch(() => null);
  const audio = result as Blob | null;
  return audio && typeof audio.size === 'number' && typeof audio.type === 'string' && audio.type.startsWith('audio/')
    ? audio
    : null;
}
