import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Actor } from '../../events/actor.ts';
import { readModels } from '../../events/read-models.ts';
import { handleCommand } from '../../events/store/command-handler.ts';
import { createEventStore, type EventStore } from '../../events/store/event-store.ts';
import { createProjectionSet } from '../../events/store/projections.ts';
import { userStreamId } from '../../events/user/user.events.ts';
import {
  VIDEO_STATUSES as DOMAIN_STATUSES,
  videoAggregate,
  type VideoCommand,
} from '../../events/video/video.decider.ts';
import { videoStreamId } from '../../events/video/video.events.ts';
import { approvedKeyFor, quarantineKeyFor } from '../../events/video/video.policy.ts';
import { statusLabel, VIDEO_STATUSES, videoIdOfFileName } from '../contract/videos.schema.ts';
import { seedListing } from '../../testing/listings.ts';
import { useMigratedDatabase } from '../../testing/use-test-database.ts';
import { findVideoOf, listApprovedVideos, listPendingVideos } from './videos.read.ts';

const database = useMigratedDatabase();
const projections = createProjectionSet(readModels);
const admin = { id: randomUUID(), isAdmin: true };
const t = (minute: number) => new Date(Date.UTC(2026, 10, 23, 9, minute)).toISOString();

async function person(store: EventStore, firstName: string) {
  const id = randomUUID();
  await store.append(userStreamId(id), 'no_stream', [
    {
      type: 'UserRegistered',
      data: {
        userId: id,
        email: `${firstName.toLowerCase()}@example.com`,
        phone: null,
        firstName,
        lastName: 'Owusu',
        userType: 'owner',
        businessName: null,
        passwordHash: 'x',
        registeredAt: t(0),
      },
    },
  ]);
  return { id, isAdmin: false };
}

/** A video taken as far as `steps` go: 1 uploaded, 2 clean, 3 edited, 4 edited clean, 5 published. */
async function video(store: EventStore, owner: Actor, propertyId: string | null, minute: number, steps: number) {
  const videoId = randomUUID();
  const original = quarantineKeyFor(videoId, 'a', 'video/mp4');
  const edited = quarantineKeyFor(videoId, 'b', 'video/quicktime');
  const commands: VideoCommand[] = [
    {
      type: 'UploadVideo',
      videoId,
      actor: owner,
      propertyId,
      at: t(minute),
      upload: {
        originalName: `tour ${minute}.mp4`,
        size: 1000 * minute,
        contentType: 'video/mp4',
        quarantineKey: original,
      },
    },
    {
      type: 'RecordScanResult',
      quarantineKey: original,
      verdict: { kind: 'clean', scanner: 'clamd' },
      at: t(minute + 1),
    },
    {
      type: 'UploadEditedVideo',
      actor: admin,
      at: t(minute + 2),
      upload: { originalName: 'edit.mov', size: 777, contentType: 'video/quicktime', quarantineKey: edited },
    },
    {
      type: 'RecordScanResult',
      quarantineKey: edited,
      verdict: { kind: 'clean', scanner: 'clamd' },
      at: t(minute + 3),
    },
    { type: 'PublishVideo', approvedKey: approvedKeyFor(owner.id, videoId, 'video/quicktime'), at: t(minute + 4) },
  ];
  for (const command of commands.slice(0, steps))
    await handleCommand(store, videoAggregate, videoStreamId(videoId), command);
  return videoId;
}

describe('video read queries', () => {
  it('lists every video not yet approved for admins, newest first, with the uploader and the listing', async () => {
    const store = createEventStore(database(), { project: projections.applyInline });
    const kofi = await person(store, 'Kofi');
    const esi = await person(store, 'Esi');
    const listing = await seedListing(store, kofi.id, { title: 'Flat in Osu' });
    const first = await video(store, kofi, listing, 10, 1);
    const second = await video(store, esi, null, 20, 2);
    await video(store, esi, null, 30, 5);
    const infected = randomUUID();
    const key = quarantineKeyFor(infected, 'c', 'video/x-msvideo');
    await handleCommand(store, videoAggregate, videoStreamId(infected), {
      type: 'UploadVideo',
      videoId: infected,
      actor: kofi,
      propertyId: null,
      at: t(40),
      upload: { originalName: 'x.avi', size: 5, contentType: 'video/x-msvideo', quarantineKey: key },
    });
    await handleCommand(store, videoAggregate, videoStreamId(infected), {
      type: 'RecordScanResult',
      quarantineKey: key,
      verdict: { kind: 'infected', scanner: 'clamd', signature: 'Eicar' },
      at: t(41),
    });

    expect((await listPendingVideos(database(), { page: 1, limit: 20 })).videos).toEqual([
      {
        videoId: infected,
        fileName: `${infected}.avi`,
        originalName: 'x.avi',
        userId: kofi.id,
        uploaderName: 'Kofi Owusu',
        propertyId: null,
        propertyTitle: null,
        status: 'infected',
        uploadedAt: t(40),
        fileSize: 5,
        lastScanError: null,
        nextScanAt: null,
        infectedSignature: 'Eicar',
      },
      {
        videoId: second,
        fileName: `${second}.mp4`,
        originalName: 'tour 20.mp4',
        userId: esi.id,
        uploaderName: 'Esi Owusu',
        propertyId: null,
        propertyTitle: null,
        status: 'pending_review',
        uploadedAt: t(20),
        fileSize: 20_000,
        lastScanError: null,
        nextScanAt: null,
        infectedSignature: null,
      },
      {
        videoId: first,
        fileName: `${first}.mp4`,
        originalName: 'tour 10.mp4',
        userId: kofi.id,
        uploaderName: 'Kofi Owusu',
        propertyId: listing,
        propertyTitle: 'Flat in Osu',
        status: 'pending_scan',
        uploadedAt: t(10),
        fileSize: 10_000,
        lastScanError: null,
        nextScanAt: t(10),
        infectedSignature: null,
      },
    ]);
  });

  it('answers the same after npm run projections:rebuild (every read model rebuilt from the log)', async () => {
    const store = createEventStore(database(), { project: projections.applyInline });
    const kofi = await person(store, 'Kofi');
    const listing = await seedListing(store, kofi.id, { title: 'Flat in Osu' });
    for (let steps = 1; steps <= 5; steps++) await video(store, kofi, steps % 2 ? listing : null, 10 * steps, steps);
    const pendingPage = async () => (await listPendingVideos(database(), { page: 1, limit: 20 })).videos;
    const before = [await pendingPage(), await listApprovedVideos(database(), kofi.id)];
    expect(before.map((list) => list.length)).toEqual([4, 1]);
    // The read models lost and gone wrong: the rebuild must write them again from the log.
    await database().query(`delete from videos where status = 'approved'`);
    await database().query(`update videos set original_name = 'corrupted'`);
    await database().query(`update properties set title = 'corrupted'`);
    expect([await pendingPage(), await listApprovedVideos(database(), kofi.id)]).not.toEqual(before);
    await projections.rebuild(database(), { batchSize: 7 });
    expect([await pendingPage(), await listApprovedVideos(database(), kofi.id)]).toEqual(before);
  });

  it('lists an owner’s approved videos only, with the stream URL', async () => {
    const store = createEventStore(database(), { project: projections.applyInline });
    const kofi = await person(store, 'Kofi');
    const esi = await person(store, 'Esi');
    const older = await video(store, kofi, null, 10, 5);
    const newer = await video(store, kofi, null, 20, 5);
    await video(store, kofi, null, 30, 4);
    await video(store, esi, null, 40, 5);
    expect(await listApprovedVideos(database(), kofi.id)).toEqual([
      {
        videoId: newer,
        fileName: `${newer}.mov`,
        originalName: 'tour 20.mp4',
        approvedAt: t(24),
        fileSize: 777,
        streamUrl: `/api/user/download-video/${newer}.mov?inline=1`,
        propertyId: null,
      },
      {
        videoId: older,
        fileName: `${older}.mov`,
        originalName: 'tour 10.mp4',
        approvedAt: t(14),
        fileSize: 777,
        streamUrl: `/api/user/download-video/${older}.mov?inline=1`,
        propertyId: null,
      },
    ]);
  });

  it('finds a video by a URL’s user and file name only when that user owns it and the name is one the server made', async () => {
    const store = createEventStore(database(), { project: projections.applyInline });
    const kofi = await person(store, 'Kofi');
    const esi = await person(store, 'Esi');
    const id = await video(store, kofi, null, 10, 5);
    expect(await findVideoOf(database(), kofi.id, `${id}.mp4`)).toBe(id);
    expect(await findVideoOf(database(), kofi.id, `${id}.mov`)).toBe(id);
    for (const [owner, name] of [
      [esi.id, `${id}.mov`],
      [kofi.id, `${id}.avi`],
      [kofi.id, `../${id}.mov`],
      [kofi.id, `${id}.mov/..`],
      [kofi.id, 'tour 10.mp4'],
      [kofi.id, `${id.toUpperCase()}.mov`],
      ['not-a-uuid', `${id}.mov`],
      [kofi.id, `${randomUUID()}.mov`],
    ] as const) {
      expect(await findVideoOf(database(), owner, name)).toBeUndefined();
    }
  });

  it('keeps the contract’s statuses the same as the decider’s, shown with spaces', () => {
    expect(VIDEO_STATUSES).toEqual(DOMAIN_STATUSES);
    expect(statusLabel('edited_scan_unavailable')).toBe('edited scan unavailable');
    expect(videoIdOfFileName('0a1b2c3d-0000-4000-8000-000000000001.mp4')).toBe('0a1b2c3d-0000-4000-8000-000000000001');
    expect(videoIdOfFileName('0a1b2c3d-0000-4000-8000-000000000001.exe')).toBeUndefined();
  });
});
