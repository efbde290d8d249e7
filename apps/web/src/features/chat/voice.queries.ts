import {
  READ_ALOUD_MAX_CHARS,
  SUCCESS_CODE,
  VOICE_MAX_AUDIO_BYTES,
  VOICE_MAX_SECONDS,
  VOICE_MIN_SECONDS,
  type ToAudioRequest,
  type VoiceConfig,
} from '@bible-qa/contract';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, type ApiClient } from '../../lib/api-client.ts';

/** The voice calls (under /webapi): hold-to-speak recognition and read-aloud. */
export const VOICE_PATHS = {
  config: '/portal/voice/config',
  recognize: '/portal/voice/recognize',
  toAudio: '/portal/voice/to-audio',
} as const;

export const voiceKeys = { config: () => ['voice', 'config'] as const };

/** Voice off: no hold-to-speak, read-aloud by the browser. What a server that cannot say otherwise gets. */
export const VOICE_OFF: VoiceConfig = {
  recognize: false,
  serverSpeech: false,
  minSeconds: VOICE_MIN_SECONDS,
  maxSeconds: VOICE_MAX_SECONDS,
  maxBytes: VOICE_MAX_AUDIO_BYTES,
};

/** The config envelope, checked by hand: the composer is on the first screen, which loads without zod. */
function readConfig(body: unknown): VoiceConfig | null {
  const envelope = body as { code?: unknown; data?: Partial<Record<keyof VoiceConfig, unknown>> } | null;
  const data = envelope?.data;
  if (envelope?.code !== SUCCESS_CODE || !data) return null;
  const { recognize, serverSpeech, minSeconds, maxSeconds, maxBytes } = data;
  if (typeof recognize !== 'boolean' || typeof serverSpeech !== 'boolean') return null;
  if (typeof minSeconds !== 'number' || typeof maxSeconds !== 'number' || typeof maxBytes !== 'number') return null;
  return { recognize, serverSpeech, minSeconds, maxSeconds, maxBytes };
}

/** Whether voice works here, asked quietly: a server that cannot tell just means voice off, never a toast. */
export function voiceConfigQuery(api: ApiClient) {
  return queryOptions({
    queryKey: voiceKeys.config(),
    queryFn: async (): Promise<VoiceConfig> => {
      const body = await api.get(VOICE_PATHS.config, { raw: true }).catch(() => null);
      return readConfig(body) ?? VOICE_OFF;
    },
    staleTime: Infinity,
    retry: false,
  });
}

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
