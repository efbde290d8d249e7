import { describe, expect, it } from 'vitest';
import { makeWav } from '../test/audio-fixtures.ts';
import { readWavPcm, toSpeechRate, toSpeechWav } from './wav-pcm.ts';

describe('16 kHz mono WAV for the speech services of China', () => {
  it('keeps a 16 kHz mono WAV sample for sample', () => {
    const wav = makeWav(1);
    const out = toSpeechWav(wav)!;
    expect(readWavPcm(out)!.samples).toEqual(readWavPcm(wav)!.samples);
  });

  it('brings 48 kHz to 16 kHz (a third of the samples, the tone kept) and averages channels', () => {
    const pcm = readWavPcm(makeWav(1, { sampleRate: 48_000 }))!;
    const resampled = toSpeechRate(pcm);
    expect(resampled.length).toBe(16_000);
    // Sample i at 16 kHz is sample 3i at 48 kHz.
    expect(resampled[100]).toBe(pcm.samples[300]);
    const stereo = { sampleRate: 16_000, channels: 2, samples: Int16Array.from([100, 300, -200, 0]) };
    expect(Array.from(toSpeechRate(stereo))).toEqual([200, -100]);
  });

  it('refuses what is no 16-bit PCM WAV', () => {
    expect(toSpeechWav(Buffer.from('not a wav file at all'))).toBeUndefined();
    const float = makeWav(0.5);
    float.writeUInt16LE(3, 20); // IEEE float
    expect(toSpeechWav(float)).toBeUndefined();
  });
});
