import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { DomainError } from '../../events/store/errors.ts';
import type { VideoContentType } from '../../events/video/video.events.ts';
import { MAX_VIDEO_BYTES, quarantineKeyFor } from '../../events/video/video.policy.ts';
import type { FileStorage } from '../files/file-storage.ts';
import { detectVideoType, VIDEO_HEAD_BYTES } from './video-type.ts';

export const QUARANTINE_ERRORS = {
  unsupported: () =>
    new DomainError('unsupported_media', 'video_type_unsupported', 'Videos must be MP4, MOV or AVI files.'),
  tooLarge: () => new DomainError('too_large', 'video_too_large', 'A video may be at most 100 MB.'),
};

/** A file in quarantine: where, how long, what type by its bytes, and its SHA-256 (hex) to know it again. */
export type Quarantined = { quarantineKey: string; size: number; contentType: VideoContentType; sha256: string };

/**
 * Streams an upload into quarantine under a server-made key: reads the first
 * bytes to tell the type (anything but MP4, MOV or AVI is refused before a
 * byte is stored), then passes the rest through a counter that stops at the
 * first byte past `maxBytes`. A refused or failed write leaves nothing stored
 * (storage writes to a temporary name or aborts its multipart upload; the key
 * is deleted too, to be sure). Memory holds one chunk at a time.
 */
export async function writeToQuarantine(
  files: FileStorage,
  source: AsyncIterable<Uint8Array> & { destroy?: (error?: Error) => void },
  { videoId, uploadId, maxBytes = MAX_VIDEO_BYTES }: { videoId: string; uploadId: string; maxBytes?: number },
): Promise<Quarantined> {
  const iterator = source[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  let headBytes = 0;
  let ended = false;
  while (headBytes < VIDEO_HEAD_BYTES) {
    const next = await iterator.next();
    if (next.done) {
      ended = true;
      break;
    }
    const bytes = Buffer.from(next.value);
    head.push(bytes);
    headBytes += bytes.length;
  }
  const contentType = detectVideoType(Buffer.concat(head));
  if (!contentType) {
    source.destroy?.();
    throw QUARANTINE_ERRORS.unsupported();
  }
  const quarantineKey = quarantineKeyFor(videoId, uploadId, contentType);
  let size = 0;
  const hash = createHash('sha256');
  const counted = Readable.from(
    (async function* () {
      for (const bytes of head) {
        size += bytes.length;
        if (size > maxBytes) throw QUARANTINE_ERRORS.tooLarge();
        hash.update(bytes);
        yield bytes;
      }
      if (ended) return;
      for (;;) {
        const next = await iterator.next();
        if (next.done) return;
        size += next.value.length;
        if (size > maxBytes) throw QUARANTINE_ERRORS.tooLarge();
        hash.update(next.value);
        yield next.value;
      }
    })(),
  );
  try {
    await files.put(quarantineKey, counted, contentType);
  } catch (error) {
    source.destroy?.();
    await files.delete(quarantineKey).catch(() => undefined);
    throw error;
  }
  return { quarantineKey, size, contentType, sha256: hash.digest('hex') };
}
