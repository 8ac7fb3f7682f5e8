import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { ErrorBodySchema } from '../contract/error.schema.ts';
import { MAX_VIDEO_BYTES } from '../../events/video/video.policy.ts';
import { videoStreamId } from '../../events/video/video.events.ts';
import {
  ApprovedVideosResponseSchema,
  EditedVideoResponseSchema,
  ListingVideosResponseSchema,
  PendingVideosResponseSchema,
  UploadedVideoSchema,
  VIDEO_TUS_PATH,
  type PendingVideo,
} from '../contract/videos.schema.ts';
import type { AppDeps } from '../app-deps.ts';
import { createAdmin, registerUser, registerVerifiedUser } from '../../testing/accounts.ts';
import { CLAMSCAN_BIN, EICAR, EICAR_INSIDE_SIGNATURE, makeSignatureDatabase } from '../../testing/clamav.ts';
import { approveListing, createListing, samplePhoto } from '../../testing/listings.ts';
import { drainSubscription } from '../../testing/settled-read.ts';
import { createClient, createTestApp } from '../../testing/test-app.ts';
import { useMigratedDatabase } from '../../testing/use-test-database.ts';
import { runVideoPipeline, sampleMov, sampleMp4, tusClient, uploadVideo, videoForm } from '../../testing/videos.ts';
import { createLogger } from '../logger.ts';
import { createClamscanScanner } from './clamscan-scanner.ts';
import { NO_SIGNATURE_DATABASE } from './scanner-problems.ts';
import { createTusVideoUploads, FINISHED_UPLOAD_TTL_MS } from './tus-uploads.ts';
import { videoScanQueue } from './scan-queue.subscription.ts';
import { createVideoScanWorker } from './scan-worker.ts';
import type { VirusScanner } from './virus-scanner.ts';

// The video calls through the real app, on the test database (PGlite or
// PostgreSQL), files on disk, scans by the real clamscan with a signature
// database made here. The background pipeline is driven step by step.

const database = useMigratedDatabase();
let dir: string;
let signatures: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'efie-videos-'));
  signatures = await makeSignatureDatabase(join(dir, 'signatures'), { eicarInside: true });
});
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function setup() {
  const dataDir = join(dir, randomUUID());
  const { app, deps } = await createTestApp(database(), { config: { dataDir } });
  const host = createClient(app);
  const hostAccount = await registerVerifiedUser(app, host, {
    userType: 'owner',
    firstName: 'Kofi',
    lastName: 'Boateng',
  });
  const admin = createClient(app);
  await createAdmin(deps, admin);
  return { app, deps, dataDir, host, hostAccount, admin };
}

const clamscan = () => createClamscanScanner({ path: CLAMSCAN_BIN, database: signatures });

/** The server's background pipeline, with the real clamscan unless told otherwise. */
const runPipeline = (deps: AppDeps, scanner: VirusScanner = clamscan()) => runVideoPipeline(deps, scanner);

async function pending(admin: ReturnType<typeof createClient>): Promise<PendingVideo[]> {
  const res = await admin.request('/api/admin/pending-videos');
  expect(res.status).toBe(200);
  return v.parse(PendingVideosResponseSchema, await res.json()).videos;
}

const bytesOf = async (res: Response) => Buffer.from(await res.arrayBuffer());

/**
 * Every file under the data directory's videos/, as paths relative to it. The folder is made by
 * the first video stored, so only its absence reads as none; the first test shows this is the
 * folder the storage writes to (a wrong path would otherwise pass every "stores nothing" check).
 */
async function storedVideoFiles(dataDir: string): Promise<string[]> {
  const root = join(dataDir, 'files', 'videos');
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    },
  );
  return entries
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name).slice(root.length + 1))
    .sort();
}

describe('a clean video from upload to the owner (local disk)', () => {
  it('goes through scan → pending → admin download → edited upload → scan → the owner’s download with Range, and nobody else reaches it', async () => {
    const { app, deps, dataDir, host, hostAccount, admin } = await setup();
    const listing = await createListing(host, { title: 'Two-bedroom flat in Osu' });
    const original = sampleMp4(Buffer.alloc(50_000, 7));

    const uploaded = await uploadVideo(host, original, { name: 'IMG_0042.mp4', propertyId: listing.id });
    // Where storedVideoFiles looks is where the upload went: the refusal tests' empty lists mean something.
    expect(await storedVideoFiles(dataDir)).toEqual([
      expect.stringMatching(new RegExp(`^quarantine/${uploaded.videoId}/[^/]+\\.mp4$`)),
    ]);
    expect(v.parse(UploadedVideoSchema, uploaded)).toMatchObject({
      originalName: 'IMG_0042.mp4',
      status: 'pending_scan',
      fileSize: original.length,
      propertyId: listing.id,
    });
    expect(uploaded.fileName).toBe(`${uploaded.videoId}.mp4`);
    expect((await pending(admin)).find((p) => p.videoId === uploaded.videoId)?.status).toBe('pending_scan');
    // Not scanned yet: no download.
    const early = await admin.request(`/api/admin/download-video/${hostAccount.user.id}/${uploaded.fileName}`);
    expect(early.status).toBe(409);

    await runPipeline(deps);
    const [row] = (await pending(admin)).filter((p) => p.videoId === uploaded.videoId);
    expect(row).toMatchObject({
      status: 'pending_review',
      userId: hostAccount.user.id,
      uploaderName: 'Kofi Boateng',
      propertyId: listing.id,
      propertyTitle: 'Two-bedroom flat in Osu',
      fileSize: original.length,
      originalName: 'IMG_0042.mp4',
    });

    const download = await admin.request(`/api/admin/download-video/${hostAccount.user.id}/${row!.fileName}`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('video/mp4');
    expect(download.headers.get('content-disposition')).toContain('attachment; filename="IMG_0042.mp4"');
    expect((await bytesOf(download)).equals(original)).toBe(true);

    // Only admins: the host and a visitor are refused.
    expect((await host.request(`/api/admin/download-video/${hostAccount.user.id}/${row!.fileName}`)).status).toBe(403);
    expect((await createClient(app).request('/api/admin/pending-videos')).status).toBe(401);
    expect((await host.request('/api/admin/pending-videos')).status).toBe(403);

    const edited = sampleMov('x'.repeat(30_000));
    const editedRes = await admin.request(`/api/admin/upload-edited-video/${hostAccount.user.id}`, {
      method: 'POST',
      body: videoForm('editedVideo', [{ bytes: edited, name: 'tour-final.mov', type: 'video/quicktime' }], {
        originalFileName: row!.fileName,
      }),
    });
    expect(editedRes.status).toBe(201);
    expect(v.parse(EditedVideoResponseSchema, await editedRes.json())).toMatchObject({
      videoId: uploaded.videoId,
      status: 'edited_pending_scan',
    });
    // Not the owner's until the edited file is scanned and published.
    expect(
      v.parse(ApprovedVideosResponseSchema, await (await host.request('/api/user/approved-videos')).json()).videos,
    ).toEqual([]);

    await runPipeline(deps);
    expect((await pending(admin)).some((p) => p.videoId === uploaded.videoId)).toBe(false);
    const mine = v.parse(
      ApprovedVideosResponseSchema,
      await (await host.request('/api/user/approved-videos')).json(),
    ).videos;
    expect(mine).toEqual([
      expect.objectContaining({
        videoId: uploaded.videoId,
        fileName: `${uploaded.videoId}.mov`,
        fileSize: edited.length,
        propertyId: listing.id,
      }),
    ]);
    // Issue 28: the owner sees the name they gave it, and saves it under that name with the edited file's type.
    expect(mine[0]!.originalName).toBe('IMG_0042.mp4');

    const whole = await host.request(`/api/user/download-video/${mine[0]!.fileName}`);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('video/quicktime');
    expect(whole.headers.get('content-disposition')).toBe(
      `attachment; filename="IMG_0042.mov"; filename*=UTF-8''IMG_0042.mov`,
    );
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect((await bytesOf(whole)).equals(edited)).toBe(true);
    const part = await host.request(mine[0]!.streamUrl, { headers: { range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${edited.length}`);
    expect(part.headers.get('content-disposition')).toMatch(/^inline/);
    expect((await bytesOf(part)).equals(edited.subarray(100, 200))).toBe(true);
    const tail = await host.request(mine[0]!.streamUrl, { headers: { range: 'bytes=-10' } });
    expect(tail.status).toBe(206);
    expect((await bytesOf(tail)).equals(edited.subarray(edited.length - 10))).toBe(true);
    expect((await host.request(mine[0]!.streamUrl, { headers: { range: `bytes=${edited.length}-` } })).status).toBe(
      416,
    );

    // Another signed-in person: not theirs, not found; signed out: 401.
    const other = createClient(app);
    await registerUser(other);
    expect((await other.request(`/api/user/download-video/${mine[0]!.fileName}`)).status).toBe(404);
    expect(
      v.parse(ApprovedVideosResponseSchema, await (await other.request('/api/user/approved-videos')).json()).videos,
    ).toEqual([]);
    expect((await createClient(app).request(`/api/user/download-video/${mine[0]!.fileName}`)).status).toBe(401);

    // On the listing's page: nobody but the owner and admins while it waits for approval, everyone once it is live.
    const visitor = createClient(app);
    expect((await visitor.request(`/api/properties/${listing.id}/videos`)).status).toBe(404);
    await approveListing(admin, listing.id);
    const shown = v.parse(
      ListingVideosResponseSchema,
      await (await visitor.request(`/api/properties/${listing.id}/videos`)).json(),
    ).videos;
    expect(shown).toEqual([
      {
        videoId: uploaded.videoId,
        streamUrl: `/api/properties/${listing.id}/videos/${uploaded.videoId}.mov`,
        contentType: 'video/quicktime',
        fileSize: edited.length,
      },
    ]);
    const played = await visitor.request(shown[0]!.streamUrl, { headers: { range: 'bytes=0-19' } });
    expect(played.status).toBe(206);
    expect((await bytesOf(played)).equals(edited.subarray(0, 20))).toBe(true);
  });

  it('tells the owner by e-mail when the video is ready', async () => {
    const { deps, host, hostAccount, admin } = await setup();
    const uploaded = await uploadVideo(host, sampleMp4());
    await runPipeline(deps);
    const res = await admin.request(`/api/admin/upload-edited-video/${hostAccount.user.id}`, {
      method: 'POST',
      body: videoForm('editedVideo', [{ bytes: sampleMp4('edited'), name: 'final.mp4' }], {
        originalFileName: uploaded.fileName,
      }),
    });
    expect(res.status).toBe(201);
    await runPipeline(deps);
    const messages = await deps.outbox.listTo(hostAccount.email!);
    expect(messages.map((m) => m.subject)).toContain('Your video is ready');
  });
});

describe('an infected video', () => {
  it('is marked infected, never downloadable, never edited or approved, and its uploader is told', async () => {
    const { deps, host, hostAccount, admin } = await setup();
    const uploaded = await uploadVideo(host, sampleMp4(`opening frames ${EICAR} closing frames`), {
      name: 'walkthrough.mp4',
    });
    await runPipeline(deps);
    const [row] = (await pending(admin)).filter((p) => p.videoId === uploaded.videoId);
    expect(row).toMatchObject({ status: 'infected', infectedSignature: EICAR_INSIDE_SIGNATURE });
    const download = await admin.request(`/api/admin/download-video/${hostAccount.user.id}/${uploaded.fileName}`);
    expect(download.status).toBe(409);
    expect(await download.json()).toMatchObject({ code: 'video_not_clean' });
    const edit = await admin.request(`/api/admin/upload-edited-video/${hostAccount.user.id}`, {
      method: 'POST',
      body: videoForm('editedVideo', [{ bytes: sampleMp4('clean edit'), name: 'edit.mp4' }], {
        originalFileName: uploaded.fileName,
      }),
    });
    expect(edit.status).toBe(409);
    expect(await edit.json()).toMatchObject({ code: 'video_not_ready_for_edit' });
    expect((await host.request(`/api/user/download-video/${uploaded.fileName}`)).status).toBe(404);
    expect(
      v.parse(ApprovedVideosResponseSchema, await (await host.request('/api/user/approved-videos')).json()).videos,
    ).toEqual([]);
    const told = await deps.outbox.listTo(hostAccount.email!);
    expect(told.find((m) => m.subject === 'Your video could not be accepted')?.text).toContain(
      '"walkthrough.mp4" was not accepted',
    );
  });
});

describe('refusals change nothing', () => {
  it('refuses a renamed photo with 415 and stores nothing', async () => {
    const { deps, dataDir, host } = await setup();
    const before = await deps.db.query<{ n: number }>(
      `select count(*)::int as n from events where stream_id like 'video-%'`,
    );
    const res = await host.request('/api/upload/property-videos', {
      method: 'POST',
      body: videoForm('videos', [{ bytes: await samplePhoto('jpeg', 200, 100), name: 'tour.mp4' }]),
    });
    expect(res.status).toBe(415);
    expect(await res.json()).toMatchObject({
      code: 'video_type_unsupported',
      error: 'Videos must be MP4, MOV or AVI files.',
    });
    expect(await storedVideoFiles(dataDir)).toEqual([]);
    expect(await deps.db.query(`select count(*)::int as n from events where stream_id like 'video-%'`)).toEqual(before);
  });

  it('refuses 100 MB + 1 byte with 413 and keeps nothing of it, and a good file beside a bad one records neither', async () => {
    const { deps, dataDir, host } = await setup();
    const head = sampleMp4();
    const oversized = new Blob([new Uint8Array(head), new Uint8Array(MAX_VIDEO_BYTES + 1 - head.length)]);
    const form = new FormData();
    form.append('videos', oversized, 'long-tour.mp4');
    const res = await host.request('/api/upload/property-videos', { method: 'POST', body: form });
    expect(oversized.size).toBe(MAX_VIDEO_BYTES + 1);
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: 'video_too_large' });
    expect(await storedVideoFiles(dataDir)).toEqual([]);

    const mixed = await host.request('/api/upload/property-videos', {
      method: 'POST',
      body: videoForm('videos', [
        { bytes: sampleMp4('fine'), name: 'good.mp4' },
        { bytes: Buffer.from('GIF89a not a video'), name: 'bad.mp4' },
      ]),
    });
    expect(mixed.status).toBe(415);
    expect(await storedVideoFiles(dataDir)).toEqual([]);
    expect(await deps.db.query(`select count(*)::int as n from events where stream_id like 'video-%'`)).toEqual([
      { n: 0 },
    ]);
  });

  it('refuses a listing that is not the caller’s, signed-out uploads, no file, and the wrong media type', async () => {
    const { app, dataDir, host, admin } = await setup();
    const stranger = createClient(app);
    await registerVerifiedUser(app, stranger, { userType: 'owner' });
    const theirs = await createListing(stranger);
    const toTheirs = () =>
      host.request('/api/upload/property-videos', {
        method: 'POST',
        body: videoForm('videos', [{ bytes: sampleMp4(), name: 'a.mp4' }], { propertyId: theirs.id }),
      });
    // Waiting for approval, their listing does not exist for the host: 404, as for a missing one.
    const hidden = await toTheirs();
    expect(hidden.status).toBe(404);
    expect(await hidden.json()).toMatchObject({ code: 'property_not_found' });
    await approveListing(admin, theirs.id);
    const foreign = await toTheirs();
    expect(foreign.status).toBe(403);
    const missing = await host.request('/api/upload/property-videos', {
      method: 'POST',
      body: videoForm('videos', [{ bytes: sampleMp4(), name: 'a.mp4' }], { propertyId: randomUUID() }),
    });
    expect(missing.status).toBe(404);
    expect(
      (
        await createClient(app).request('/api/upload/property-videos', {
          method: 'POST',
          body: videoForm('videos', [{ bytes: sampleMp4(), name: 'a.mp4' }]),
        })
      ).status,
    ).toBe(401);
    const none = await host.request('/api/upload/property-videos', {
      method: 'POST',
      body: videoForm('videos', [], { propertyId: '' }),
    });
    expect(none.status).toBe(400);
    expect(await none.json()).toMatchObject({ code: 'invalid_input' });
    const json = await host.request('/api/upload/property-videos', { method: 'POST', json: { videos: [] } });
    expect(json.status).toBe(415);
    expect(await storedVideoFiles(dataDir)).toEqual([]);
  });

  it('never trusts a file name in a path: traversal, other people’s videos and made-up names are 404', async () => {
    const { app, deps, host, hostAccount, admin } = await setup();
    const uploaded = await uploadVideo(host, sampleMp4());
    await runPipeline(deps);
    const other = createClient(app);
    const otherAccount = await registerUser(other);
    for (const path of [
      `/api/admin/download-video/${hostAccount.user.id}/..%2F..%2Fetc%2Fpasswd`,
      `/api/admin/download-video/${hostAccount.user.id}/${uploaded.videoId}.avi`,
      `/api/admin/download-video/${otherAccount.user.id}/${uploaded.fileName}`,
      `/api/admin/download-video/not-a-user/${uploaded.fileName}`,
      `/api/admin/download-video/${hostAccount.user.id}/${randomUUID()}.mp4`,
    ]) {
      const res = await admin.request(path);
      expect(res.status, path).toBe(404);
    }
    expect((await host.request('/api/user/download-video/..%2F..%2Fpackage.json')).status).toBe(404);
    // An edited version for a video under someone else's id: not found, nothing stored.
    const wrongOwner = await admin.request(`/api/admin/upload-edited-video/${otherAccount.user.id}`, {
      method: 'POST',
      body: videoForm('editedVideo', [{ bytes: sampleMp4('edit'), name: 'edit.mp4' }], {
        originalFileName: uploaded.fileName,
      }),
    });
    expect(wrongOwner.status).toBe(404);
    const host403 = await host.request(`/api/admin/upload-edited-video/${hostAccount.user.id}`, {
      method: 'POST',
      body: videoForm('editedVideo', [{ bytes: sampleMp4('edit'), name: 'edit.mp4' }], {
        originalFileName: uploaded.fileName,
      }),
    });
    expect(host403.status).toBe(403);
  });

  it('answers a retried upload with the same Idempotency-Key with the first video, recorded once', async () => {
    const { deps, host } = await setup();
    const send = () =>
      host.request('/api/upload/property-videos', {
        method: 'POST',
        headers: { 'idempotency-key': 'video-retry-1' },
        body: videoForm('videos', [{ bytes: sampleMp4('same'), name: 'same.mp4' }]),
      });
    const first = await send();
    expect(first.status).toBe(201);
    const second = await send();
    expect(second.status).toBe(201);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(await second.json()).toEqual(await first.json());
    expect(await deps.db.query(`select count(*)::int as n from videos`)).toEqual([{ n: 1 }]);
  });
});

describe('a scanner that is down', () => {
  it('leaves the video quarantined and shown as scan unavailable; a restarted worker with a scanner passes it, scanning it once', async () => {
    const { deps, host, hostAccount, admin } = await setup();
    const uploaded = await uploadVideo(host, sampleMp4());
    await runPipeline(deps, createClamscanScanner({ path: join(dir, 'no-clamscan-here'), database: signatures }));
    const [row] = (await pending(admin)).filter((p) => p.videoId === uploaded.videoId);
    expect(row).toMatchObject({ status: 'scan_unavailable' });
    expect(row!.lastScanError).toBeTruthy();
    expect(row!.nextScanAt).not.toBeNull();
    expect((await admin.request(`/api/admin/download-video/${hostAccount.user.id}/${uploaded.fileName}`)).status).toBe(
      409,
    );

    // The retry is due 30 s later: a new worker (a restarted server) with a working scanner.
    const later = new Date(Date.now() + 60_000);
    const worker = createVideoScanWorker({ ...deps, clock: () => later, scanner: clamscan() });
    expect(await worker.scanNext()).toBe('clean');
    expect(await worker.scanNext()).toBe('idle');
    expect((await pending(admin)).find((p) => p.videoId === uploaded.videoId)?.status).toBe('pending_review');
    const verdicts = (await deps.store.readStream(videoStreamId(uploaded.videoId))).map((e) => e.type);
    expect(verdicts).toEqual(['VideoUploaded', 'VideoScanFailed', 'VideoScannedClean']);
  });
});

describe('a scanner without a signature database (the default start on Debian, issue 28)', () => {
  it('tells the admin in plain words what to do and what happens to the video; LibClamAV’s own words go to the server log only', async () => {
    const { deps, host, admin } = await setup();
    const uploaded = await uploadVideo(host, sampleMp4(), { name: 'tour.mp4' });
    const emptyDatabase = join(dir, `empty-signatures-${randomUUID()}`);
    await mkdir(emptyDatabase);
    const lines: Record<string, unknown>[] = [];
    const log = createLogger({}, (line) => lines.push(JSON.parse(line) as Record<string, unknown>));
    await drainSubscription(deps.db, videoScanQueue);
    const worker = createVideoScanWorker({
      ...deps,
      scanner: createClamscanScanner({ path: CLAMSCAN_BIN, database: emptyDatabase }),
      log,
    });
    expect(await worker.scanNext()).toBe('failed');

    const res = await admin.request('/api/admin/pending-videos');
    const text = await res.text();
    const [row] = v
      .parse(PendingVideosResponseSchema, JSON.parse(text))
      .videos.filter((p) => p.videoId === uploaded.videoId);
    expect(row).toMatchObject({ status: 'scan_unavailable', lastScanError: NO_SIGNATURE_DATABASE });
    expect(row!.lastScanError).toContain('run freshclam');
    expect(row!.lastScanError).toContain('wait in quarantine, unscanned, and are scanned automatically once it works');
    expect(text).not.toMatch(/LibClamAV|cli_loaddbdir|clamscan exited/);
    // Nor in what the store keeps: the event holds the plain reason.
    const events = await deps.store.readStream(videoStreamId(uploaded.videoId));
    expect(JSON.stringify(events)).not.toMatch(/LibClamAV/);

    expect(lines).toContainEqual(
      expect.objectContaining({
        level: 'warn',
        message: 'video scan failed',
        videoId: uploaded.videoId,
        failure: 'unavailable',
        detail: expect.stringMatching(/LibClamAV Error: .*No supported database files/),
      }),
    );
  });
});

describe('resumable uploads (tus)', () => {
  it('resumes from the offset the server has after a cut, and records the video once it is complete', async () => {
    const { app, deps, host, hostAccount, dataDir } = await setup();
    const tus = tusClient(host);
    const bytes = sampleMp4(Buffer.alloc(200_000, 3));
    const created = await tus.create(bytes.length, { filename: 'C:\\phone\\DCIM\\tour.mp4', filetype: 'video/mp4' });
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    expect(location).toMatch(new RegExp(`^${VIDEO_TUS_PATH}/[0-9a-f-]{36}$`));

    const first = await tus.patch(location, 0, bytes.subarray(0, 80_000));
    expect(first.status).toBe(204);
    expect(first.headers.get('upload-offset')).toBe('80000');
    // The connection dropped: the client asks where to go on from.
    const head = await tus.offset(location);
    expect(head.status).toBe(200);
    expect(head.headers.get('upload-offset')).toBe('80000');
    // A wrong offset is refused (409), nothing written; tus's own refusals come in the contract's format.
    const wrongOffset = await tus.patch(location, 0, bytes.subarray(0, 10));
    expect(wrongOffset.status).toBe(409);
    expect(v.parse(ErrorBodySchema, await wrongOffset.json()).code).toBe('conflict');
    const noVersion = await host.request(location, {
      method: 'PATCH',
      headers: { 'content-type': 'application/offset+octet-stream', 'upload-offset': '80000' },
      body: new Uint8Array(bytes.subarray(80_000, 80_010)),
    });
    expect(noVersion.status).toBe(412);
    expect(v.parse(ErrorBodySchema, await noVersion.json())).toMatchObject({ code: 'unsupported_tus_version' });
    expect((await tus.offset(location)).headers.get('upload-offset')).toBe('80000');

    // Someone else cannot look at, resume or cancel it.
    const other = createClient(app);
    await registerUser(other);
    expect((await tusClient(other).offset(location)).status).toBe(404);
    expect((await tusClient(other).patch(location, 80_000, bytes.subarray(80_000))).status).toBe(404);
    expect((await other.request(location, { method: 'DELETE', headers: { 'tus-resumable': '1.0.0' } })).status).toBe(
      404,
    );
    // Nor can a signed-out caller; and GET (which would download the partial upload) is not offered.
    expect((await tusClient(createClient(app)).offset(location)).status).toBe(401);
    expect((await host.request(location)).status).toBe(404);

    const last = await tus.patch(location, 80_000, bytes.subarray(80_000));
    expect(last.status).toBe(200);
    const video = v.parse(UploadedVideoSchema, await last.json());
    expect(video).toMatchObject({ originalName: 'tour.mp4', fileSize: bytes.length, status: 'pending_scan' });
    await runPipeline(deps);
    expect(
      (await deps.db.query<{ status: string }>('select status from videos where id = $1', [video.videoId]))[0]?.status,
    ).toBe('pending_review');
    // The staging copy is gone once the video is in quarantine, but for 24 hours HEAD still says the
    // upload is complete (a client whose last answer was lost stops there), to its uploader only.
    const done = await tus.offset(location);
    expect(done.status).toBe(200);
    expect([done.headers.get('upload-offset'), done.headers.get('upload-length')]).toEqual([
      String(bytes.length),
      String(bytes.length),
    ]);
    expect(await readdir(join(dataDir, 'video-uploads'))).toEqual([]);
    expect((await tusClient(other).offset(location)).status).toBe(404);
    const dayLater = createTusVideoUploads({
      ...deps,
      clock: () => new Date(Date.now() + FINISHED_UPLOAD_TTL_MS + 60_000),
    });
    const stale = await dayLater.handle(
      new Request(`http://localhost${location}`, { method: 'HEAD', headers: { 'tus-resumable': '1.0.0' } }),
      {
        actor: { id: hostAccount.user.id, isAdmin: false },
        verified: true,
      },
    );
    expect(stale.status).toBe(404);
  });

  it('refuses an upload over 100 MB at creation, a renamed photo when it completes, and someone else’s listing', async () => {
    const { app, deps, dataDir, host, admin } = await setup();
    const tus = tusClient(host);
    const tooLong = await tus.create(MAX_VIDEO_BYTES + 1);
    expect(tooLong.status).toBe(413);
    const photo = await samplePhoto('png', 120, 80);
    const created = await tus.create(photo.length, { filename: 'tour.mp4', filetype: 'video/mp4' });
    const refused = await tus.patch(created.headers.get('location')!, 0, photo);
    expect(refused.status).toBe(415);
    expect(JSON.parse(await refused.text())).toMatchObject({ code: 'video_type_unsupported' });
    expect(await storedVideoFiles(dataDir)).toEqual([]);
    expect((await tus.offset(created.headers.get('location')!)).status).toBe(404);

    const stranger = createClient(app);
    await registerVerifiedUser(app, stranger, { userType: 'owner' });
    const theirs = await createListing(stranger);
    const toTheirs = () => tus.create(100, { filename: 'a.mp4', filetype: 'video/mp4', propertyId: theirs.id });
    // Not live yet: hidden (404), as a missing listing; once live, someone else's (403).
    expect((await toTheirs()).status).toBe(404);
    await approveListing(admin, theirs.id);
    expect((await toTheirs()).status).toBe(403);
    expect(await deps.db.query('select count(*)::int as n from videos')).toEqual([{ n: 0 }]);
  });
});
