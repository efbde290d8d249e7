import { SpeechEndpointError, type SpeechPort } from './speech-port.ts';

export interface OpenAiSpeechOptions {
  baseURL: string;
  apiKey: string | undefined;
  transcribeModel: string;
  /** The text-to-speech model; unset, the port cannot read aloud (the browser's voice is used). */
  voiceModel: string | undefined;
  voice: string;
  timeoutMs: number;
}

/**
 * The speech port over any OpenAI-compatible audio API (OpenAI, Groq, a local whisper.cpp or faster-whisper server):
 * POST {base}/audio/transcriptions (multipart: file, model) and POST {base}/audio/speech.
 */
export function createOpenAiSpeech(options: OpenAiSpeechOptions): SpeechPort {
  const base = options.baseURL.replace(/\/+$/, '');
  const headers = (): Record<string, string> => (options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {});

  async function post(
    path: string,
    init: { body: FormData | string; headers?: Record<string, string> },
  ): Promise<Response> {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method: 'POST',
        body: init.body,
        headers: { ...headers(), ...init.headers },
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (cause) {
      throw new SpeechEndpointError(`${path} unreachable`, { cause });
    }
    if (!response.ok) {
      const detail = (await response.text().catch(() => '')).slice(0, 300);
      throw new SpeechEndpointError(`${path} answered ${response.status}: ${detail}`);
    }
    return response;
  }

  const port: SpeechPort = {
    input: 'browser',
    async transcribe(audio) {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(audio.bytes)], { type: audio.mimeType }), audio.filename);
      form.append('model', options.transcribeModel);
      form.append('response_format', 'json');
      const response = await post('/audio/transcriptions', { body: form });
      const body = (await response.json().catch((cause: unknown) => {
        throw new SpeechEndpointError('/audio/transcriptions answered no JSON', { cause });
      })) as { text?: unknown };
      if (typeof body.text !== 'string') throw new SpeechEndpointError('/audio/transcriptions answered no text');
      return body.text.trim();
    },
  };
  if (options.voiceModel) {
    const model = options.voiceModel;
    port.synthesize = async (text) => {
      const response = await post('/audio/speech', {
        body: JSON.stringify({ model, voice: options.voice, input: text, response_format: 'mp3' }),
        headers: { 'content-type': 'application/json' },
      });
      const contentType = response.headers.get('content-type') ?? 'audio/mpeg';
      if (!contentType.startsWith('audio/')) throw new SpeechEndpointError(`/audio/speech answered ${contentType}`);
      return { bytes: Buffer.from(await response.arrayBuffer()), contentType };
    };
  }
  return port;
}
