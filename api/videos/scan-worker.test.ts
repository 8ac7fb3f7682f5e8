import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Actor } from '../../events/actor.ts';
import { readModels } from '../../events/read-models.ts';
import { handleCommand } from '../../events/store/command-handler.ts';
import { createEventStore, type EventStore } from '../../events/store/event-store.ts';
import { createProjectionSet } from '../../events/store/projections.ts';
import { userStreamId } from '../../events/user/user.events.ts';
import { videoAggregate, type ScanVerdict } from '../../events/video/video.decider.ts';
import { videoStreamId } from '../../events/video/video.events.ts';
import { approvedKeyFor, quarantineKeyFor } from '../../events/video/video.policy.ts';
import type { FileStorage } from '../files/file-storage.ts';
import { createLocalDiskStorage } from '../files/local-disk-storage.ts';
import { createOutbox } from '../outbox/outbox.ts';
import { CLAMSCAN_BIN, EICAR, EICAR_SIGNATURE, makeSignatureDatabase } from '../../testing/clamav.ts';
import { useMigratedDatabase } from '../../testing/use-test-database.ts';
import { createClamscanScanner } from './clamscan-scanner.ts';
import { NO_SCANNER_INSTALLED } from './scanner-problems.ts';
import { videoScanQueue } from './scan-queue.subscription.ts';
import { createVideoScanWorker, SCAN_LEASE_MS } from './scan-worker.ts';
import type { VirusScanner } from './virus-scanner.ts';

// The scan queue and its worker with the real clamscan, on the test database
// (PGlite or PostgreSQL) and files on disk.

const database = useMigratedDatabase();
const projections = createProjectionSet(readModels);
let dir: string;
let signatures: string;
let files: FileStorage;
let store: EventStore;
let now: Date;
const clock = () => now;

const owner = { id: randomUUID(), isAdmin: false };
const admin = { id: randomUUID(), isAdmin: true };
const ownerEmail = 'ama@example.com';
const CLEAN = Buffer.from('a walk-through of a two-bedroom flat in Osu, as an ordinary file');

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'efie-scan-worker-'));
  signatures = await makeSignatureDatabase(join(dir, 'signatures'));
});
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});
beforeEach(async () => {
  now = new Date('2026-11-23T10:00:00.000Z');
  files = createLocalDiskStorage(join(dir, `files-${randomUUID()}`));
  store = createEventStore(database(), { project: projections.applyInline });
  await store.append(userStreamId(owner.id), 'no_stream', [
    {
      type: 'UserRegistered',
      data: {
        userId: owner.id,
        email: ownerEmail,
        phone: null,
        firstName: 'Ama',
        lastName: 'Mensah',
        userType: 'owner',
        businessName: null,
        passwordHash: 'not-a-real-hash',
        registeredAt: now.toISOString(),
      },
    },
  ]);
});

/** A scanner that counts the files it was given. */
function counting(scanner: VirusScanner) {
  const counter = {
    scans: 0,
    scanner: {
      name: scanner.name,
      scan: (s: Parameters<VirusScanner['scan']>[0]) => {
        counter.scans += 1;
        return scanner.scan(s);
      },
    },
  };
  return counter;
}
const clamscan = () => counting(createClamscanScanner({ path: CLAMSCAN_BIN, database: signatures }));

function workerWith(scanner: VirusScanner) {
  return createVideoScanWorker({
    db: database(),
    store,
    files,
    scanner,
    outbox: createOutbox(database(), clock),
    clock,
  });
}

/** What the subscription does for these events, in a transaction of its own (as a batch would). */
async function feedQueue(videoId: string) {
  const events = (await store.readStream(videoStreamId(videoId))).filter((e) => videoScanQueue.types!.includes(e.type));
  await database().transaction((tx) => videoScanQueue.handle(tx, events));
}

async function upload(bytes: Uint8Array, by: Actor = owner): Promise<{ videoId: string; key: string }> {
  const videoId = randomUUID();
  const key = quarantineKeyFor(videoId, randomUUID(), 'video/mp4');
  await files.put(key, bytes, 'video/mp4');
  await handleCommand(store, videoAggregate, videoStreamId(videoId), {
    type: 'UploadVideo',
    videoId,
    actor: by,
    propertyId: null,
    at: now.toISOString(),
    upload: { originalName: 'tour.mp4', size: bytes.length, contentType: 'video/mp4', quarantineKey: key },
  });
  await feedQueue(videoId);
  return { videoId, key };
}

/** The admin's edited version, stored in quarantine and recorded (not yet queued). */
async function uploadEdited(
  videoId: string,
  bytes: Buffer,
  contentType: 'video/mp4' | 'video/quicktime',
  originalName: string,
): Promise<string> {
  const editedKey = quarantineKeyFor(videoId, randomUUID(), contentType);
  await files.put(editedKey, bytes, contentType);
  await handleCommand(store, videoAggregate, videoStreamId(videoId), {
    type: 'UploadEditedVideo',
    actor: admin,
    at: now.toISOString(),
    upload: { originalName, size: bytes.length, contentType, quarantineKey: editedKey },
  });
  return editedKey;
}

const video = async (id: string) =>
  (
    await database().query<Record<string, unknown>>(
      `select status, scan_attempts, last_scan_error, next_scan_at, infected_signature, approved_key from videos where id = $1`,
      [id],
    )
  )[0];
const verdictEvents = async (id: string) =>
  (await store.readStream(videoStreamId(id)))
    .map((e) => e.type)
    .filter((t) => t !== 'VideoUploaded' && t !== 'EditedVideoUploaded');
const later = (ms: number) => {
  now = new Date(now.getTime() + ms);
};

describe('video scan worker', () => {
  it('marks EICAR infected with its signature, tells the uploader, and never scans it again, even after a restart', async () => {
    const { videoId } = await upload(Buffer.from(EICAR));
    const scanner = clamscan();
    expect(await workerWith(scanner.scanner).scanNext()).toBe('infected');
    expect(await video(videoId)).toMatchObject({ status: 'infected', infected_signature: EICAR_SIGNATURE });
    const told = await createOutbox(database(), clock).listTo(ownerEmail);
    expect(told).toEqual([expect.objectContaining({ channel: 'email', subject: 'Your video could not be accepted' })]);
    expect(told[0]!.text).toContain('"tour.mp4" was not accepted');
    expect(await workerWith(scanner.scanner).scanNext()).toBe('idle');
    later(24 * 60 * 60 * 1000);
    const afterRestart = clamscan();
    expect(await workerWith(afterRestart.scanner).scanNext()).toBe('idle');
    expect([scanner.scans, afterRestart.scans]).toEqual([1, 0]);
    expect(await verdictEvents(videoId)).toEqual(['VideoFoundInfected']);
  });

  it('deletes an infected file’s quarantine copy once its 30 days are over, and only then', async () => {
    const { videoId, key } = await upload(Buffer.from(EICAR));
    const worker = workerWith(clamscan().scanner);
    expect(await worker.scanNext()).toBe('infected');
    later(30 * 24 * 60 * 60 * 1000 - 1);
    expect(await worker.deleteExpiredNext()).toBe(false);
    expect(await files.get(key)).toBeDefined();
    later(1);
    expect(await worker.deleteExpiredNext()).toBe(true);
    expect(await files.get(key)).toBeUndefined();
    expect(await worker.deleteExpiredNext()).toBe(false);
    expect(await verdictEvents(videoId)).toEqual(['VideoFoundInfected', 'QuarantineCopyDeleted']);
    expect(await video(videoId)).toMatchObject({ status: 'infected' });
  });

  it('takes a clean video to pending review, then scans the admin’s edited version and publishes it to the owner’s area', async () => {
    const { videoId } = await upload(CLEAN);
    const worker = workerWith(clamscan().scanner);
    expect(await worker.scanNext()).toBe('clean');
    expect(await video(videoId)).toMatchObject({ status: 'pending_review' });
    expect(await worker.publishNext()).toBe(false);

    const edited = Buffer.from('the edited walk-through, trimmed and with music');
    await uploadEdited(videoId, edited, 'video/quicktime', 'tour-edited.mov');
    await feedQueue(videoId);
    await feedQueue(videoId); // a batch handled again adds no second row
    expect((await database().query('select 1 from video_scans where video_id = $1', [videoId])).length).toBe(2);
    expect(await video(videoId)).toMatchObject({ status: 'edited_pending_scan' });
    expect(await worker.scanNext()).toBe('clean');
    expect(await video(videoId)).toMatchObject({ status: 'publishing' });
    expect(await worker.publishNext()).toBe(true);
    const approvedKey = approvedKeyFor(owner.id, videoId, 'video/quicktime');
    expect(await video(videoId)).toMatchObject({ status: 'approved', approved_key: approvedKey });
    expect(await buffer((await files.get(approvedKey))!.body)).toEqual(edited);
    expect(await worker.publishNext()).toBe(false);
    expect(await worker.scanNext()).toBe('idle');
    expect(await verdictEvents(videoId)).toEqual(['VideoScannedClean', 'VideoScannedClean', 'VideoPublished']);
  });

  it('deletes the clean quarantine copies of a published video, and of no other', async () => {
    const { videoId, key: originalKey } = await upload(CLEAN);
    const waiting = await upload(CLEAN);
    const worker = workerWith(clamscan().scanner);
    expect(await worker.scanNext()).toBe('clean');
    expect(await worker.scanNext()).toBe('clean');
    // Clean but not yet published: kept for the admin.
    expect(await worker.deletePublishedCopyNext()).toBe(false);
    const editedKey = await uploadEdited(videoId, CLEAN, 'video/mp4', 'edited.mp4');
    await feedQueue(videoId);
    expect(await worker.scanNext()).toBe('clean');
    expect(await worker.deletePublishedCopyNext()).toBe(false);
    expect(await worker.publishNext()).toBe(true);
    expect(await worker.deletePublishedCopyNext()).toBe(true);
    expect(await worker.deletePublishedCopyNext()).toBe(true);
    expect(await worker.deletePublishedCopyNext()).toBe(false);
    expect(await files.get(originalKey)).toBeUndefined();
    expect(await files.get(editedKey)).toBeUndefined();
    expect(await files.get(waiting.key)).toBeDefined();
    expect(await buffer((await files.get(approvedKeyFor(owner.id, videoId, 'video/mp4')))!.body)).toEqual(CLEAN);
    const deleted = (await store.readStream(videoStreamId(videoId)))
      .filter((e) => e.type === 'QuarantineCopyDeleted')
      .map((e) => (e.data as { quarantineKey: string }).quarantineKey);
    expect(deleted.sort()).toEqual([originalKey, editedKey].sort());
  });

  it('publishes the other videos when one edited file has gone missing, and reports that one', async () => {
    const worker = workerWith(clamscan().scanner);
    const ids: string[] = [];
    for (const name of ['first', 'second']) {
      const { videoId } = await upload(CLEAN);
      expect(await worker.scanNext()).toBe('clean');
      const editedKey = await uploadEdited(videoId, Buffer.from(`${name} edited`), 'video/mp4', `${name}.mp4`);
      await feedQueue(videoId);
      expect(await worker.scanNext()).toBe('clean');
      if (name === 'first') await files.delete(editedKey);
      ids.push(videoId);
      later(1000);
    }
    expect(await worker.publishNext()).toBe(true);
    expect(await video(ids[1]!)).toMatchObject({ status: 'approved' });
    await expect(worker.publishNext()).rejects.toThrow(/the edited file .* is missing/);
    expect(await video(ids[0]!)).toMatchObject({ status: 'publishing' });
  });

  it('keeps a video quarantined while no scanner is available, retries with backoff, and scans it once one is', async () => {
    const { videoId } = await upload(CLEAN);
    const missing = workerWith(createClamscanScanner({ path: join(dir, 'no-clamscan') }));
    expect(await missing.scanNext()).toBe('failed');
    expect(await video(videoId)).toMatchObject({
      status: 'scan_unavailable',
      scan_attempts: 1,
      last_scan_error: NO_SCANNER_INSTALLED,
    });
    expect(new Date((await video(videoId))!.next_scan_at as string).toISOString()).toBe('2026-11-23T10:00:30.000Z');
    expect(await missing.scanNext()).toBe('idle');
    later(29_999);
    expect(await missing.scanNext()).toBe('idle');
    later(1);
    expect(await missing.scanNext()).toBe('failed');
    expect(await video(videoId)).toMatchObject({ status: 'scan_unavailable', scan_attempts: 2 });
    later(60_000);
    const scanner = clamscan();
    expect(await workerWith(scanner.scanner).scanNext()).toBe('clean');
    expect(await video(videoId)).toMatchObject({ status: 'pending_review', scan_attempts: 0, next_scan_at: null });
    expect(scanner.scans).toBe(1);
    expect(await verdictEvents(videoId)).toEqual(['VideoScanFailed', 'VideoScanFailed', 'VideoScannedClean']);
  });

  it('records a missing quarantine file as a failed scan, never as clean', async () => {
    const { videoId, key } = await upload(CLEAN);
    await files.delete(key);
    const scanner = clamscan();
    expect(await workerWith(scanner.scanner).scanNext()).toBe('failed');
    expect(await video(videoId)).toMatchObject({
      status: 'scan_failed',
      last_scan_error: 'the quarantine copy is missing',
    });
    expect(scanner.scans).toBe(0);
  });

  it('leaves a file being scanned to its worker until the lease ends; a verdict that comes too late is not recorded', async () => {
    const { videoId } = await upload(CLEAN);
    let release: ((verdict: ScanVerdict) => void) | undefined;
    const hanging: VirusScanner = {
      name: 'clamscan',
      scan: (s) => {
        s.resume();
        return new Promise<ScanVerdict>((resolve) => {
          release = resolve;
        });
      },
    };
    const first = workerWith(hanging).scanNext();
    // The claim is written before the scan starts: wait, bounded, until the row says so and the
    // first worker's scanner holds the file (so there is a verdict to release later).
    await vi.waitFor(
      async () => {
        expect(await database().query('select 1 from video_scans where claimed_until is not null')).toHaveLength(1);
        expect(release).toBeDefined();
      },
      { timeout: 10_000, interval: 10 },
    );
    const scanner = clamscan();
    const second = workerWith(scanner.scanner);
    expect(await second.scanNext()).toBe('idle');
    later(SCAN_LEASE_MS);
    expect(await second.scanNext()).toBe('clean');
    release!({ kind: 'infected', scanner: 'clamscan', signature: 'Too.Late' });
    expect(await first).toBe('infected');
    expect(await video(videoId)).toMatchObject({ status: 'pending_review', infected_signature: null });
    expect(await verdictEvents(videoId)).toEqual(['VideoScannedClean']);
    expect(
      (await database().query<{ scans_started: number }>('select scans_started from video_scans'))[0]!.scans_started,
    ).toBe(2);
  });

  it('runs the verdict again when the video changed between its read and its append: a lost race is retried, never taken for a superseded file', async () => {
    const { videoId } = await upload(CLEAN);
    // Another writer appends to the video's stream right before the worker's append, once.
    let rivals = 1;
    const racing: EventStore = {
      ...store,
      async appendIn(tx, streamId, expected, events, metadata, options) {
        if (rivals-- > 0) await store.appendIn(tx, streamId, 'any', [{ type: 'RivalWrite', data: {} }], {});
        return store.appendIn(tx, streamId, expected, events, metadata, options);
      },
    };
    const worker = createVideoScanWorker({
      db: database(),
      store: racing,
      files,
      scanner: clamscan().scanner,
      outbox: createOutbox(database(), clock),
      clock,
    });
    expect(await worker.scanNext()).toBe('clean');
    expect(rivals).toBe(-1);
    expect(await verdictEvents(videoId)).toEqual(['VideoScannedClean']);
    expect((await store.readStream(videoStreamId(videoId))).at(-1)!.metadata).toEqual({
      actorId: 'system:video-scanner',
    });
    expect(await database().query('select verdict from video_scans')).toEqual([{ verdict: 'clean' }]);
  });

  it('closes the queue row as superseded when the video no longer waits for its file (a verdict recorded meanwhile)', async () => {
    const { videoId, key } = await upload(CLEAN);
    const scanner = clamscan();
    const meanwhile: VirusScanner = {
      name: 'clamscan',
      async scan(source) {
        await handleCommand(store, videoAggregate, videoStreamId(videoId), {
          type: 'RecordScanResult',
          quarantineKey: key,
          verdict: { kind: 'clean', scanner: 'elsewhere' },
          at: now.toISOString(),
        });
        return scanner.scanner.scan(source);
      },
    };
    expect(await workerWith(meanwhile).scanNext()).toBe('clean');
    expect(await verdictEvents(videoId)).toEqual(['VideoScannedClean']);
    expect(await database().query('select verdict, claimed_until from video_scans')).toEqual([
      { verdict: 'superseded', claimed_until: null },
    ]);
  });

  it('takes owners in turn: one account’s many uploads delay another’s first by one scan at most (issue 27)', async () => {
    const flooder = { id: randomUUID(), isAdmin: false };
    const flood: string[] = [];
    for (let i = 0; i < 6; i++) {
      flood.push((await upload(CLEAN, flooder)).videoId);
      later(1000);
    }
    const first = (await upload(CLEAN)).videoId;
    later(1000);
    const second = (await upload(CLEAN)).videoId;
    const scanned: string[] = [];
    const recorder: VirusScanner = {
      name: 'clamscan',
      scan: async (source) => {
        source.destroy();
        return { kind: 'clean', scanner: 'clamscan' };
      },
    };
    const worker = workerWith(recorder);
    for (let i = 0; i < 8; i++) {
      expect(await worker.scanNext()).toBe('clean');
      later(1000);
      const [row] = await database().query<{ video_id: string }>(
        'select video_id::text as video_id from video_scans order by claimed_at desc nulls last limit 1',
      );
      scanned.push(row!.video_id);
    }
    // The flooder's oldest first (it was due first), then the other owner's, then turns.
    expect(scanned.slice(0, 4)).toEqual([flood[0], first, flood[1], second]);
    expect(scanned.slice(4)).toEqual(flood.slice(2, 6));
  });

  it('expires a video nobody reviewed within 30 days of its upload: gone from the list, its copy deleted, its owner told (issue 27)', async () => {
    const { videoId: reviewed } = await upload(CLEAN);
    const { videoId: unscanned, key: unscannedKey } = await upload(CLEAN);
    const worker = workerWith(clamscan().scanner);
    // The first is scanned clean and waits for an admin; the second never gets its scan (no scanner for a month).
    await database().query('update video_scans set due_at = $2 where video_id = $1', [
      unscanned,
      new Date(now.getTime() + 40 * 24 * 3600 * 1000),
    ]);
    expect(await worker.scanNext()).toBe('clean');
    later(30 * 24 * 60 * 60 * 1000 - 60_000);
    expect(await worker.expireUnreviewedNext()).toBe(false);
    later(60_000);
    expect(await worker.expireUnreviewedNext()).toBe(true);
    expect(await worker.expireUnreviewedNext()).toBe(true);
    expect(await worker.expireUnreviewedNext()).toBe(false);
    for (const id of [reviewed, unscanned]) {
      expect(await video(id)).toMatchObject({ status: 'expired' });
      expect((await store.readStream(videoStreamId(id))).map((e) => e.type)).toContain('VideoExpiredUnreviewed');
    }
    const told = await createOutbox(database(), clock).listTo(ownerEmail);
    expect(told.map((m) => m.subject)).toEqual([
      'Your video was removed before its review',
      'Your video was removed before its review',
    ]);
    expect(told[0]!.text).toContain('"tour.mp4" was not reviewed within 30 days');
    // The quarantine copies go, and the unscanned one is never scanned now.
    expect(await worker.deletePublishedCopyNext()).toBe(true);
    expect(await worker.deletePublishedCopyNext()).toBe(true);
    expect(await worker.deletePublishedCopyNext()).toBe(false);
    expect(await files.get(unscannedKey)).toBeUndefined();
    later(20 * 24 * 3600 * 1000);
    expect(await worker.scanNext()).toBe('idle');
  });
});
