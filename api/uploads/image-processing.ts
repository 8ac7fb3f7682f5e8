import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { IMAGE_WIDTHS, MAX_IMAGE_BYTES } from '../contract/properties.schema.ts';
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

/**
 * Stores one photo (its bytes, or the path of a staged upload) as two WebP files, 400 and 1200 pixels wide (never
 * enlarged), turned upright by its EXIF orientation and stripped of all
 * metadata (sharp writes none unless asked): a host's photo must not give away
 * where the home is. Answers the large file's URL.
 */
export async function storeListingImage(files: FileStorage, photo: Uint8Array | string): Promise<string> {
  // A path is a staged upload (api/uploads/staged-photo.ts), already counted and typed as it was written.
  if (typeof photo !== 'string') checkImage(photo);
  const id = randomUUID();
  let outputs: { width: number; data: Buffer }[];
  try {
    outputs = await inDecodeSlot(() => {
      // limitInputPixels guards against decompression bombs; the first frame of an animation is used.
      const source = sharp(photo, { limitInputPixels: 50_000_000, failOn: 'error' }).rotate();
      return Promise.all(
        [IMAGE_WIDTHS.small, IMAGE_WIDTHS.large].map(async (width) => ({
          width,
          data: await source.clone().resize({ width, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer(),
        })),
      );
    });
  } catch {
    throw IMAGE_ERRORS.unreadable();
  }
  for (const { width, data } of outputs) await files.put(`images/${id}-${width}.webp`, data, 'image/webp');
  return fileUrl(`images/${id}-${IMAGE_WIDTHS.large}.webp`);
}

/** Deletes both sizes of a stored photo by its large URL; anything else is ignored. */
export async function deleteListingImage(files: FileStorage, url: string): Promise<void> {
  const match = /^\/files\/(images\/[0-9a-f-]{36})-1200\.webp$/.exec(url);
  if (!match) return;
  await Promise.all([files.delete(`${match[1]}-1200.webp`), files.delete(`${match[1]}-400.webp`)]);
}
