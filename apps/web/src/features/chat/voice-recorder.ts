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
  now: () => number;
}

function browserEnvironment(): RecorderEnvironment {
  return {
    mediaDevices: typeof navigator !== 'undefined' ? navigator.mediaDevices : undefined,
    MediaRecorder: typeof MediaRecorder !== 'undefined' ? MediaRecorder : undefined,
    now: () => performance.now(),
  };
}

/** Whether this browser can record at all (getUserMedia needs a secure context; old browsers lack MediaRecorder). */
export function canRecord(env: RecorderEnvironment = browserEnvironment()): boolean {
  return Boolean(env.mediaDevices?.getUserMedia && env.MediaRecorder);
}

/** One hold-to-speak recording through getUserMedia and MediaRecorder. */
export function createVoiceRecorder(env: RecorderEnvironment = browserEnvironment()): VoiceRecorder {
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
