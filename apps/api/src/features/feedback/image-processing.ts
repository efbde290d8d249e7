import type { Metadata } from 'sharp';
import { FEEDBACK_MAX_IMAGE_BYTES } from '@bible-qa/contract';
import { AppError } from '../../http/app-error.ts';

/**
 * What an upload must be to be kept (ASVS 5.2): at most 2 MB; a PNG, JPEG, WebP or GIF by its first bytes AND by
 * decoding (the file name and the declared type are never read); at most IMAGE_MAX_PIXELS as its header declares,
 * checked before any pixel is decoded (a 600 KB PNG can claim 14000×14000 and cost ~800 MB to decode); then
 * re-encoded, which drops EXIF/XMP/ICC metadata, trailing bytes and any polyglot payload, and scaled to fit
 * IMAGE_MAX_SIDE. A GIF keeps its first frame, stored as PNG.
 */
export const IMAGE_MAX_PIXELS = 25_000_000;
export const IMAGE_MAX_SIDE = 2048;

export type ImageFormat = 'png' | 'jpeg' | 'webp' | 'gif';

const startsWith = (bytes: Buffer, signature: number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** The format the leading bytes announce, or null. */
export function sniffImageFormat(bytes: Buffer): ImageFormat | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  return null;
}

export interface ProcessedImage {
  bytes: Buffer;
  contentType: 'image/png' | 'image/jpeg' | 'image/webp';
  extension: 'png' | 'jpg' | 'webp';
  width: number;
  height: number;
}

const OUTPUT = {
  png: { contentType: 'image/png', extension: 'png' },
  gif: { contentType: 'image/png', extension: 'png' },
  jpeg: { contentType: 'image/jpeg', extension: 'jpg' },
  webp: { contentType: 'image/webp', extension: 'webp' },
} as const;

const tooManyPixels = (cause?: unknown) =>
  new AppError('image_pixels_too_large', [String(IMAGE_MAX_PIXELS / 1_000_000)], { cause });

/** Checks and re-encodes one upload; throws image_too_large, image_type_unsupported or image_pixels_too_large. */
export async function processImage(bytes: Buffer): Promise<ProcessedImage> {
  if (bytes.length > FEEDBACK_MAX_IMAGE_BYTES) throw new AppError('image_too_large');
  const format = sniffImageFormat(bytes);
  if (!format) throw new AppError('image_type_unsupported');

  // Loaded at the first upload, not at the server's start (libvips is tens of megabytes a process may never use).
  const { default: sharp } = await import('sharp');
  const options = { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error', pages: 1 } as const;
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, options).metadata();
  } catch (cause) {
    if (cause instanceof Error && /pixel limit/i.test(cause.message)) throw tooManyPixels(cause);
    throw new AppError('image_type_unsupported', [], { cause });
  }
  // The header must agree with the magic bytes (a PNG signature before a JPEG body is not a PNG).
  if (metadata.format !== format || !metadata.width || !metadata.height) throw new AppError('image_type_unsupported');
  const frameHeight = metadata.pageHeight ?? metadata.height;
  if (metadata.width * frameHeight > IMAGE_MAX_PIXELS || metadata.width * metadata.height > IMAGE_MAX_PIXELS) {
    throw tooManyPixels();
  }

  const pipeline = sharp(bytes, options)
    .rotate() // apply the EXIF orientation before the metadata is dropped
    .resize({ width: IMAGE_MAX_SIDE, height: IMAGE_MAX_SIDE, fit: 'inside', withoutEnlargement: true });
  const encoded =
    format === 'jpeg'
      ? pipeline.jpeg({ quality: 85 })
      : format === 'webp'
        ? pipeline.webp({ quality: 85 })
        : pipeline.png({ compressionLevel: 6 });
  try {
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { bytes: data, ...OUTPUT[format], width: info.width, height: info.height };
  } catch (cause) {
    if (cause instanceof Error && /pixel limit/i.test(cause.message)) throw tooManyPixels(cause);
    // Truncated or corrupt pixel data that the header did not reveal.
    throw new AppError('image_type_unsupported', [], { cause });
  }
}
