import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_VIDEO_BYTES } from '../../events/video/video.policy.ts';
import { PendingVideosResponseSchema } from '../contract/videos.schema.ts';
import { createAdmin, registerUser, registerVerifiedUser } from '../../testing/accounts.ts';
import { createListing } from '../../testing/listings.ts';
import { createClient, createTestApp } from '../../testing/test-app.ts';
import { useMigratedDatabase } from '../../testing/use-test-database.ts';
import { sampleMp4, tusClient, uploadVideo, videoForm } from '../../testing/videos.ts';
import { INCOMPLETE_UPLOAD_TTL_MS } from './tus-uploads.ts';

// The bounds on video uploads (issue 27) through the real app, on the test database.

const MB = 1024 * 1024;
const database = useMigratedDatabase();
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'efie-video-quota-'));
});
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function setup() {
  const dataDir = join(dir, randomUUID());
  let now = new Date();
  const { app, deps } = await createTestApp(database(), { config: { dataDir }, clock: () => now });
  const host = createClient(app);
  const account = await registerVerifiedUser(app, host, { userType: 'owner', firstName: 'Kofi', lastName: 'Boateng' });
  return { app, deps, dataDir, host, account, later: (ms: number) => (now = new Date(now.getTime() + ms)) };
}

const videoCount = async (db: ReturnType<typeof database>) =>
  (await db.query<{ n: number }>('select count(*)::int as n from videos'))[0]!.n;

describe('who may upload a video', () => {
  it('refuses an account with no verified e-mail or phone (403), by tus and by multipart, storing nothing', async () => {
    const { app, deps, dataDir } = await setup();
    const unverified = createClient(app);
    await registerUser(unverified, { userType: 'owner' });
    const created = await tusClient(unverified).create(1000);
    expect(created.status).toBe(403);
    const expected = {
      error: 'Verify your e-mail address or phone number before uploading videos (Account settings).',
      code: 'verification_required',
    };
    expect(JSON.parse(await created.text())).toEqual(expected);
    const form = await unverified.request('/api/upload/property-videos', {
      method: 'POST',
      body: videoForm('videos', [{ bytes: sampleMp4(), name: 'a.mp4' }]),
    });
    expect(form.status).toBe(403);
    expect(await form.json()).toEqual(expected);
    expect(await videoCount(deps.db)).toBe(0);
    expect(await readdir(join(dataDir, 'video-uploads'))).toEqual([]);
  });
});

describe('uploads at once and bytes waiting, per account', () => {
  it('allows 3 uploads in flight; the 4th is a 429 with Retry-After until one finishes or is cancelled; another account is not held up', async () => {
    const { app, host } = await setup();
    const tus = tusClient(host);
    const locations: string[] = [];
    for (let i = 0; i < 3; i++) {
      const created = await tus.create(10 * MB);
      expect(created.status).toBe(201);
      locations.push(created.headers.get('location')!);
    }
    const fourth = await tus.create(10 * MB);
    expect(fourth.status).toBe(429);
    expect(fourth.headers.get('retry-after')).toBe('60');
    expect(JSON.parse(await fourth.text())).toEqual({
      error: 'You already have 3 video uploads in progress. Let one finish, or cancel one, then try again.',
      code: 'too_many_uploads',
    });
    const form = await host.request('/api/upload/property-videos', {
      method: 'POST',
      body: videoForm('videos', [{ bytes: sampleMp4(), name: 'a.mp4' }]),
    });
    expect(form.status).toBe(429);

    const neighbour = createClient(app);
    await registerVerifiedUser(app, neighbour, { userType: 'owner' });
    expect((await tusClient(neighbour).create(10 * MB)).status).toBe(201);

    // One is cancelled: a place is free again.
    expect(
      (await host.request(locations[0]!, { method: 'DELETE', headers: { 'tus-resumable': '1.0.0' } })).status,
    ).toBe(204);
    expect((await tus.create(10 * MB)).status).toBe(201);
    expect((await tus.create(10 * MB)).status).toBe(429);
    // One finishes: its place is free, and its bytes now wait for review.
    const bytes = sampleMp4(Buffer.alloc(50_000, 1));
    const small = await tus.create(bytes.length).catch(() => undefined);
    expect(small?.status).toBe(429);
    expect(
      (await host.request(locations[1]!, { method: 'DELETE', headers: { 'tus-resumable': '1.0.0' } })).status,
    ).toBe(204);
    const last = await tus.create(bytes.length);
    expect((await tus.patch(last.headers.get('location')!, 0, bytes)).status).toBe(200);
    expect((await tus.create(10 * MB)).status).toBe(201);
  });

  it('refuses an upload that would take the bytes waiting past 300 MB (413), counting uploads in flight and videos not yet reviewed', async () => {
    const { deps, host } = await setup();
    const tus = tusClient(host);
    // 1 video waiting (a small one), 2 uploads of 100 MB in flight: 200 MB and a bit.
    await uploadVideo(host, sampleMp4(Buffer.alloc(4000, 2)));
    for (let i = 0; i < 2; i++) expect((await tus.create(MAX_VIDEO_BYTES)).status).toBe(201);
    const over = await tus.create(MAX_VIDEO_BYTES);
    expect(over.status).toBe(413);
    expect(JSON.parse(await over.text())).toEqual({
      error:
        'You have 200 MB of videos waiting for review, and at most 300 MB can wait at once. Upload more once our team has reviewed them.',
      code: 'video_quota_exceeded',
    });
    // What fits still goes in.
    expect((await tus.create(MAX_VIDEO_BYTES - 10_000)).status).toBe(201);
    expect(await videoCount(deps.db)).toBe(1);
  });

  it('expires an unfinished upload after 24 hours: its staged bytes are removed, HEAD is a 404 and its place is free', async () => {
    const { deps, dataDir, host, later } = await setup();
    const tus = tusClient(host);
    const locations: string[] = [];
    for (let i = 0; i < 3; i++) {
      const created = await tus.create(200_000);
      locations.push(created.headers.get('location')!);
      expect((await tus.patch(locations[i]!, 0, sampleMp4(Buffer.alloc(50_000, 4)))).status).toBe(204);
    }
    expect((await tus.create(1000)).status).toBe(429);
    // A day passes (tus dates its uploads by the wall clock: the first is made a day older).
    const staging = join(dataDir, 'video-uploads');
    const id = locations[0]!.split('/').pop()!;
    const info = JSON.parse(await readFile(join(staging, `${id}.json`), 'utf8')) as { creation_date: string };
    await writeFile(
      join(staging, `${id}.json`),
      JSON.stringify({
        ...info,
        creation_date: new Date(Date.now() - INCOMPLETE_UPLOAD_TTL_MS - 60_000).toISOString(),
      }),
    );
    later(INCOMPLETE_UPLOAD_TTL_MS / 2);
    expect(await deps.videoUploads.deleteExpired()).toBe(1);
    expect((await readdir(staging)).filter((f) => f.startsWith(id))).toEqual([]);
    expect((await tus.offset(locations[0]!)).status).toBe(404);
    expect((await tus.offset(locations[1]!)).status).toBe(200);
    // Its place in the quota went with it; the others' places go when their 24 hours are over.
    expect((await tus.create(1000)).status).toBe(201);
    expect((await tus.create(1000)).status).toBe(429);
    later(INCOMPLETE_UPLOAD_TTL_MS / 2 + 60_000);
    expect((await tus.create(1000)).status).toBe(201);
  });
});

describe('the admin’s pending list', () => {
  it('pages, newest first, 20 a page unless limit says, with the total; a bad page is a 400', async () => {
    const { app, deps, host, later } = await setup();
    const admin = createClient(app);
    await createAdmin(deps, admin);
    const listing = await createListing(host);
    const uploaded: string[] = [];
    // 23 videos of one host, spread over time (the quota allows 300 MB waiting, each is tiny).
    for (let i = 0; i < 23; i++) {
      uploaded.push((await uploadVideo(host, sampleMp4(`tour number ${i}`), { propertyId: listing.id })).videoId);
      later(1000);
    }
    const page = async (query: string) => {
      const res = await admin.request(`/api/admin/pending-videos${query}`);
      expect(res.status).toBe(200);
      return v.parse(PendingVideosResponseSchema, await res.json());
    };
    const first = await page('');
    expect([first.total, first.page, first.pageSize, first.videos.length]).toEqual([23, 1, 20, 20]);
    expect(first.videos.map((video) => video.videoId)).toEqual(uploaded.slice(3).reverse());
    const second = await page('?page=2');
    expect(second.videos.map((video) => video.videoId)).toEqual(uploaded.slice(0, 3).reverse());
    expect((await page('?page=3&limit=10')).videos.map((video) => video.videoId)).toEqual(
      uploaded.slice(0, 3).reverse(),
    );
    for (const bad of ['?page=0', '?limit=101', '?page=x']) {
      const res = await admin.request(`/api/admin/pending-videos${bad}`);
      expect(res.status, bad).toBe(400);
      expect(await res.json(), bad).toMatchObject({ code: 'invalid_input' });
    }
  });
});
