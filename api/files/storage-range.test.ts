import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
// @ts-expect-error s3rver ships no types
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UnsatisfiableRangeError, type FileStorage } from './file-storage.ts';
import { createLocalDiskStorage } from './local-disk-storage.ts';
import { createS3Storage } from './s3-storage.ts';

// Byte ranges, for HTTP Range requests on videos (a phone's player seeks, a
// dropped download continues): on disk and on S3 (s3rver).

let dir: string;
let s3server: { close(): Promise<void> } | undefined;
let s3: FileStorage;
let local: FileStorage;
const bytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 256));
const key = 'videos/approved/owner/range-test.mp4';

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'efie-range-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: join(dir, 's3') });
  const { port } = (await server.run()) as { port: number };
  s3server = server;
  const storage = createS3Storage({
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    bucket: 'efie-range',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  });
  await storage.client.send(new CreateBucketCommand({ Bucket: 'efie-range' }));
  s3 = storage;
  local = createLocalDiskStorage(join(dir, 'local'));
  await Promise.all([s3.put(key, bytes, 'video/mp4'), local.put(key, bytes, 'video/mp4')]);
});

afterAll(async () => {
  await s3server?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe.each([
  ['local disk', () => local],
  ['S3', () => s3],
])('ranged reads on %s', (_, storage) => {
  it('reads the whole file without a range, with its size', async () => {
    const file = await storage().get(key);
    expect(file).toMatchObject({ size: 1000, contentType: 'video/mp4' });
    expect(file!.range).toBeUndefined();
    expect((await buffer(file!.body)).equals(bytes)).toBe(true);
  });

  it('reads the bytes asked for, end included, with the whole size', async () => {
    const file = await storage().get(key, { start: 100, end: 199 });
    expect(file).toMatchObject({ size: 1000, range: { start: 100, end: 199 } });
    expect((await buffer(file!.body)).equals(bytes.subarray(100, 200))).toBe(true);
  });

  it('cuts a range that runs past the end to the last byte', async () => {
    const file = await storage().get(key, { start: 990, end: 5000 });
    expect(file).toMatchObject({ size: 1000, range: { start: 990, end: 999 } });
    expect((await buffer(file!.body)).equals(bytes.subarray(990))).toBe(true);
  });

  it('refuses a range that starts past the end, and answers undefined for a missing file', async () => {
    await expect(storage().get(key, { start: 1000, end: 1100 })).rejects.toBeInstanceOf(UnsatisfiableRangeError);
    expect(await storage().get('videos/approved/owner/none.mp4', { start: 0, end: 10 })).toBeUndefined();
  });
});
