import { randomUUID } from 'node:crypto';
import sharp, { type Sharp } from 'sharp';
import {
  IMAGE_FORMATS,
  IMAGE_WIDTHS,
  type ImageFormat,
  type ImageWidth,
  MAX_IMAGE_BYTES,
} from '../contract/properties.schema.ts';
import { DomainError } from '../../events/store/errors.ts';
import { fileUrl, type FileStorage } from '../files/file-storage.ts';

export type ImageKind = 'jpeg' | 'png' | 'gif' | 'webp';

/** The type a file really is, by its first bytes (names and declared types are not trusted). */
export function detectImageType(bytes: Uint8Array): ImageKind | undefined {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0xff, 0xd8, 0xff)) return 'jpeg';
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (starts(0x47, 0x49, 0x46, 0x38) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) return 'gif';
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  return undefined;
}

export const IMAGE_ERRORS = {
  tooLarge: () => new DomainError('too_large', 'image_too_large', 'Each photo must be at most 5 MB.'),
  unsupported: () =>
    new DomainError('unsupported_media', 'unsupported_image_type', 'Photos must be JPEG, PNG, GIF or WebP images.'),
  unreadable: () =>
    new DomainError('unsupported_media', 'unreadable_image', 'This photo could not be read as an image.'),
};

/** Checks size and bytes before any decoding: a refusal costs nothing. */
export function checkImage(bytes: Uint8Array): ImageKind {
  if (bytes.length > MAX_IMAGE_BYTES) throw IMAGE_ERRORS.tooLarge();
  const kind = detectImageType(bytes);
  if (!kind) throw IMAGE_ERRORS.unsupported();
  return kind;
}

/**
 * Photos decoded at once in this process, whatever the number of uploads: a
 * decode takes tens of MB and a core, so ten uploads at a time queue here
 * (each holding at most its current 5 MB photo) instead of adding up. Per
 * process like sharp's own thread pool, which it bounds.
 */
const DECODES_AT_ONCE = 2;
// libvips keeps recent operations' results for reuse (up to 50 MB by default): every photo is
// new, so that cache would only hold memory.
sharp.cache(false);
let decoding = 0;
const waiting: (() => void)[] = [];

async function inDecodeSlot<T>(work: () => Promise<T>): Promise<T> {
  if (decoding >= DECODES_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  else decoding += 1;
  try {
    return await work();
  } finally {
    // The slot passes straight to the next in line, if any.
    const next = waiting.shift();
    if (next) next();
    else decoding -= 1;
  }
}

/** How every photo is decoded: limitInputPixels guards against decompression bombs; an animation gives its first frame. */
const DECODE = { limitInputPixels: 50_000_000, failOn: 'error' } as const;

type Rendition = { width: ImageWidth; format: ImageFormat };
const RENDITIONS: Rendition[] = IMAGE_WIDTHS.flatMap((width) => IMAGE_FORMATS.map((format) => ({ width, format })));
const MIME: Record<ImageFormat, string> = { avif: 'image/avif', webp: 'image/webp' };
const renditionKey = (id: string, { width, format }: Rendition) => `images/${id}-${width}.${format}`;

/**
 * One rendition of a decoded photo, never enlarged. AVIF at effort 2: a third smaller than WebP for
 * the same look, and about 0.3 s for 1200 px here, where the default effort took seconds a photo.
 */
function encode(source: Sharp, { width, format }: Rendition): Promise<Buffer> {
  const resized = source.clone().resize({ width, withoutEnlargement: true });
  return (format === 'avif' ? resized.avif({ quality: 50, effort: 2 }) : resized.webp({ quality: 80 })).toBuffer();
}

/**
 * Stores one photo (its bytes, or the path of a staged upload) at 400, 800 and 1200 pixels wide, as AVIF
 * and as WebP (never enlarged), turned upright by its EXIF orientation and stripped of all
 * metadata (sharp writes none unless asked): a host's photo must not give away
 * where the home is. Answers the 1200 px WebP file's URL, from which the others are named.
 */
export async function storeListingImage(files: FileStorage, photo: Uint8Array | string): Promise<string> {
  // A path is a staged upload (api/uploads/staged-photo.ts), already counted and typed as it was written.
  if (typeof photo !== 'string') checkImage(photo);
  const id = randomUUID();
  let outputs: { rendition: Rendition; data: Buffer }[];
  try {
    outputs = await inDecodeSlot(() => {
      const source = sharp(photo, DECODE).rotate();
      return Promise.all(RENDITIONS.map(async (rendition) => ({ rendition, data: await encode(source, rendition) })));
    });
  } catch {
    throw IMAGE_ERRORS.unreadable();
  }
  for (const { rendition, data } of outputs) await files.put(renditionKey(id, rendition), data, MIME[rendition.format]);
  return fileUrl(renditionKey(id, { width: 1200, format: 'webp' }));
}

const RENDITION_KEY = /^images\/([0-9a-f-]{36})-(400|800|1200)\.(avif|webp)$/;
const deriving = new Map<string, Promise<boolean>>();

/**
 * Makes a missing rendition of a photo stored before there were six (the 800 px ones and the AVIFs)
 * from its 1200 px WebP, once, and stores it; answers whether the key is now stored. Keys of any
 * other shape, and photos that are not stored, answer false at the cost of one look-up.
 */
export function deriveListingImage(files: FileStorage, key: string): Promise<boolean> {
  const match = RENDITION_KEY.exec(key);
  if (!match || key.endsWith('-1200.webp')) return Promise.resolve(false);
  const running = deriving.get(key);
  if (running) return running;
  const [, id, width, format] = match as unknown as [string, string, string, ImageFormat];
  const rendition: Rendition = { width: Number(width) as ImageWidth, format };
  const work = (async () => {
    const large = await files.get(renditionKey(id, { width: 1200, format: 'webp' }));
    if (!large) return false;
    const chunks: Buffer[] = [];
    for await (const chunk of large.body) chunks.push(chunk as Buffer);
    const data = await inDecodeSlot(() => encode(sharp(Buffer.concat(chunks), DECODE), rendition));
    await files.put(key, data, MIME[format]);
    return true;
  })().finally(() => deriving.delete(key));
  deriving.set(key, work);
  return work;
}

/** Deletes every rendition of a stored photo by its 1200 px WebP URL; anything else is ignored. */
export async function deleteListingImage(files: FileStorage, url: string): Promise<void> {
  const match = /^\/files\/images\/([0-9a-f-]{36})-1200\.webp$/.exec(url);
  if (!match) return;
  const id = match[1]!;
  await Promise.all(RENDITIONS.map((rendition) => files.delete(renditionKey(id, rendition))));
}
