import {
  SUCCESS_CODE,
  VOICE_MAX_AUDIO_BYTES,
  VOICE_MAX_SECONDS,
  VOICE_MIN_SECONDS,
  type VoiceConfig,
} from '@bible-qa/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from './api-client.ts';
import { useServices } from './services.tsx';

/**
 * Whether voice works here (GET /portal/voice/config): hold-to-speak only when the server can transcribe. Shared by
 * the composer and by every text that would promise it (the welcome, help, the tour, about).
 */
export const VOICE_CONFIG_PATH = '/portal/voice/config';

export const voiceKeys = { config: () => ['voice', 'config'] as const };

/** Voice off: no hold-to-speak, read-aloud by the browser. What a server that cannot say otherwise gets. */
export const VOICE_OFF: VoiceConfig = {
  recognize: false,
  serverSpeech: false,
  minSeconds: VOICE_MIN_SECONDS,
  maxSeconds: VOICE_MAX_SECONDS,
  maxBytes: VOICE_MAX_AUDIO_BYTES,
  recording: 'browser',
};

/** The config envelope, checked by hand: the composer is on the first screen, which loads without zod. */
function readConfig(body: unknown): VoiceConfig | null {
  const envelope = body as { code?: unknown; data?: Partial<Record<keyof VoiceConfig, unknown>> } | null;
  const data = envelope?.data;
  if (envelope?.code !== SUCCESS_CODE || !data) return null;
  const { recognize, serverSpeech, minSeconds, maxSeconds, maxBytes } = data;
  if (typeof recognize !== 'boolean' || typeof serverSpeech !== 'boolean') return null;
  if (typeof minSeconds !== 'number' || typeof maxSeconds !== 'number' || typeof maxBytes !== 'number') return null;
  // An older server says nothing of it: what the browser records.
  const recording = data.recording === 'wav16k' ? 'wav16k' : 'browser';
  return { recognize, serverSpeech, minSeconds, maxSeconds, maxBytes, recording };
}

/** Whether voice works here, asked quietly: a server that cannot tell just means voice off, never a toast. */
export function voiceConfigQuery(api: ApiClient) {
  return queryOptions({
    queryKey: voiceKeys.config(),
    queryFn: async (): Promise<VoiceConfig> => {
      const body = await api.get(VOICE_CONFIG_PATH, { raw: true }).catch(() => null);
      return readConfig(body) ?? VOICE_OFF;
    },
    staleTime: Infinity,
    retry: false,
  });
}

/** True once the server has said it transcribes speech; false while asking and when it cannot. */
export function useVoiceInput(): boolean {
  const { api } = useServices();
  return useQuery(voiceConfigQuery(api)).data?.recognize === true;
}
