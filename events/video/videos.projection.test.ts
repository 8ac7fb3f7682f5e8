import { describe, expect, it } from 'vitest';
import { useMigratedDatabase } from '../../testing/use-test-database.ts';
import { handleCommand } from '../store/command-handler.ts';
import { createEventStore } from '../store/event-store.ts';
import { createProjectionSet } from '../store/projections.ts';
import { videoAggregate, type VideoCommand } from './video.decider.ts';
import { videoStreamId } from './video.events.ts';
import { approvedKeyFor, quarantineKeyFor } from './video.policy.ts';
import { videosProjection } from './videos.projection.ts';

const database = useMigratedDatabase();
const projections = createProjectionSet([videosProjection]);

const t = (minute: number) => new Date(Date.UTC(2026, 10, 23, 10, minute)).toISOString();
const owner = { id: '30000000-0000-4000-8000-000000000001', isAdmin: false };
const admin = { id: '00000000-0000-4000-8000-0000000000aa', isAdmin: true };
const propertyId = '40000000-0000-4000-8000-000000000001';
const idOf = (n: number) => `50000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const originalKey = (n: number) => quarantineKeyFor(idOf(n), 'a1', 'video/mp4');
const editedKey = (n: number) => quarantineKeyFor(idOf(n), 'b2', 'video/quicktime');

const rows = () =>
  database().query<Record<string, unknown>>(
    `select id, owner_id, property_id, status, original_name, file_size::int as file_size, content_type, quarantine_key,
       edited_key, edited_by, scan_attempts, last_scan_error, next_scan_at, infected_signature, approved_key,
       approved_file_name, approved_size::int as approved_size, approved_at, version
     from videos order by id`,
  );

function commands(n: number): VideoCommand[] {
  const id = idOf(n);
  const upload: VideoCommand = {
    type: 'UploadVideo',
    videoId: id,
    actor: owner,
    propertyId: n % 2 ? propertyId : null,
    at: t(0),
    upload: { originalName: `tour ${n}.mp4`, size: 1000 + n, contentType: 'video/mp4', quarantineKey: originalKey(n) },
  };
  const fail: VideoCommand = {
    type: 'RecordScanResult',
    quarantineKey: originalKey(n),
    verdict: { kind: 'failed', failure: 'unavailable', reason: 'no clamd' },
    at: t(1),
  };
  const clean: VideoCommand = {
    type: 'RecordScanResult',
    quarantineKey: originalKey(n),
    verdict: { kind: 'clean', scanner: 'clamd' },
    at: t(2),
  };
  const infected: VideoCommand = {
    type: 'RecordScanResult',
    quarantineKey: originalKey(n),
    verdict: { kind: 'infected', scanner: 'clamd', signature: 'Eicar.UNOFFICIAL' },
    at: t(2),
  };
  const edit: VideoCommand = {
    type: 'UploadEditedVideo',
    actor: admin,
    at: t(3),
    upload: { originalName: 'edited.mov', size: 900, contentType: 'video/quicktime', quarantineKey: editedKey(n) },
  };
  const editedClean: VideoCommand = {
    type: 'RecordScanResult',
    quarantineKey: editedKey(n),
    verdict: { kind: 'clean', scanner: 'clamscan' },
    at: t(4),
  };
  const publish: VideoCommand = {
    type: 'PublishVideo',
    approvedKey: approvedKeyFor(owner.id, id, 'video/quicktime'),
    at: t(5),
  };
  const all = [
    [upload],
    [upload, fail],
    [upload, infected],
    [upload, fail, clean],
    [upload, clean, edit],
    [upload, fail, clean, edit, editedClean, publish],
  ];
  return all[n % all.length]!;
}

async function run(n: number) {
  const store = createEventStore(database(), { project: projections.applyInline });
  for (const command of commands(n)) await handleCommand(store, videoAggregate, videoStreamId(idOf(n)), command);
}

describe('videos projection', () => {
  it('follows a video from quarantine through a failed and a clean scan, the admin edit and publication', async () => {
    const store = createEventStore(database(), { project: projections.applyInline });
    const [upload, fail, clean, ...rest] = commands(5);
    expect([fail, clean]).toMatchObject([{ verdict: { kind: 'failed' } }, { verdict: { kind: 'clean' } }]);
    const handle = (command: VideoCommand) => handleCommand(store, videoAggregate, videoStreamId(idOf(5)), command);
    await handle(upload!);
    await handle(fail!);
    expect(await rows()).toEqual([
      expect.objectContaining({
        status: 'scan_unavailable',
        scan_attempts: 1,
        last_scan_error: 'no clamd',
        version: 2,
      }),
    ]);
    expect((await rows())[0]!.next_scan_at).not.toBeNull();
    // The clean verdict that follows clears the failure's attempt, reason and next attempt.
    await handle(clean!);
    expect(await rows()).toEqual([
      expect.objectContaining({
        status: 'pending_review',
        scan_attempts: 0,
        last_scan_error: null,
        next_scan_at: null,
        version: 3,
      }),
    ]);
    for (const command of rest) await handle(command);
    expect(await rows()).toEqual([
      expect.objectContaining({
        id: idOf(5),
        owner_id: owner.id,
        property_id: propertyId,
        status: 'approved',
        original_name: 'tour 5.mp4',
        file_size: 1005,
        content_type: 'video/mp4',
        quarantine_key: originalKey(5),
        edited_key: editedKey(5),
        edited_by: admin.id,
        scan_attempts: 0,
        last_scan_error: null,
        next_scan_at: null,
        infected_signature: null,
        approved_key: approvedKeyFor(owner.id, idOf(5), 'video/quicktime'),
        approved_file_name: `${idOf(5)}.mov`,
        approved_size: 900,
        version: 6,
      }),
    ]);
    expect(new Date((await rows())[0]!.approved_at as string).toISOString()).toBe(t(5));
  });

  it('shows a failed scan with its attempt, reason and next attempt, and an infected file with its signature', async () => {
    await run(1);
    await run(2);
    expect(await rows()).toEqual([
      expect.objectContaining({
        id: idOf(1),
        status: 'scan_unavailable',
        scan_attempts: 1,
        last_scan_error: 'no clamd',
        property_id: propertyId,
      }),
      expect.objectContaining({
        id: idOf(2),
        status: 'infected',
        scan_attempts: 0,
        infected_signature: 'Eicar.UNOFFICIAL',
        property_id: null,
      }),
    ]);
    const [failed] = await rows();
    expect(new Date(failed!.next_scan_at as string).toISOString()).toBe('2026-11-23T10:01:30.000Z');
  });

  it('follows the listing a video is attached to, and keeps the row as it was when a quarantine copy goes', async () => {
    await run(2);
    const store = createEventStore(database(), { project: projections.applyInline });
    const other = '40000000-0000-4000-8000-000000000002';
    const stream = videoStreamId(idOf(2));
    await expect(
      handleCommand(store, videoAggregate, stream, {
        type: 'AttachToListing',
        actor: owner,
        propertyId: other,
        at: t(10),
      }),
    ).rejects.toMatchObject({ code: 'video_infected' });
    expect(await rows()).toEqual([expect.objectContaining({ property_id: null, status: 'infected', version: 2 })]);
    const before = await rows();
    await handleCommand(store, videoAggregate, stream, {
      type: 'DeleteQuarantineCopy',
      quarantineKey: originalKey(2),
      at: '2026-12-24T00:00:00.000Z',
    });
    expect(await rows()).toEqual([{ ...before[0], version: 3 }]);

    await run(3);
    const clean = videoStreamId(idOf(3));
    await handleCommand(store, videoAggregate, clean, {
      type: 'AttachToListing',
      actor: owner,
      propertyId: other,
      at: t(10),
    });
    expect((await rows())[1]).toMatchObject({ id: idOf(3), property_id: other, version: 4 });
    await handleCommand(store, videoAggregate, clean, { type: 'DetachFromListing', actor: owner, at: t(11) });
    expect((await rows())[1]).toMatchObject({ id: idOf(3), property_id: null, status: 'pending_review', version: 5 });
  });

  it('leaves the same rows when events are applied twice, and a rebuild gives the same rows', async () => {
    for (let n = 1; n <= 12; n++) await run(n);
    const before = await rows();
    expect(before.map((r) => r.status)).toEqual([
      'scan_unavailable',
      'infected',
      'pending_review',
      'edited_pending_scan',
      'approved',
      'pending_scan',
      'scan_unavailable',
      'infected',
      'pending_review',
      'edited_pending_scan',
      'approved',
      'pending_scan',
    ]);
    const store = createEventStore(database());
    const all = (
      await Promise.all(Array.from({ length: 12 }, (_, i) => store.readStream(videoStreamId(idOf(i + 1)))))
    ).flat();
    await database().transaction((tx) => videosProjection.apply(tx, all));
    await database().transaction((tx) => videosProjection.apply(tx, all.slice(2, 9)));
    expect(await rows()).toEqual(before);
    // Rows lost and rows gone wrong: the rebuild must write them all again from the log.
    await database().query(`delete from videos where status = 'approved'`);
    await database().query(`update videos set original_name = 'corrupted', status = 'approved'`);
    expect(await rows()).toHaveLength(10);
    await projections.rebuild(database(), { batchSize: 4 });
    expect(await rows()).toEqual(before);
  });
});
