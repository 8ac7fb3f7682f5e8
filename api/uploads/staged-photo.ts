import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { MAX_IMAGE_BYTES } from '../contract/properties.schema.ts';
import { detectImageType, IMAGE_ERRORS } from './image-processing.ts';

/** Bytes enough for detectImageType (WebP's RIFF…WEBP is the longest, 12). */
const HEAD_BYTES = 16;

/**
 * One uploaded photo written to the server's disk as it arrives
 * (`<DATA_DIR>/photo-uploads/`, issue 27), counted (413 at the first byte past
 * 5 MB) and typed by its first bytes, so that an upload waiting for its turn at
 * the decoder holds a file, not 5 MB of memory. Deleted once stored or refused.
 */
export class StagedPhoto {
  readonly path: string;
  private readonly out: WriteStream;
  private size = 0;
  private head = Buffer.alloc(0);
  private failed: Error | undefined;

  constructor(directory: string) {
    mkdirSync(directory, { recursive: true });
    this.path = join(directory, randomUUID());
    this.out = createWriteStream(this.path, { flags: 'wx' });
    this.out.on('error', (error) => (this.failed ??= error));
  }

  /** Takes the next bytes; throws 413 past 5 MB. Call drained() before the next read. */
  write(bytes: Buffer): void {
    if (this.failed) throw this.failed;
    this.size += bytes.length;
    if (this.size > MAX_IMAGE_BYTES) throw IMAGE_ERRORS.tooLarge();
    if (this.head.length < HEAD_BYTES)
      this.head = Buffer.concat([this.head, bytes.subarray(0, HEAD_BYTES - this.head.length)]);
    this.out.write(bytes);
  }

  /** Resolves once the disk has taken what was written (backpressure towards the client). */
  async drained(): Promise<void> {
    // `once` removes both its listeners whichever comes first: a 5 MB photo drains a few hundred times.
    if (this.out.writableNeedDrain) await once(this.out, 'drain').catch(() => undefined);
    if (this.failed) throw this.failed;
  }

  /** Closes the file and checks its type by its first bytes (415); the path of a photo to decode. */
  async finish(): Promise<string> {
    await new Promise<void>((resolve) => this.out.end(resolve));
    if (this.failed) throw this.failed;
    if (!detectImageType(this.head)) throw IMAGE_ERRORS.unsupported();
    return this.path;
  }

  async discard(): Promise<void> {
    // After the stream has closed: a file still being opened would otherwise appear after the rm.
    if (!this.out.closed) {
      const closed = new Promise<void>((resolve) => this.out.once('close', () => resolve()));
      this.out.destroy();
      await closed;
    }
    await rm(this.path, { force: true });
  }
}

/** Where photos wait on disk while an upload is read: beside tus's video staging. */
export const photoStagingDirectory = (dataDir: string) => join(dataDir, 'photo-uploads');

/**
 * A staged photo lives for one upload's reading; one older than this was left by a process that
 * stopped mid-upload (a crash, a kill). A single photo is at most 5 MB, so even at 2G speed
 * (about 100 kbit/s, 7 minutes) an hour never cuts off an upload still being read.
 */
export const STAGED_PHOTO_MAX_AGE_MS = 60 * 60 * 1000;

/** Deletes staged photos older than `maxAgeMs` (their uploads ended with their process); answers how many. */
export async function sweepStagedPhotos(
  directory: string,
  now: Date,
  maxAgeMs = STAGED_PHOTO_MAX_AGE_MS,
): Promise<number> {
  const names = await readdir(directory).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names) {
    const path = join(directory, name);
    const info = await stat(path).catch(() => undefined);
    if (info?.isFile() && now.getTime() - info.mtimeMs > maxAgeMs) {
      await rm(path, { force: true });
      removed += 1;
    }
  }
  return removed;
}
