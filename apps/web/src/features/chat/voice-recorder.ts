import type { ErrorName } from '@bible-qa/contract';

/** A recording ended and packed: the container as the browser wrote it and how long the microphone ran. */
export interface Recording {
  blob: Blob;
  durationMs: number;
}

/** Why recording could not happen, named by the spec §8 message it shows. */
export class RecordingFailure extends Error {
  readonly reason: Extract<ErrorName, 'recording_unsupported' | 'recording_abnormal'>;
  constructor(reason: RecordingFailure['reason'], options?: { cause?: unknown }) {
    super(reason, options);
    this.name = 'RecordingFailure';
    this.reason = reason;
  }
}

export interface VoiceRecorder {
  /** Opens the microphone and starts recording; rejects with a RecordingFailure. */
  start(): Promise<void>;
  /** Milliseconds since recording started (0 before). */
  elapsedMs(): number;
  /** Stops and packs the recording; rejects with a RecordingFailure when the recorder failed or wrote nothing. */
  stop(): Promise<Recording>;
  /** Stops and throws the recording away. */
  cancel(): void;
}

/** Containers in order of preference: Opus in WebM (Chromium, Firefox), Ogg, then MP4 (Safari). */
const TYPES = ['audio/webm;codecs=opus', 'audio/ogg;codecs=opus', 'audio/mp4', 'audio/webm'];

export interface RecorderEnvironment {
  mediaDevices: Pick<MediaDevices, 'getUserMedia'> | undefined;
  MediaRecorder: typeof MediaRecorder | undefined;
  AudioContext?: typeof AudioContext | undefined;
  now: () => number;
}

function browserEnvironment(): RecorderEnvironment {
  return {
    mediaDevices: typeof navigator !== 'undefined' ? navigator.mediaDevices : undefined,
    MediaRecorder: typeof MediaRecorder !== 'undefined' ? MediaRecorder : undefined,
    AudioContext: typeof AudioContext !== 'undefined' ? AudioContext : undefined,
    now: () => performance.now(),
  };
}

/**
 * What the server's speech service takes (VoiceConfig.recording): `browser`, the container MediaRecorder writes;
 * `wav16k`, 16 kHz 16-bit mono PCM in a WAV (the speech services of mainland China), made here from the samples.
 */
export type RecordingFormat = 'browser' | 'wav16k';

/** Whether this browser can record at all (getUserMedia needs a secure context; old browsers lack MediaRecorder). */
export function canRecord(
  env: RecorderEnvironment = browserEnvironment(),
  format: RecordingFormat = 'browser',
): boolean {
  return Boolean(env.mediaDevices?.getUserMedia && (format === 'wav16k' ? env.AudioContext : env.MediaRecorder));
}

/** One hold-to-speak recording, in the format the server's speech service takes. */
export function createVoiceRecorder(
  env: RecorderEnvironment = browserEnvironment(),
  format: RecordingFormat = 'browser',
): VoiceRecorder {
  return format === 'wav16k' ? createWavRecorder(env) : createMediaRecorder(env);
}

/** The sample rate the speech services of China take. */
export const WAV_SAMPLE_RATE = 16_000;
/** Samples per callback of the recording node (a power of two, about 85 ms at 48 kHz). */
const FRAME = 4096;

/**
 * Samples at the context's rate brought to 16 kHz by averaging each output sample's span of input (a box filter, so
 * what lies above 8 kHz folds back much weaker), then 16-bit PCM in a 44-byte-header WAV.
 */
export function encodeWav16k(chunks: readonly Float32Array[], sampleRate: number): Blob {
  const total = chunks.reduce((n, chunk) => n + chunk.length, 0);
  const input = new Float32Array(total);
  let at = 0;
  for (const chunk of chunks) {
    input.set(chunk, at);
    at += chunk.length;
  }
  const ratio = sampleRate / WAV_SAMPLE_RATE;
  const length = Math.floor(total / ratio);
  const pcm = new DataView(new ArrayBuffer(44 + length * 2));
  for (let i = 0; i < length; i += 1) {
    const from = Math.floor(i * ratio);
    const to = Math.max(from + 1, Math.floor((i + 1) * ratio));
    let sum = 0;
    for (let j = from; j < to && j < total; j += 1) sum += input[j]!;
    const value = Math.max(-1, Math.min(1, sum / (to - from)));
    pcm.setInt16(44 + i * 2, Math.round(value * 32767), true);
  }
  const text = (offset: number, value: string) =>
    [...value].forEach((c, i) => pcm.setUint8(offset + i, c.charCodeAt(0)));
  text(0, 'RIFF');
  pcm.setUint32(4, 36 + length * 2, true);
  text(8, 'WAVE');
  text(12, 'fmt ');
  pcm.setUint32(16, 16, true);
  pcm.setUint16(20, 1, true);
  pcm.setUint16(22, 1, true);
  pcm.setUint32(24, WAV_SAMPLE_RATE, true);
  pcm.setUint32(28, WAV_SAMPLE_RATE * 2, true);
  pcm.setUint16(32, 2, true);
  pcm.setUint16(34, 16, true);
  text(36, 'data');
  pcm.setUint32(40, length * 2, true);
  return new Blob([pcm.buffer], { type: 'audio/wav' });
}

/**
 * A recording as samples, through the Web Audio API: the microphone into a ScriptProcessorNode, which hands over each
 * frame (no worklet module to load, which the page's script policy would have to allow), packed as 16 kHz WAV.
 */
function createWavRecorder(env: RecorderEnvironment): VoiceRecorder {
  let stream: MediaStream | null = null;
  let context: AudioContext | null = null;
  let startedAt: number | null = null;
  const chunks: Float32Array[] = [];

  function release() {
    stream?.getTracks().forEach((track) => track.stop());
    stream = null;
    void context?.close().catch(() => undefined);
  }

  return {
    async start() {
      const Context = env.AudioContext;
      if (!env.mediaDevices?.getUserMedia || !Context) throw new RecordingFailure('recording_unsupported');
      try {
        stream = await env.mediaDevices.getUserMedia({ audio: { channelCount: 1, echoCancellation: true } });
      } catch (cause) {
        throw new RecordingFailure('recording_abnormal', { cause });
      }
      try {
        context = new Context();
        const source = context.createMediaStreamSource(stream);
        const node = context.createScriptProcessor(FRAME, 1, 1);
        node.onaudioprocess = (event) => chunks.push(new Float32Array(event.inputBuffer.getChannelData(0)));
        source.connect(node);
        // A processor that leads nowhere is never run.
        node.connect(context.destination);
        await context.resume();
        startedAt = env.now();
      } catch (cause) {
        release();
        throw new RecordingFailure('recording_abnormal', { cause });
      }
    },
    elapsedMs() {
      return startedAt === null ? 0 : env.now() - startedAt;
    },
    async stop() {
      if (!context || startedAt === null) throw new RecordingFailure('recording_abnormal');
      const durationMs = env.now() - startedAt;
      const rate = context.sampleRate;
      release();
      if (chunks.length === 0) throw new RecordingFailure('recording_abnormal');
      return { blob: encodeWav16k(chunks, rate), durationMs };
    },
    cancel() {
      release();
      chunks.length = 0;
    },
  };
}

/** One hold-to-speak recording through getUserMedia and MediaRecorder. */
function createMediaRecorder(env: RecorderEnvironment): VoiceRecorder {
  let stream: MediaStream | null = null;
  let recorder: MediaRecorder | null = null;
  let startedAt: number | null = null;
  let failed: unknown = null;
  const chunks: Blob[] = [];

  function release() {
    stream?.getTracks().forEach((track) => track.stop());
    stream = null;
  }

  return {
    async start() {
      const Recorder = env.MediaRecorder;
      if (!env.mediaDevices?.getUserMedia || !Recorder) throw new RecordingFailure('recording_unsupported');
      try {
        stream = await env.mediaDevices.getUserMedia({ audio: true });
      } catch (cause) {
        // Denied permission, no microphone, or a device in use elsewhere.
        throw new RecordingFailure('recording_abnormal', { cause });
      }
      try {
        const mimeType = TYPES.find((type) => Recorder.isTypeSupported?.(type));
        recorder = new Recorder(stream, mimeType ? { mimeType } : undefined);
        recorder.ondataavailable = (event) => {
          if (event.data.size > 0) chunks.push(event.data);
        };
        recorder.onerror = (event) => {
          failed = event;
        };
        recorder.start(250);
        startedAt = env.now();
      } catch (cause) {
        release();
        throw new RecordingFailure('recording_abnormal', { cause });
      }
    },

    elapsedMs() {
      return startedAt === null ? 0 : env.now() - startedAt;
    },

    stop() {
      const active = recorder;
      if (!active || startedAt === null) return Promise.reject(new RecordingFailure('recording_abnormal'));
      const durationMs = env.now() - startedAt;
      return new Promise<Recording>((resolve, reject) => {
        active.onstop = () => {
          release();
          const blob = new Blob(chunks, { type: active.mimeType || chunks[0]?.type || 'audio/webm' });
          if (failed || blob.size === 0) reject(new RecordingFailure('recording_abnormal', { cause: failed }));
          else resolve({ blob, durationMs });
        };
        if (active.state === 'inactive') active.onstop(new Event('stop'));
        else active.stop();
      });
    },

    cancel() {
      if (recorder && recorder.state !== 'inactive') {
        recorder.onstop = null;
        recorder.stop();
      }
      release();
      chunks.length = 0;
    },
  };
}
