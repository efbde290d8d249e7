import { callTencentCloud, TencentCloudError } from '../cloud/tencent-tc3.ts';
import { SpeechEndpointError, type SpeechPort } from './speech-port.ts';

export interface TencentSpeechOptions {
  secretId: string;
  secretKey: string;
  endpoint: string;
  /** The engine (EngSerViceType): 16k_zh for Mandarin, 16k_zh-PY for Mandarin, English and Cantonese … */
  engine: string;
  timeoutMs: number;
}

/** SentenceRecognition takes at most 3 MB of audio once in Base64. */
const MAX_BASE64_BYTES = 3 * 1024 * 1024;

interface SentenceRecognitionResponse {
  Result?: string;
  AudioDuration?: number;
}

/**
 * Tencent Cloud ASR, one-sentence recognition (API 3.0 SentenceRecognition, version 2019-06-14, asr service) signed
 * with TC3-HMAC-SHA256 (cloud/tencent-tc3.ts, as for SMS and captcha): the recording, 16 kHz mono WAV of at most 60 s,
 * sent as Base64 in the body (SourceType 1, VoiceFormat wav, DataLen its bytes before Base64). Result is the text.
 */
export function createTencentSpeech(options: TencentSpeechOptions): SpeechPort {
  return {
    input: 'wav16k',
    async transcribe(audio) {
      const data = audio.bytes.toString('base64');
      if (data.length > MAX_BASE64_BYTES) throw new SpeechEndpointError('SentenceRecognition takes 3 MB at most');
      let answer: SentenceRecognitionResponse;
      try {
        answer = await callTencentCloud<SentenceRecognitionResponse>({
          endpoint: options.endpoint,
          service: 'asr',
          action: 'SentenceRecognition',
          version: '2019-06-14',
          secretId: options.secretId,
          secretKey: options.secretKey,
          timeoutMs: options.timeoutMs,
          body: {
            EngSerViceType: options.engine,
            SourceType: 1,
            VoiceFormat: 'wav',
            Data: data,
            DataLen: audio.bytes.length,
          },
        });
      } catch (cause) {
        const what = cause instanceof TencentCloudError ? cause.code : 'unreachable';
        throw new SpeechEndpointError(`SentenceRecognition: ${what}`, { cause });
      }
      if (typeof answer.Result !== 'string') throw new SpeechEndpointError('SentenceRecognition answered no Result');
      return answer.Result.trim();
    },
  };
}
