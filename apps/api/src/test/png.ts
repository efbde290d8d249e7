import zlib from 'node:zlib';

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * An 8-bit PNG assembled by hand (no image library): `raw` is the image's rows, each a filter byte and its pixels;
 * colour type 0 is greyscale, 2 truecolour RGB. For the API tests and e2e.
 */
export function encodePng(
  width: number,
  height: number,
  colourType: 0 | 2,
  raw: Buffer,
  deflate: zlib.ZlibOptions = {},
): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = colourType;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw, deflate)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
