import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
// @ts-expect-error s3rver ships no types
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FileStorage } from './file-storage.ts';
import { isSafeKey, keyOfUrl } from './file-storage.ts';
import { createLocalDiskStorage } from './local-disk-storage.ts';
import { createS3Storage } from './s3-storage.ts';

let dir: string;
let s3server: { close(): Promise<void> } | undefined;
let s3: FileStorage;
let local: FileStorage;
/** Bytes the S3 adapter has handed to S3 so far (objects and parts), counted in the SDK's own middleware. */
let s3Received = 0;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'efie-storage-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: join(dir, 's3') });
  const { port } = (await server.run()) as { port: number };
  s3server = server;
  const storage = createS3Storage({
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    bucket: 'efie-test',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  });
  await storage.client.send(new CreateBucketCommand({ Bucket: 'efie-test' }));
  storage.client.middlewareStack.add(
    (next) => async (args) => {
      const body = (args.input as { Body?: unknown }).Body;
      if (body instanceof Uint8Array) s3Received += body.length;
      return next(args);
    },
    { step: 'initialize', name: 'countBytesSent' },
  );
  s3 = storage;
  local = createLocalDiskStorage(join(dir, 'local'));
});

afterAll(async () => {
  await s3server?.close();
  await rm(dir, { recursive: true, force: true });
});

const MB = 1024 * 1024;

/** Bytes of `videos/u1/big.mp4` the local adapter has written so far (its temporary file, then the file). */
async function localWritten(): Promise<number> {
  const folder = join(dir, 'local', 'videos', 'u1');
  const names = (await readdir(folder).catch(() => [] as string[])).filter((name) => name.startsWith('big.mp4'));
  const sizes = await Promise.all(
    names.map((name) =>
      stat(join(folder, name)).then(
        (s) => s.size,
        () => 0,
      ),
    ),
  );
  return sizes.reduce((a, b) => a + b, 0);
}

/**
 * A 24 MB upload made lazily, 1 MB at a time, each chunk filled with its number.
 * Chunk i is produced only once the storage has taken in all but `window` MB of
 * the chunks before it: a storage that held the stream whole before writing
 * anything would never see chunk window + 1 (the wait gives up after 5 s).
 */
function lazyUpload(consumed: () => Promise<number>, { chunks = 24, window = 10 } = {}) {
  async function* produce() {
    for (let i = 0; i < chunks; i++) {
      if (i > window) {
        await vi.waitFor(
          async () => expect(await consumed(), `stored before chunk ${i}`).toBeGreaterThanOrEqual((i - window) * MB),
          {
            timeout: 5_000,
            interval: 5,
          },
        );
      }
      yield Buffer.alloc(MB, i);
    }
  }
  // Byte mode with the smallest buffer: the stream asks for a chunk only when the last one was taken.
  return Readable.from(produce(), { objectMode: false, highWaterMark: 1 });
}

describe.each([
  ['local disk', () => local, localWritten],
  ['S3 (s3rver)', () => s3, async () => s3Received],
])('file storage on %s', (_name, storage, consumed) => {
  it('puts, gets and deletes bytes', async () => {
    await storage().put('images/a-1200.webp', new TextEncoder().encode('hello'), 'image/webp');
    const file = await storage().get('images/a-1200.webp');
    expect(file?.contentType).toBe('image/webp');
    expect(file?.size).toBe(5);
    expect(await text(file!.body)).toBe('hello');
    await storage().delete('images/a-1200.webp');
    expect(await storage().get('images/a-1200.webp')).toBeUndefined();
    await storage().delete('images/a-1200.webp');
  });

  it('stores a stream larger than one part without holding it whole', async () => {
    s3Received = 0;
    await storage().put('videos/u1/big.mp4', lazyUpload(consumed), 'video/mp4');
    const file = await storage().get('videos/u1/big.mp4');
    expect(file?.size).toBe(24 * MB);
    // Read back in order: byte n of the file belongs to chunk floor(n / 1 MB).
    let offset = 0;
    for await (const piece of file!.body) {
      const bytes = piece as Buffer;
      for (let at = 0; at < bytes.length; at += 64 * 1024) expect(bytes[at]).toBe(Math.floor((offset + at) / MB));
      offset += bytes.length;
    }
    expect(offset).toBe(24 * MB);
    await storage().delete('videos/u1/big.mp4');
  }, 60_000);

  it('refuses keys that try to leave the storage', async () => {
    await expect(storage().put('../etc/passwd', new Uint8Array(1), 'text/plain')).rejects.toThrow(/unsafe/);
    await expect(storage().get('images/../../x')).rejects.toThrow(/unsafe/);
  });
});

describe('storage keys', () => {
  it('accepts server-made keys and rejects tricks', () => {
    expect(isSafeKey('images/123e4567-e89b-12d3-a456-426614174000-1200.webp')).toBe(true);
    for (const bad of ['', '/abs', 'a//b', '..', 'images/..', 'images/../x', 'a\\b', 'images/.hidden', 'x%2F..'])
      expect(isSafeKey(bad)).toBe(false);
    expect(keyOfUrl('/files/images/a-1200.webp')).toBe('images/a-1200.webp');
    expect(keyOfUrl('https://evil.example/x.webp')).toBeUndefined();
  });
});
