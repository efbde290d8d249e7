/** Recordings built byte by byte, so the format reader and the voice routes are tested on exact lengths. */

/** 16-bit mono PCM WAV with a 440 Hz tone; dataSize overrides the header's length (streams write 0 or 0xffffffff). */
export function makeWav(
  seconds: number,
  { sampleRate = 16_000, dataSize }: { sampleRate?: number; dataSize?: number } = {},
): Buffer {
  const samples = Math.round(seconds * sampleRate);
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i += 1)
    data.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / sampleRate)), i * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'latin1');
  header.write('fmt ', 12, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28); // byte rate
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(dataSize ?? data.length, 40);
  return Buffer.concat([header, data]);
}

function ebmlSize(n: number): Buffer {
  // 8-byte sizes always: simple and valid.
  const b = Buffer.alloc(8);
  b[0] = 0x01;
  let v = n;
  for (let i = 7; i >= 1; i -= 1) {
    b[i] = v % 256;
    v = Math.floor(v / 256);
  }
  return b;
}
const UNKNOWN_SIZE = Buffer.from([0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);

function element(id: number[], body: Buffer, unknownSize = false): Buffer {
  return Buffer.concat([Buffer.from(id), unknownSize ? UNKNOWN_SIZE : ebmlSize(body.length), body]);
}
function uint(n: number, bytes: number): Buffer {
  const b = Buffer.alloc(bytes);
  b.writeUIntBE(n, 0, bytes);
  return b;
}
function simpleBlock(relativeMs: number): Buffer {
  const b = Buffer.alloc(4 + 40);
  b[0] = 0x81; // track 1
  b.writeInt16BE(relativeMs, 1);
  b[3] = 0x80; // keyframe
  return element([0xa3], b);
}

/**
 * A WebM as MediaRecorder writes it in Chromium: segment and clusters of unknown size, no Duration, 20 ms Opus
 * blocks, a cluster every 1 s. With `declaredMs`, an Info Duration is written too (as muxers that finalise do).
 */
export function makeWebm(lastBlockMs: number, { declaredMs }: { declaredMs?: number } = {}): Buffer {
  const header = element([0x1a, 0x45, 0xdf, 0xa3], element([0x42, 0x82], Buffer.from('webm')));
  const infoChildren = [element([0x2a, 0xd7, 0xb1], uint(1_000_000, 3))];
  if (declaredMs !== undefined) {
    const d = Buffer.alloc(8);
    d.writeDoubleBE(declaredMs);
    infoChildren.push(element([0x44, 0x89], d));
  }
  const info = element([0x15, 0x49, 0xa9, 0x66], Buffer.concat(infoChildren));
  const tracks = element([0x16, 0x54, 0xae, 0x6b], element([0xae], element([0xd7], uint(1, 1))));
  const clusters: Buffer[] = [];
  for (let start = 0; start <= lastBlockMs; start += 1000) {
    const blocks: Buffer[] = [element([0xe7], uint(start, 4))];
    for (let t = start; t <= Math.min(lastBlockMs, start + 980); t += 20) blocks.push(simpleBlock(t - start));
    clusters.push(element([0x1f, 0x43, 0xb6, 0x75], Buffer.concat(blocks), true));
  }
  const segment = element([0x18, 0x53, 0x80, 0x67], Buffer.concat([info, tracks, ...clusters]), true);
  return Buffer.concat([header, segment]);
}

function oggPage(granule: bigint, payload: Buffer, sequence: number): Buffer {
  const head = Buffer.alloc(27);
  head.write('OggS', 0, 'latin1');
  head.writeBigInt64LE(granule, 6);
  head.writeUInt32LE(sequence, 18);
  head[26] = 1;
  return Buffer.concat([head, Buffer.from([payload.length]), payload]);
}

/** Ogg Opus: an OpusHead with a 312-sample pre-skip, then pages whose last granule marks the length at 48 kHz. */
export function makeOggOpus(seconds: number): Buffer {
  const opusHead = Buffer.alloc(19);
  opusHead.write('OpusHead', 0, 'latin1');
  opusHead[8] = 1;
  opusHead[9] = 1;
  opusHead.writeUInt16LE(312, 10);
  opusHead.writeUInt32LE(48_000, 12);
  const pages = [oggPage(0n, opusHead, 0), oggPage(0n, Buffer.from('OpusTags'), 1)];
  const total = BigInt(Math.round(seconds * 48_000) + 312);
  pages.push(oggPage(total / 2n, Buffer.alloc(60), 2), oggPage(total, Buffer.alloc(60), 3));
  return Buffer.concat(pages);
}

function box(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
}

/** MP4 audio: ftyp, then moov with an mvhd of timescale 1000 (0 duration: a fragmented file). */
export function makeMp4(seconds: number): Buffer {
  const mvhd = Buffer.alloc(100);
  mvhd.writeUInt32BE(1000, 12);
  mvhd.writeUInt32BE(Math.round(seconds * 1000), 16);
  return Buffer.concat([box('ftyp', Buffer.from('M4A \0\0\0\0isomM4A ', 'latin1')), box('moov', box('mvhd', mvhd))]);
}
