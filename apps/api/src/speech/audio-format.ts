/**
 * What a recording is, read from its bytes rather than its declared type, and how long it lasts where the container
 * says so: WAV from its header, WebM from its Duration or its last block's timestamp (MediaRecorder in Chromium
 * writes no Duration), Ogg Opus from its last page's granule position, MP4 from mvhd (0 in fragmented files).
 */
export type AudioContainer = 'wav' | 'webm' | 'ogg' | 'mp4';

export interface AudioFormat {
  container: AudioContainer;
  mimeType: string;
  extension: string;
  /** Seconds, when the container tells; undefined when it cannot be read without decoding. */
  durationSeconds: number | undefined;
}

const MIME: Record<AudioContainer, string> = {
  wav: 'audio/wav',
  webm: 'audio/webm',
  ogg: 'audio/ogg',
  mp4: 'audio/mp4',
};

export function detectContainer(bytes: Buffer): AudioContainer | undefined {
  if (bytes.length < 12) return undefined;
  if (bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WAVE') return 'wav';
  if (bytes.readUInt32BE(0) === 0x1a45dfa3) return 'webm';
  if (bytes.toString('latin1', 0, 4) === 'OggS') return 'ogg';
  if (bytes.toString('latin1', 4, 8) === 'ftyp') return 'mp4';
  return undefined;
}

export function readAudioFormat(bytes: Buffer): AudioFormat | undefined {
  const container = detectContainer(bytes);
  if (!container) return undefined;
  const durationSeconds = safe(() => DURATION[container](bytes));
  return {
    container,
    mimeType: MIME[container],
    extension: container === 'mp4' ? 'm4a' : container,
    durationSeconds: durationSeconds !== undefined && Number.isFinite(durationSeconds) ? durationSeconds : undefined,
  };
}

function safe(read: () => number | undefined): number | undefined {
  try {
    return read();
  } catch {
    return undefined; // a truncated or odd container: the declared duration decides
  }
}

const DURATION: Record<AudioContainer, (bytes: Buffer) => number | undefined> = {
  wav: wavDuration,
  webm: webmDuration,
  ogg: oggOpusDuration,
  mp4: mp4Duration,
};

/** RIFF chunks: the byte rate from fmt, the length from data (clamped to the bytes present: streams write 0 or ~0). */
function wavDuration(bytes: Buffer): number | undefined {
  let offset = 12;
  let byteRate: number | undefined;
  while (offset + 8 <= bytes.length) {
    const id = bytes.toString('latin1', offset, offset + 4);
    const size = bytes.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === 'fmt ' && body + 12 <= bytes.length) byteRate = bytes.readUInt32LE(body + 8);
    if (id === 'data') {
      if (!byteRate) return undefined;
      const available = bytes.length - body;
      const length = size === 0 || size === 0xffffffff || size > available ? available : size;
      return length / byteRate;
    }
    offset = body + size + (size % 2);
  }
  return undefined;
}

/** An EBML variable-length integer: its length and value (marker bit removed unless keepMarker, as IDs keep it). */
function vint(bytes: Buffer, offset: number, keepMarker: boolean): { length: number; value: number; unknown: boolean } {
  const first = bytes[offset];
  if (first === undefined || first === 0) throw new RangeError('bad vint');
  let length = 1;
  while (!(first & (0x80 >> (length - 1)))) length += 1;
  if (offset + length > bytes.length) throw new RangeError('truncated vint');
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i += 1) {
    const b = bytes[offset + i]!;
    value = value * 256 + b;
    if (b !== 0xff) allOnes = false;
  }
  return { length, value, unknown: !keepMarker && allOnes };
}

const EBML = {
  segment: 0x18538067,
  cluster: 0x1f43b675,
  blockGroup: 0xa0,
  info: 0x1549a966,
  timecodeScale: 0x2ad7b1,
  duration: 0x4489,
  clusterTimecode: 0xe7,
  simpleBlock: 0xa3,
  block: 0xa1,
};
/** Masters whose children are read in place (their size may be unknown in live recordings). */
const DESCEND = new Set([EBML.segment, EBML.cluster, EBML.blockGroup, EBML.info]);

function readUint(bytes: Buffer, offset: number, size: number): number {
  let value = 0;
  for (let i = 0; i < size; i += 1) value = value * 256 + bytes[offset + i]!;
  return value;
}

function webmDuration(bytes: Buffer): number | undefined {
  let scale = 1_000_000; // ns per tick
  let declared: number | undefined;
  let clusterTime = 0;
  let lastBlock: number | undefined;
  let offset = 0;
  while (offset < bytes.length) {
    const id = vint(bytes, offset, true);
    const size = vint(bytes, offset + id.length, false);
    const body = offset + id.length + size.length;
    if (DESCEND.has(id.value)) {
      offset = body;
      continue;
    }
    if (size.unknown) break;
    const end = body + size.value;
    if (end > bytes.length) break; // the tail of a recording cut short
    switch (id.value) {
      case EBML.timecodeScale:
        scale = readUint(bytes, body, size.value);
        break;
      case EBML.duration:
        declared = size.value === 4 ? bytes.readFloatBE(body) : bytes.readDoubleBE(body);
        break;
      case EBML.clusterTimecode:
        clusterTime = readUint(bytes, body, size.value);
        break;
      case EBML.simpleBlock:
      case EBML.block: {
        const track = vint(bytes, body, false);
        const time = clusterTime + bytes.readInt16BE(body + track.length);
        lastBlock = lastBlock === undefined ? time : Math.max(lastBlock, time);
        break;
      }
    }
    offset = end;
  }
  const ticks = declared && declared > 0 ? declared : lastBlock;
  return ticks === undefined ? undefined : (ticks * scale) / 1e9;
}

/** Opus in Ogg counts 48 kHz samples in the granule position, less the pre-skip of the OpusHead packet. */
function oggOpusDuration(bytes: Buffer): number | undefined {
  const head = bytes.indexOf('OpusHead', 0, 'latin1');
  if (head < 0 || head + 12 > bytes.length) return undefined;
  const preSkip = bytes.readUInt16LE(head + 10);
  const last = bytes.lastIndexOf('OggS', bytes.length - 1, 'latin1');
  if (last < 0 || last + 14 > bytes.length) return undefined;
  const granule = Number(bytes.readBigInt64LE(last + 6));
  if (granule < 0) return undefined;
  return Math.max(0, granule - preSkip) / 48_000;
}

/** The top-level moov box's mvhd: duration / timescale. */
function mp4Duration(bytes: Buffer): number | undefined {
  const moov = findBox(bytes, 0, bytes.length, 'moov');
  if (!moov) return undefined;
  const mvhd = findBox(bytes, moov.body, moov.end, 'mvhd');
  if (!mvhd) return undefined;
  const version = bytes[mvhd.body];
  const timescale = version === 1 ? bytes.readUInt32BE(mvhd.body + 20) : bytes.readUInt32BE(mvhd.body + 12);
  const duration = version === 1 ? Number(bytes.readBigUInt64BE(mvhd.body + 24)) : bytes.readUInt32BE(mvhd.body + 16);
  if (!timescale || !duration) return undefined; // fragmented MP4 leaves it 0
  return duration / timescale;
}

function findBox(bytes: Buffer, start: number, end: number, type: string): { body: number; end: number } | undefined {
  let offset = start;
  while (offset + 8 <= end) {
    let size = bytes.readUInt32BE(offset);
    let header = 8;
    if (size === 1) {
      size = Number(bytes.readBigUInt64BE(offset + 8));
      header = 16;
    } else if (size === 0) size = end - offset;
    if (size < header) return undefined;
    if (bytes.toString('latin1', offset + 4, offset + 8) === type) {
      return { body: offset + header, end: Math.min(end, offset + size) };
    }
    offset += size;
  }
  return undefined;
}
