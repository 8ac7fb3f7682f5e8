import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
// @ts-expect-error s3rver ships no types
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileStorage } from './file-storage.ts';
import { isSafeKey, keyOfUrl } from './file-storage.ts';
import { createLocalDiskStorage } from './local-disk-storage.ts';
import { createS3Storage } from './s3-storage.ts';

let dir: string;
let s3server: { close(): Promise<void> } | undefined;
let s3: FileStorage;
let local: FileStorage;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'efie-storage-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: join(dir, 's3') });
  const { port } = (await server.run()) as { port: number };
  s3server = server;
  const storage = createS3Storage({
    endpoint: `http://127.0.0.1:${port}`, region: 'us-east-1', bucket: 'efie-test',
    accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true,
  });
  await storage.client.send(new CreateBucketCommand({ Bucket: 'efie-test' }));
  s3 = storage;
  local = createLocalDiskStorage(join(dir, 'local'));
});

afterAll(async () => {
  await s3server?.close();
  await rm(dir, { recursive: true, force: true });
});

describe.each([
  ['local disk', () => local],
  ['S3 (s3rver)', () => s3],
])('file storage on %s', (_name, storage) => {
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
    const chunk = Buffer.alloc(1024 * 1024, 7);
    const big = Readable.from((function* () { for (let i = 0; i < 10; i++) yield chunk; })());
    await storage().put('videos/u1/big.mp4', big, 'video/mp4');
    const file = await storage().get('videos/u1/big.mp4');
    let size = 0;
    for await (const piece of file!.body) size += (piece as Buffer).length;
    expect(size).toBe(10 * 1024 * 1024);
  });

  it('refuses keys that try to leave the storage', async () => {
    await expect(storage().put('../etc/passwd', new Uint8Array(1), 'text/plain')).rejects.toThrow(/unsafe/);
    await expect(storage().get('images/../../x')).rejects.toThrow(/unsafe/);
  });
});

describe('storage keys', () => {
  it('accepts server-made keys and rejects tricks', () => {
    expect(isSafeKey('images/123e4567-e89b-12d3-a456-426614174000-1200.webp')).toBe(true);
    for (const bad of ['', '/abs', 'a//b', '..', 'images/..', 'images/../x', 'a\\b', 'images/.hidden', 'x%2F..']) expect(isSafeKey(bad)).toBe(false);
    expect(keyOfUrl('/files/images/a-1200.webp')).toBe('images/a-1200.webp');
    expect(keyOfUrl('https://evil.example/x.webp')).toBeUndefined();
  });
});
