import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateBucketCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
// @ts-expect-error s3rver ships no types
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, registerUser } from '../../testing/accounts.ts';
import { approveListing, createListing, dataUrl, samplePhoto } from '../../testing/listings.ts';
import { createClient, createTestApp } from '../../testing/test-app.ts';
import { useMigratedDatabase } from '../../testing/use-test-database.ts';

const database = useMigratedDatabase();
let dir: string;
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
  dir = await mkdtemp(join(tmpdir(), 'efie-s3-app-'));
  server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir });
  const { port } = await (server as unknown as { run(): Promise<{ port: number }> }).run();
  s3 = {
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    bucket: 'efie-files',
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
  await rm(dir, { recursive: true, force: true });
});

const exists = (key: string) =>
  client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: key })).then(
    () => true,
    () => false,
  );

describe('photos on S3 (s3rver)', () => {
  it('uploads to the bucket, serves from it, and the admin’s permanent delete removes the objects', async () => {
    const { app, deps } = await createTestApp(database(), { config: { s3 } });
    expect(deps.files.kind).toBe('s3');
    const host = createClient(app);
    await registerUser(host, { userType: 'owner' });
    const admin = createClient(app);
    await createAdmin(deps, admin);
    const res = await host.request('/api/upload/property-images', {
      method: 'POST',
      json: { images: [dataUrl(await samplePhoto())] },
    });
    expect(res.status).toBe(201);
    const [url] = ((await res.json()) as { images: string[] }).images;
    const key = url!.replace('/files/', '');
    expect(await exists(key)).toBe(true);
    const renditions = ['-400.webp', '-800.webp', '-400.avif', '-800.avif', '-1200.avif'];
    for (const suffix of renditions) expect(await exists(key.replace('-1200.webp', suffix)), suffix).toBe(true);
    const served = await app.request(url!);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect((await served.arrayBuffer()).byteLength).toBeGreaterThan(100);
    const listing = await createListing(host, { images: [url!] });
    await approveListing(admin, listing.id);
    expect((await admin.request(`/api/admin/properties/${listing.id}`, { method: 'DELETE' })).status).toBe(200);
    expect(await exists(key)).toBe(false);
    for (const suffix of renditions) expect(await exists(key.replace('-1200.webp', suffix)), suffix).toBe(false);
    expect((await app.request(url!)).status).toBe(404);
  });
});
