import { describe, expect, it, vi } from 'vitest';
import { canRecord, createVoiceRecorder, encodeWav16k, type RecorderEnvironment } from './voice-recorder.ts';

/** jsdom's Blob has no arrayBuffer(); FileReader it has. */
function bytesOf(blob: Blob): Promise<DataView> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new DataView(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}
const text = (view: DataView, offset: number, length: number) =>
  String.fromCharCode(...Array.from({ length }, (_, i) => view.getUint8(offset + i)));

describe('16 kHz WAV recordings (for the speech services of mainland China)', () => {
  it('brings 48 kHz samples to 16 kHz 16-bit mono PCM in a WAV', async () => {
    // One second of a 440 Hz tone at 48 kHz, in the 4096-sample frames the recording node hands over.
    const samples = Float32Array.from({ length: 48_000 }, (_, i) => 0.5 * Math.sin((2 * Math.PI * 440 * i) / 48_000));
    const frames = Array.from({ length: Math.ceil(48_000 / 4096) }, (_, i) => samples.slice(i * 4096, (i + 1) * 4096));
    const blob = encodeWav16k(frames, 48_000);
    expect(blob.type).toBe('audio/wav');
    const view = await bytesOf(blob);
    expect(text(view, 0, 4)).toBe('RIFF');
    expect(text(view, 8, 8)).toBe('WAVEfmt ');
    expect(view.getUint16(20, true)).toBe(1); // PCM
    expect(view.getUint16(22, true)).toBe(1); // mono
    expect(view.getUint32(24, true)).toBe(16_000);
    expect(view.getUint16(34, true)).toBe(16);
    expect(view.getUint32(40, true)).toBe(32_000); // one second of 16-bit samples
    expect(view.byteLength).toBe(44 + 32_000);
    // The tone survives: its peak near half of full scale.
    let peak = 0;
    for (let i = 0; i < 16_000; i += 1) peak = Math.max(peak, Math.abs(view.getInt16(44 + i * 2, true)));
    expect(peak).toBeGreaterThan(15_000);
    expect(peak).toBeLessThan(16_500);
  });

  it('records the microphone through Web Audio and stops it after', async () => {
    const track = { stop: vi.fn() };
    let process: ((event: { inputBuffer: { getChannelData(n: number): Float32Array } }) => void) | null = null;
    class FakeContext {
      sampleRate = 48_000;
      destination = {};
      createMediaStreamSource = () => ({ connect: vi.fn() });
      createScriptProcessor = () => {
        const node = { connect: vi.fn(), onaudioprocess: null as typeof process };
        queueMicrotask(() => (process = node.onaudioprocess));
        return node;
      };
      resume = async () => undefined;
      close = vi.fn(async () => undefined);
    }
    let now = 0;
    const env: RecorderEnvironment = {
      mediaDevices: { getUserMedia: vi.fn(async () => ({ getTracks: () => [track] }) as unknown as MediaStream) },
      MediaRecorder: undefined,
      AudioContext: FakeContext as unknown as typeof AudioContext,
      now: () => now,
    };
    expect(canRecord(env, 'wav16k')).toBe(true);
    expect(canRecord(env, 'browser')).toBe(false);
    const recorder = createVoiceRecorder(env, 'wav16k');
    await recorder.start();
    await Promise.resolve();
    for (let i = 0; i < 24; i += 1)
      process!({ inputBuffer: { getChannelData: () => new Float32Array(4096).fill(0.25) } });
    now = 2_048;
    const { blob, durationMs } = await recorder.stop();
    expect(durationMs).toBe(2_048);
    expect(track.stop).toHaveBeenCalled();
    const view = await bytesOf(blob);
    expect(view.getUint32(40, true)).toBe(Math.floor((24 * 4096) / 3) * 2);
    expect(view.getInt16(44, true)).toBe(Math.round(0.25 * 32767));
  });
});
