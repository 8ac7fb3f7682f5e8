import { createHash, randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { CreateBucketCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
// @ts-expect-error s3rver ships no types
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileStorage } from '../files/file-storage.ts';
import { createLocalDiskStorage } from '../files/local-disk-storage.ts';
import { createS3Storage } from '../files/s3-storage.ts';
import { writeToQuarantine } from './quarantine-writer.ts';

// Both storages: files on disk, and S3 through s3rver (as the photo tests do).

const MB = 1024 * 1024;
let dir: string;
let s3server: { close(): Promise<void> } | undefined;
let s3: ReturnType<typeof createS3Storage>;
let local: FileStorage;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'efie-quarantine-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: join(dir, 's3') });
  const { port } = (await server.run()) as { port: number };
  s3server = server;
  s3 = createS3Storage({
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    bucket: 'efie-videos',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  });
  await s3.client.send(new CreateBucketCommand({ Bucket: 'efie-videos' }));
  local = createLocalDiskStorage(join(dir, 'local'));
});

afterAll(async () => {
  await s3server?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** An MP4's first box (ftyp isom) followed by `bytes` of body, made in 1 MiB chunks. */
function mp4(bytes: number): Readable {
  const ftyp = Buffer.alloc(32);
  ftyp.writeUInt32BE(32, 0);
  ftyp.write('ftypisom', 4, 'latin1');
  ftyp.write('isomiso2avc1mp41', 16, 'latin1');
  const chunk = Buffer.alloc(MB, 7);
  return Readable.from(
    (function* () {
      yield ftyp;
      for (let left = bytes - ftyp.length; left > 0; left -= MB) yield chunk.subarray(0, Math.min(left, MB));
    })(),
  );
}

async function storedKeys(storage: FileStorage): Promise<string[]> {
  if (storage.kind === 'local') {
    // The folder is made by the first put; only its absence reads as none.
    const entries = await readdir(join(dir, 'local'), { recursive: true, withFileTypes: true }).catch(
      (error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return [];
        throw error;
      },
    );
    return entries
      .filter((e) => e.isFile())
      .map((e) => join(e.parentPath, e.name).slice(join(dir, 'local').length + 1));
  }
  // s3rver has no ListMultipartUploads: the adapter's abort of an unfinished upload is not visible here.
  const listed = await s3.client.send(new ListObjectsV2Command({ Bucket: 'efie-videos' }));
  return (listed.Contents ?? []).map((o) => o.Key!);
}

describe.each([
  ['local disk', () => local],
  ['S3', () => s3 as FileStorage],
])('writeToQuarantine on %s', (_, storage) => {
  it('stores an MP4 under a server-made key with its size and type from the bytes', async () => {
    const videoId = randomUUID();
    const uploadId = randomUUID();
    const written = await writeToQuarantine(storage(), mp4(12 * MB + 5), { videoId, uploadId });
    const sha256 = createHash('sha256')
      .update(await buffer(mp4(12 * MB + 5)))
      .digest('hex');
    expect(written).toEqual({
      quarantineKey: `videos/quarantine/${videoId}/${uploadId}.mp4`,
      size: 12 * MB + 5,
      contentType: 'video/mp4',
      sha256,
    });
    const stored = await storage().get(written.quarantineKey);
    expect((await buffer(stored!.body)).equals(await buffer(mp4(12 * MB + 5)))).toBe(true);
    // storedKeys sees what was written, so its empty answers below mean nothing was.
    expect(await storedKeys(storage())).toContain(written.quarantineKey);
    await storage().delete(written.quarantineKey);
    expect(await storedKeys(storage())).not.toContain(written.quarantineKey);
  });

  it('refuses a renamed JPEG (415) and stores nothing', async () => {
    const jpeg = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#246' } })
      .jpeg()
      .toBuffer();
    await expect(
      writeToQuarantine(storage(), Readable.from([jpeg]), { videoId: randomUUID(), uploadId: randomUUID() }),
    ).rejects.toMatchObject({ kind: 'unsupported_media', code: 'video_type_unsupported' });
    expect(await storedKeys(storage())).toEqual([]);
  });

  it('refuses one byte past the limit (413) and leaves nothing stored (no object, no part file)', async () => {
    const limit = 20 * MB;
    await expect(
      writeToQuarantine(storage(), mp4(limit + 1), { videoId: randomUUID(), uploadId: randomUUID(), maxBytes: limit }),
    ).rejects.toMatchObject({ kind: 'too_large', code: 'video_too_large' });
    expect(await storedKeys(storage())).toEqual([]);
    const exact = await writeToQuarantine(storage(), mp4(limit), {
      videoId: randomUUID(),
      uploadId: randomUUID(),
      maxBytes: limit,
    });
    expect(exact.size).toBe(limit);
    await storage().delete(exact.quarantineKey);
  }, 120_000);

  it('tells a file too short to be a video from a video', async () => {
    await expect(
      writeToQuarantine(storage(), Readable.from([Buffer.from('ftyp')]), {
        videoId: randomUUID(),
        uploadId: randomUUID(),
      }),
    ).rejects.toMatchObject({ code: 'video_type_unsupported' });
    await expect(
      writeToQuarantine(storage(), Readable.from([]), { videoId: randomUUID(), uploadId: randomUUID() }),
    ).rejects.toMatchObject({ code: 'video_type_unsupported' });
  });
});
