import { MAX_VIDEO_BYTES } from './videos-contract.ts';
import { formatMegabytes } from './video-format.ts';

/** What the file picker offers: by type where the system knows it, by extension where it does not (AVI on Android). */
export const VIDEO_ACCEPT = 'video/mp4,video/quicktime,video/x-msvideo,.mp4,.mov,.avi';

/** How many leading bytes are read: the ftyp box with its brands, or the RIFF header. */
export const VIDEO_HEAD_BYTES = 256;

export type VideoType = 'video/mp4' | 'video/quicktime' | 'video/x-msvideo';

const ascii = (bytes: Uint8Array, from: number, length: number) =>
  from + length > bytes.length ? '' : String.fromCharCode(...bytes.subarray(from, from + length));

/** Still images in the ISO box format (HEIC/HEIF photos, AVIF): a photo picked by mistake is not a video. */
const IMAGE_BRANDS = new Set(['mif1', 'msf1', 'heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'avif', 'avis', 'miaf']);

/**
 * MP4, MOV or AVI, told by the first bytes and never by the name: an `ftyp` box at offset 4
 * (major brand `qt  ` is QuickTime, anything else MP4), or `RIFF....AVI `. Looser than the
 * server's check (api/videos/video-type.ts), which knows each brand: this one is only there
 * to catch a photo or a document picked by mistake before a byte is sent; the server still
 * answers 415 to anything it does not take.
 */
export function sniffVideoType(head: Uint8Array): VideoType | undefined {
  if (ascii(head, 0, 4) === 'RIFF') return ascii(head, 8, 4) === 'AVI ' ? 'video/x-msvideo' : undefined;
  if (ascii(head, 4, 4) !== 'ftyp') return undefined;
  const major = ascii(head, 8, 4);
  if (major === '' || IMAGE_BRANDS.has(major)) return undefined;
  return major === 'qt  ' ? 'video/quicktime' : 'video/mp4';
}

export type VideoCheck = { ok: true; type: VideoType } | { ok: false; message: string };

export const NOT_A_VIDEO = 'This file is not a video we can take. Choose an MP4, MOV or AVI video.';

/** The size limit and the bytes, checked before uploading; the messages are the ones a host reads. */
export function checkVideo(head: Uint8Array, size: number, maxBytes = MAX_VIDEO_BYTES): VideoCheck {
  if (size === 0) return { ok: false, message: 'This file is empty. Choose an MP4, MOV or AVI video.' };
  if (size > maxBytes) {
    return {
      ok: false,
      message: `This video is ${formatMegabytes(size)}; videos can be at most ${formatMegabytes(maxBytes, 0)}. Trim it or film a shorter tour.`,
    };
  }
  const type = sniffVideoType(head);
  return type ? { ok: true, type } : { ok: false, message: NOT_A_VIDEO };
}

/** Reads the file's first bytes (never the whole file) and checks it. */
export async function checkVideoFile(file: Blob): Promise<VideoCheck> {
  if (file.size > MAX_VIDEO_BYTES || file.size === 0) return checkVideo(new Uint8Array(), file.size);
  try {
    const head = new Uint8Array(await file.slice(0, VIDEO_HEAD_BYTES).arrayBuffer());
    return checkVideo(head, file.size);
  } catch {
    return { ok: false, message: 'This file could not be read. Choose it again.' };
  }
}
