import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { makeMp4, makeOggOpus, makeWav, makeWebm } from '../test/audio-fixtures.ts';
import { detectContainer, readAudioFormat } from './audio-format.ts';

describe('readAudioFormat', () => {
  it('reads a WAV length from its header: bytes of data over the byte rate', () => {
    expect(readAudioFormat(makeWav(2.5))).toMatchObject({ container: 'wav', mimeType: 'audio/wav' });
    expect(readAudioFormat(makeWav(2.5))!.durationSeconds).toBeCloseTo(2.5, 3);
    expect(readAudioFormat(makeWav(0.4, { sampleRate: 48_000 }))!.durationSeconds).toBeCloseTo(0.4, 3);
  });

  it('measures a streamed WAV (length 0 or 0xffffffff) by the bytes present, and never past them', () => {
    expect(readAudioFormat(makeWav(1.5, { dataSize: 0 }))!.durationSeconds).toBeCloseTo(1.5, 3);
    expect(readAudioFormat(makeWav(1.5, { dataSize: 0xffffffff }))!.durationSeconds).toBeCloseTo(1.5, 3);
    // A header claiming 61 s over 1.5 s of samples is 1.5 s.
    expect(readAudioFormat(makeWav(1.5, { dataSize: 61 * 32_000 }))!.durationSeconds).toBeCloseTo(1.5, 3);
  });

  it('reads a Chromium-style WebM (unknown sizes, no Duration) by its last block', () => {
    const format = readAudioFormat(makeWebm(2480));
    expect(format).toMatchObject({ container: 'webm', mimeType: 'audio/webm', extension: 'webm' });
    expect(format!.durationSeconds).toBeCloseTo(2.48, 3);
    expect(readAudioFormat(makeWebm(61_000))!.durationSeconds).toBeCloseTo(61, 3);
  });

  it('reads a real recording of Chromium’s MediaRecorder (2.5 s held in e2e/voice.test.ts)', () => {
    const bytes = fs.readFileSync(new URL('../test/fixtures/chromium-recording.webm', import.meta.url));
    const format = readAudioFormat(bytes);
    expect(format?.container).toBe('webm');
    expect(format?.durationSeconds).toBeGreaterThan(2.2);
    expect(format?.durationSeconds).toBeLessThan(2.6);
  });

  it('prefers a WebM Duration when the muxer wrote one', () => {
    expect(readAudioFormat(makeWebm(500, { declaredMs: 3000 }))!.durationSeconds).toBeCloseTo(3, 3);
  });

  it('reads Ogg Opus by its last granule position less the pre-skip', () => {
    const format = readAudioFormat(makeOggOpus(4.2));
    expect(format).toMatchObject({ container: 'ogg', mimeType: 'audio/ogg' });
    expect(format!.durationSeconds).toBeCloseTo(4.2, 3);
  });

  it('reads MP4 from mvhd, and leaves a fragmented file (duration 0) to the declared length', () => {
    expect(readAudioFormat(makeMp4(7))).toMatchObject({ container: 'mp4', extension: 'm4a', durationSeconds: 7 });
    expect(readAudioFormat(makeMp4(0))).toMatchObject({ container: 'mp4', durationSeconds: undefined });
  });

  it('gives a truncated container no length rather than a wrong one or a throw', () => {
    const webm = makeWebm(3000);
    expect(readAudioFormat(webm.subarray(0, 60))).toMatchObject({ container: 'webm', durationSeconds: undefined });
    expect(readAudioFormat(makeWav(1).subarray(0, 30))).toMatchObject({ container: 'wav', durationSeconds: undefined });
  });

  it.each([
    ['an HTML page', Buffer.from('<!doctype html><html><body>hi</body></html>')],
    ['a PNG', Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex')],
    ['an MP3 frame', Buffer.from('fffb9064000000000000000000000000', 'hex')],
    ['nothing', Buffer.alloc(0)],
  ])('does not take %s for audio it accepts', (_name, bytes) => {
    expect(detectContainer(bytes)).toBeUndefined();
    expect(readAudioFormat(bytes)).toBeUndefined();
  });
});
