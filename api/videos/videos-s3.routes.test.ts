import { CreateBucketCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// @ts-expect-error s3rver ships no types
import S3rver from 's3rver';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApprovedVideosResponseSchema,
  PendingVideosResponseSchema,
  UploadedVideoSchema,
} from '../contract/videos.schema.ts';
import { createAdmin, registerUser, registerVerifiedUser } from '../../testing/accounts.ts';
import { CLAMSCAN_BIN, EICAR, makeSignatureDatabase } from '../../testing/clamav.ts';
import { drainSubscription } from '../../testing/settled-read.ts';
import { createClient, createTestApp } from '../../testing/test-app.ts';
import { useMigratedDatabase } from '../../testing/use-test-database.ts';
import { sampleMov, sampleMp4, tusClient, uploadVideo, videoForm } from '../../testing/videos.ts';
import type { AppDeps } from '../app-deps.ts';
import { createClamscanScanner } from './clamscan-scanner.ts';
import { videoScanQueue } from './scan-queue.subscription.ts';
import { createVideoScanWorker } from './scan-worker.ts';

// The video workflow with files in S3 (s3rver): tus stages in the bucket,
// quarantine and the approved area are objects, downloads are ranged GETs.

const database = useMigratedDatabase();
let dir: string;
let signatures: string;
let server: { close(): Promise<void> };
let s3: {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
};
let client: S3Client;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'efie-videos-s3-'));
  signatures = await makeSignatureDatabase(join(dir, 'signatures'), { eicarInside: true });
  server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: join(dir, 's3') });
  const { port } = await (server as unknown as { run(): Promise<{ port: number }> }).run();
  s3 = {
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    bucket: 'efie-videos',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
  client = new S3Client({
    endpoint: s3.endpoint,
    region: s3.region,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  await client.send(new CreateBucketCommand({ Bucket: s3.bucket }));
});
afterAll(async () => {
  await server?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const keys = async (prefix: string) =>
  ((await client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: prefix }))).Contents ?? [])
    .map((o) => o.Key!)
    .sort();

async function runPipeline(deps: AppDeps) {
  const worker = createVideoScanWorker({
    ...deps,
    scanner: createClamscanScanner({ path: CLAMSCAN_BIN, database: signatures }),
  });
  for (let step = 0; step < 20; step++) {
    await drainSubscription(deps.db, videoScanQueue);
    const published = await worker.publishNext();
    if (!published && (await worker.scanNext()) === 'idle') return;
  }
  throw new Error('the video pipeline did not settle');
}

describe('videos on S3 (s3rver)', () => {
  it('a tus upload in two parts, scanned, downloaded by the admin byte for byte, edited, published and downloaded with Range', async () => {
    const { app, deps } = await createTestApp(database(), { config: { s3, dataDir: join(dir, 'data') } });
    expect(deps.files.kind).toBe('s3');
    const host = createClient(app);
    const hostAccount = await registerVerifiedUser(app, host, { userType: 'owner' });
    const admin = createClient(app);
    await createAdmin(deps, admin);

    const bytes = sampleMp4(Buffer.alloc(120_000, 5));
    const tus = tusClient(host);
    const created = await tus.create(bytes.length);
    expect(created.status, await created.clone().text()).toBe(201);
    const location = created.headers.get('location')!;
    expect((await tus.patch(location, 0, bytes.subarray(0, 50_000))).status).toBe(204);
    expect((await tus.offset(location)).headers.get('upload-offset')).toBe('50000');
    const done = await tus.patch(location, 50_000, bytes.subarray(50_000));
    expect(done.status).toBe(200);
    const video = v.parse(UploadedVideoSchema, await done.json());
    expect(await keys(`videos/quarantine/${video.videoId}/`)).toHaveLength(1);
    // Nothing but the quarantined file in the bucket: tus stages on the server's disk.
    expect(await keys('videos/')).toEqual(await keys(`videos/quarantine/${video.videoId}/`));
    // Finished: HEAD says so (the whole length), from the record, the staging copy gone.
    expect((await tus.offset(location)).headers.get('upload-offset')).toBe(String(bytes.length));

    await runPipeline(deps);
    const pending = v.parse(
      PendingVideosResponseSchema,
      await (await admin.request('/api/admin/pending-videos')).json(),
    ).videos;
    expect(pending.find((p) => p.videoId === video.videoId)?.status).toBe('pending_review');
    const download = await admin.request(`/api/admin/download-video/${hostAccount.user.id}/${video.fileName}`);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(bytes)).toBe(true);

    const edited = sampleMov('z'.repeat(40_000));
    const res = await admin.request(`/api/admin/upload-edited-video/${hostAccount.user.id}`, {
      method: 'POST',
      body: videoForm('editedVideo', [{ bytes: edited, name: 'final.mov', type: 'video/quicktime' }], {
        originalFileName: video.fileName,
      }),
    });
    expect(res.status).toBe(201);
    await runPipeline(deps);
    expect(await keys(`videos/approved/${hostAccount.user.id}/`)).toEqual([
      `videos/approved/${hostAccount.user.id}/${video.videoId}.mov`,
    ]);
    const [mine] = v.parse(
      ApprovedVideosResponseSchema,
      await (await host.request('/api/user/approved-videos')).json(),
    ).videos;
    const part = await host.request(mine!.streamUrl, { headers: { range: 'bytes=1000-1999' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 1000-1999/${edited.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(edited.subarray(1000, 2000))).toBe(true);
    const other = createClient(app);
    await registerUser(other);
    expect((await other.request(`/api/user/download-video/${mine!.fileName}`)).status).toBe(404);
  });

  it('an infected multipart upload is never downloadable, a renamed photo leaves no object', async () => {
    const { app, deps } = await createTestApp(database(), { config: { s3, dataDir: join(dir, 'data') } });
    const host = createClient(app);
    const hostAccount = await registerVerifiedUser(app, host, { userType: 'owner' });
    const admin = createClient(app);
    await createAdmin(deps, admin);
    const infected = await uploadVideo(host, sampleMp4(`x ${EICAR} y`));
    await runPipeline(deps);
    expect((await admin.request(`/api/admin/download-video/${hostAccount.user.id}/${infected.fileName}`)).status).toBe(
      409,
    );
    expect((await deps.outbox.listTo(hostAccount.email!)).map((m) => m.subject)).toContain(
      'Your video could not be accepted',
    );

    const before = await keys('videos/');
    const refused = await host.request('/api/upload/property-videos', {
      method: 'POST',
      body: videoForm('videos', [{ bytes: Buffer.from('\x89PNG\r\n\x1a\n not a video at all'), name: 'tour.mov' }]),
    });
    expect(refused.status).toBe(415);
    expect(await keys('videos/')).toEqual(before);
  });
});
