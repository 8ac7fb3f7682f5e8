import { createWriteStream } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { registerUser, registerVerifiedUser } from '../../testing/accounts.ts';
import { expectError } from '../../testing/errors.ts';
import { createListing, dataUrl, samplePhoto } from '../../testing/listings.ts';
import { sampleMp4, uploadVideo, videoForm } from '../../testing/videos.ts';
import { createClient, createTestApp } from '../../testing/test-app.ts';
import { useMigratedDatabase } from '../../testing/use-test-database.ts';
import { createApp } from '../app.ts';
import type { FileStorage } from '../files/file-storage.ts';

// Issue 32: a full disk for uploads answers 507 and loses nothing else. The disk is Linux's
// /dev/full, which refuses every write with the kernel's own ENOSPC: the storage below writes
// each file there, as a local disk that has run out of room would.

const database = useMigratedDatabase();
const dataDirs: string[] = [];
afterAll(async () => {
  await Promise.all(dataDirs.map((d) => rm(d, { recursive: true, force: true })));
});

/** The app's own storage, except that every file is written to /dev/full. */
const onAFullDisk = (files: FileStorage): FileStorage => ({
  kind: files.kind,
  get: (key, range) => files.get(key, range),
  delete: (key) => files.delete(key),
  put: async (_key, body) =>
    pipeline(body instanceof Uint8Array ? Readable.from([body]) : body, createWriteStream('/dev/full')),
});

describe('a full disk for uploads', () => {
  it('answers a photo upload 507 storage_full, keeps nothing of it, and everything else goes on; once there is room the same upload is stored', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'efie-full-disk-'));
    dataDirs.push(dataDir);
    const { deps } = await createTestApp(database(), { config: { dataDir } });
    const full = createApp({ ...deps, files: onAFullDisk(deps.files) });
    const host = createClient(full);
    await registerUser(host, { userType: 'owner' });
    const photo = dataUrl(await samplePhoto());

    const refused = await host.request('/api/upload/property-images', { method: 'POST', json: { images: [photo] } });
    expect((await expectError(refused, 507, 'storage_full')).error).toMatch(/no room/);
    // Nothing of it stored, and nothing left in the staging folder.
    expect(await readdir(join(dataDir, 'files', 'images')).catch(() => [])).toEqual([]);
    expect(await readdir(join(dataDir, 'photo-uploads')).catch(() => [])).toEqual([]);

    // The rest of the app does not need the disk: a listing is saved, and search answers.
    const listing = await createListing(host);
    expect(listing.id).toEqual(expect.any(String));
    expect((await host.request('/api/properties/search?location=Accra')).status).toBe(200);

    // Room again: the same upload, on the same account, is stored.
    const roomy = createClient(createApp(deps));
    roomy.cookies.clear();
    for (const [name, value] of host.cookies) roomy.cookies.set(name, value);
    const stored = await roomy.request('/api/upload/property-images', { method: 'POST', json: { images: [photo] } });
    expect(stored.status).toBe(201);
    expect((await readdir(join(dataDir, 'files', 'images'))).length).toBe(6);
  });

  it('answers a video upload 507 storage_full, records no video, and takes the next upload once there is room', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'efie-full-disk-'));
    dataDirs.push(dataDir);
    const { app, deps } = await createTestApp(database(), { config: { dataDir } });
    const host = createClient(app);
    await registerVerifiedUser(app, host, { userType: 'owner' });
    const onFull = createClient(createApp({ ...deps, files: onAFullDisk(deps.files) }));
    for (const [name, value] of host.cookies) onFull.cookies.set(name, value);

    const refused = await onFull.request('/api/upload/property-videos', {
      method: 'POST',
      body: videoForm('videos', [{ bytes: sampleMp4(), name: 'tour.mp4' }]),
    });
    await expectError(refused, 507, 'storage_full');
    expect((await (await host.request('/api/user/approved-videos')).json()) as unknown).toEqual({ videos: [] });

    const taken = await uploadVideo(host, sampleMp4(), { name: 'tour.mp4' });
    expect(taken.videoId).toEqual(expect.any(String));
  });
});
