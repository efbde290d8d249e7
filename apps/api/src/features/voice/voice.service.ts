import { VOICE_MAX_AUDIO_BYTES, VOICE_MAX_SECONDS, VOICE_MIN_SECONDS, type VoiceConfig } from '@bible-qa/contract';
import { AppError } from '../../http/app-error.ts';
import type { CounterStore } from '../../rate-limit/counter-store.ts';
import { readAudioFormat } from '../../speech/audio-format.ts';
import { toSpeechWav } from '../../speech/wav-pcm.ts';
import type { SpeechPort } from '../../speech/speech-port.ts';
import type { Clock } from '../auth/auth-session.service.ts';

/** Who asks: an account, or a guest known by IP. Both may speak, as both may ask. */
export interface VoiceCaller {
  userId: string | undefined;
  ip: string;
}

/**
 * The container's own duration may lag the recorder's clock by a frame (its last block starts before the stop), and
 * run past it by the encoder's tail: this much slack keeps the server's verdict the same as the browser's.
 */
const SHORT_SLACK_SECONDS = 0.15;
const LONG_SLACK_SECONDS = 0.5;
const MINUTE = 60_000;

/**
 * Voice input and read-aloud (spec §4, §5, §8): a recording between 1 and 60 seconds, checked by what the client
 * measured and by what the container says, goes to the speech port and comes back as the question's text; an
 * answer's text comes back as audio. Each call is admitted first, before its body is read: a slot from a per-minute
 * window of its account or IP.
 */
export function createVoiceService({
  speech,
  counters,
  clock,
  requestsPerMinute,
}: {
  speech: SpeechPort | undefined;
  counters: CounterStore;
  clock: Clock;
  requestsPerMinute: number;
}) {
  async function takeSlot(caller: VoiceCaller): Promise<void> {
    const key = caller.userId ? `voice:u:${caller.userId}` : `voice:ip:${caller.ip}`;
    const { count } = await counters.hit(key, MINUTE, clock.now());
    if (count > requestsPerMinute) throw new AppError('high_traffic');
  }

  function checkLength(seconds: number, slack: { short: number; long: number }): void {
    if (seconds < VOICE_MIN_SECONDS - slack.short) throw new AppError('voice_too_short');
    if (seconds > VOICE_MAX_SECONDS + slack.long) throw new AppError('voice_too_long');
  }

  return {
    config(): VoiceConfig {
      return {
        recognize: Boolean(speech),
        serverSpeech: Boolean(speech?.synthesize),
        minSeconds: VOICE_MIN_SECONDS,
        maxSeconds: VOICE_MAX_SECONDS,
        maxBytes: VOICE_MAX_AUDIO_BYTES,
        recording: speech?.input ?? 'browser',
      };
    },

    /**
     * Lets a call in before its body is read: the feature must be on, and the caller's per-minute window must have
     * room (refused recordings count too, so a flood of bad uploads is cut off as early as good ones).
     */
    async admit(caller: VoiceCaller, use: 'recognize' | 'read-aloud'): Promise<void> {
      if (use === 'recognize' && !speech) throw new AppError('voice_recognition_unavailable');
      if (use === 'read-aloud' && !speech?.synthesize) throw new AppError('read_aloud_unavailable');
      await takeSlot(caller);
    },

    /** The recognised text of a recording; '' is refused with the say-it-again message. */
    async recognize(audio: Buffer, declaredMs: number): Promise<string> {
      if (!speech) throw new AppError('voice_recognition_unavailable');
      checkLength(declaredMs / 1000, { short: 0, long: 0 });
      const format = readAudioFormat(audio);
      if (!format) throw new AppError('audio_unrecognised');
      if (format.durationSeconds !== undefined) {
        checkLength(format.durationSeconds, { short: SHORT_SLACK_SECONDS, long: LONG_SLACK_SECONDS });
      }
      // A service that takes 16 kHz mono PCM gets it from any 16-bit PCM WAV (what the web records for it).
      const converted = speech.input === 'wav16k' ? toSpeechWav(audio) : audio;
      if (!converted) throw new AppError('audio_unrecognised');
      let text: string;
      try {
        text = await speech.transcribe({
          bytes: converted,
          mimeType: speech.input === 'wav16k' ? 'audio/wav' : format.mimeType,
          filename: `speech.${speech.input === 'wav16k' ? 'wav' : format.extension}`,
        });
      } catch (cause) {
        throw new AppError('voice_service_failed', [], { cause });
      }
      if (!text) throw new AppError('voice_no_text');
      return text;
    },

    /** Audio of an answer's text, as the speech endpoint made it. */
    async toAudio(text: string): Promise<{ bytes: Buffer; contentType: string }> {
      if (!speech?.synthesize) throw new AppError('read_aloud_unavailable');
      try {
        return await speech.synthesize(text);
      } catch (cause) {
        throw new AppError('voice_service_failed', [], { cause });
      }
    },
  };
}
export type VoiceService = ReturnType<typeof createVoiceService>;
