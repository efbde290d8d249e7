/**
 * Recordings for the speech services of mainland China (decision 0008), which take 16 kHz 16-bit mono PCM: a WAV of
 * 16-bit integer PCM at any rate and channel count is read, its channels averaged and its rate brought to 16 kHz
 * (linear interpolation; the browser already low-passes what it records at 16 kHz), and written back as a WAV.
 */
export const SPEECH_SAMPLE_RATE = 16_000;

interface WavPcm {
  sampleRate: number;
  channels: number;
  /** Interleaved 16-bit samples. */
  samples: Int16Array;
}

/** The 16-bit PCM of a WAV, or undefined for any other encoding (float, 8 or 24 bit, compressed) or a broken file. */
export function readWavPcm(bytes: Buffer): WavPcm | undefined {
  if (bytes.length < 12 || bytes.toString('latin1', 0, 4) !== 'RIFF' || bytes.toString('latin1', 8, 12) !== 'WAVE') {
    return undefined;
  }
  let offset = 12;
  let format: { tag: number; channels: number; sampleRate: number; bits: number } | undefined;
  while (offset + 8 <= bytes.length) {
    const id = bytes.toString('latin1', offset, offset + 4);
    const size = bytes.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === 'fmt ' && body + 16 <= bytes.length) {
      let tag = bytes.readUInt16LE(body);
      // WAVE_FORMAT_EXTENSIBLE names its encoding in the sub-format GUID's first two bytes.
      if (tag === 0xfffe && size >= 40 && body + 26 <= bytes.length) tag = bytes.readUInt16LE(body + 24);
      format = {
        tag,
        channels: bytes.readUInt16LE(body + 2),
        sampleRate: bytes.readUInt32LE(body + 4),
        bits: bytes.readUInt16LE(body + 14),
      };
    }
    if (id === 'data') {
      if (!format || format.tag !== 1 || format.bits !== 16 || format.channels < 1 || format.sampleRate < 1) {
        return undefined;
      }
      const available = bytes.length - body;
      const length = size === 0 || size === 0xffffffff || size > available ? available : size;
      const count = Math.floor(length / 2);
      const samples = new Int16Array(count);
      for (let i = 0; i < count; i += 1) samples[i] = bytes.readInt16LE(body + i * 2);
      return { sampleRate: format.sampleRate, channels: format.channels, samples };
    }
    offset = body + size + (size % 2);
  }
  return undefined;
}

/** Mono 16 kHz samples from any 16-bit PCM. */
export function toSpeechRate({ sampleRate, channels, samples }: WavPcm): Int16Array {
  const frames = Math.floor(samples.length / channels);
  const mono = new Float64Array(frames);
  for (let f = 0; f < frames; f += 1) {
    let sum = 0;
    for (let c = 0; c < channels; c += 1) sum += samples[f * channels + c]!;
    mono[f] = sum / channels;
  }
  if (sampleRate === SPEECH_SAMPLE_RATE) return Int16Array.from(mono, Math.round);
  const length = Math.floor((frames * SPEECH_SAMPLE_RATE) / sampleRate);
  const out = new Int16Array(length);
  const step = sampleRate / SPEECH_SAMPLE_RATE;
  for (let i = 0; i < length; i += 1) {
    const at = i * step;
    const left = Math.floor(at);
    const right = Math.min(left + 1, frames - 1);
    const value = mono[left]! + (mono[right]! - mono[left]!) * (at - left);
    out[i] = Math.max(-32768, Math.min(32767, Math.round(value)));
  }
  return out;
}

/** A 44-byte-header WAV of 16 kHz mono 16-bit samples. */
export function writeSpeechWav(samples: Int16Array): Buffer {
  const data = Buffer.alloc(samples.length * 2);
  for (let i = 0; i < samples.length; i += 1) data.writeInt16LE(samples[i]!, i * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'latin1');
  header.write('fmt ', 12, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(SPEECH_SAMPLE_RATE, 24);
  header.writeUInt32LE(SPEECH_SAMPLE_RATE * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** A recording as the speech services of China take it, or undefined when it is no 16-bit PCM WAV. */
export function toSpeechWav(bytes: Buffer): Buffer | undefined {
  const pcm = readWavPcm(bytes);
  return pcm ? writeSpeechWav(toSpeechRate(pcm)) : undefined;
}
