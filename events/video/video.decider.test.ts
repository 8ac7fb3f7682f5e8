import { describe, expect, it } from 'vitest';
import { givenWhenThen } from '../../testing/given-when-then.ts';
import { foldEvents } from '../store/decider.ts';
import { adminDownload, ownerDownload } from './video.access.ts';
import { videoDecider, type Upload, type VideoCommand, type VideoEvent, type VideoState } from './video.decider.ts';
import { approvedKeyFor, MAX_VIDEO_BYTES, quarantineKeyFor, scanRetryDelayMs } from './video.policy.ts';

const at = '2026-11-23T10:00:00.000Z';
const later = '2026-11-23T10:05:00.000Z';
const videoId = 'v-1';
const owner = { id: 'owner-1', isAdmin: false };
const stranger = { id: 'user-2', isAdmin: false };
const admin = { id: 'admin-1', isAdmin: true };
const originalKey = quarantineKeyFor(videoId, 'u1', 'video/mp4');
const editedKey = quarantineKeyFor(videoId, 'u2', 'video/quicktime');
const secondEditKey = quarantineKeyFor(videoId, 'u3', 'video/mp4');
const approvedKey = approvedKeyFor(owner.id, videoId, 'video/quicktime');

const original: Upload = {
  originalName: 'walkthrough.mp4',
  size: 5_000_000,
  contentType: 'video/mp4',
  quarantineKey: originalKey,
};
const edit: Upload = {
  originalName: 'walkthrough-edited.mov',
  size: 4_000_000,
  contentType: 'video/quicktime',
  quarantineKey: editedKey,
};

const uploaded: VideoEvent = {
  type: 'VideoUploaded',
  data: { videoId, ownerId: owner.id, propertyId: 'p-1', ...original, uploadedAt: at },
};
const clean: VideoEvent = {
  type: 'VideoScannedClean',
  data: { videoId, file: 'original', quarantineKey: originalKey, scanner: 'clamd', scannedAt: later },
};
const infected: VideoEvent = {
  type: 'VideoFoundInfected',
  data: {
    videoId,
    file: 'original',
    quarantineKey: originalKey,
    signature: 'Eicar-Signature',
    scanner: 'clamd',
    scannedAt: later,
    deleteAfter: '2026-12-23T10:05:00.000Z',
  },
};
const failed = (
  attempt: number,
  failure: 'unavailable' | 'error' = 'unavailable',
  file: 'original' | 'edited' = 'original',
): VideoEvent => ({
  type: 'VideoScanFailed',
  data: {
    videoId,
    file,
    quarantineKey: file === 'original' ? originalKey : editedKey,
    attempt,
    failure,
    reason: 'connect ENOENT',
    failedAt: later,
    nextAttemptAt: new Date(Date.parse(later) + scanRetryDelayMs(attempt)).toISOString(),
  },
});
const editedUploaded: VideoEvent = {
  type: 'EditedVideoUploaded',
  data: { videoId, editedBy: admin.id, ...edit, uploadedAt: later },
};
const editedClean: VideoEvent = {
  type: 'VideoScannedClean',
  data: { videoId, file: 'edited', quarantineKey: editedKey, scanner: 'clamscan', scannedAt: later },
};
const editedInfected: VideoEvent = {
  type: 'VideoFoundInfected',
  data: {
    videoId,
    file: 'edited',
    quarantineKey: editedKey,
    signature: 'Eicar-Signature',
    scanner: 'clamscan',
    scannedAt: later,
    deleteAfter: '2026-12-23T10:05:00.000Z',
  },
};
const published: VideoEvent = {
  type: 'VideoPublished',
  data: {
    videoId,
    ownerId: owner.id,
    approvedKey,
    fileName: `${videoId}.mov`,
    size: edit.size,
    contentType: 'video/quicktime',
    publishedAt: later,
  },
};

const stateOf = (...events: VideoEvent[]): VideoState => foldEvents(videoDecider, events);

const given = givenWhenThen(videoDecider);

const upload = (u: Upload = original, actor = owner): VideoCommand => ({
  type: 'UploadVideo',
  videoId,
  actor,
  propertyId: 'p-1',
  upload: u,
  at,
});
const scan = (
  key: string,
  verdict: Extract<VideoCommand, { type: 'RecordScanResult' }>['verdict'],
  when = later,
): VideoCommand => ({ type: 'RecordScanResult', quarantineKey: key, verdict, at: when });
const uploadEdited = (actor = admin, u: Upload = edit): VideoCommand => ({
  type: 'UploadEditedVideo',
  actor,
  upload: u,
  at: later,
});

describe('video decider: upload and scan of the original', () => {
  it('records an upload to quarantine, owned by the uploader, waiting for a scan', () => {
    given().when(upload()).then([uploaded]);
    expect(stateOf(uploaded)).toMatchObject({
      status: 'pending_scan',
      ownerId: owner.id,
      awaitingScan: { file: 'original', key: originalKey, failedAttempts: 0 },
    });
  });
  it("keeps the file's SHA-256 on the upload when the server measured it (a retried upload is recognised by it), and none on an edited version", () => {
    const sha256 = 'a'.repeat(64);
    given()
      .when(upload({ ...original, sha256 }))
      .then([{ ...uploaded, data: { ...uploaded.data, sha256 } } as VideoEvent]);
    given(uploaded, clean)
      .when(uploadEdited(admin, { ...edit, sha256 }))
      .then([editedUploaded]);
  });
  it('refuses a second upload with the same id', () => {
    given(uploaded).when(upload()).thenRefuses('video_exists', 'conflict');
  });
  it('refuses a video over 100 MB and takes exactly 100 MB', () => {
    given()
      .when(upload({ ...original, size: MAX_VIDEO_BYTES + 1 }))
      .thenRefuses('video_too_large', 'too_large');
    given()
      .when(upload({ ...original, size: MAX_VIDEO_BYTES }))
      .then([{ ...uploaded, data: { ...uploaded.data, size: MAX_VIDEO_BYTES } } as VideoEvent]);
  });
  it('refuses a storage key the server did not choose for this video', () => {
    for (const quarantineKey of [
      'videos/quarantine/v-2/u1.mp4',
      'videos/approved/owner-1/v-1.mp4',
      'videos/quarantine/v-1/../x.mp4',
      'videos/quarantine/v-1/walk through.mp4',
      'videos/quarantine/v-1/u1.mov',
      'videos/quarantine/v-1/u1.mp4/../../v-2/u1.mp4',
    ]) {
      given()
        .when(upload({ ...original, quarantineKey }))
        .thenRefuses('video_storage_key', 'invalid');
    }
  });
  it('moves a clean original to pending review', () => {
    given(uploaded)
      .when(scan(originalKey, { kind: 'clean', scanner: 'clamd' }))
      .then([clean]);
    expect(stateOf(uploaded, clean)).toMatchObject({ status: 'pending_review', awaitingScan: null });
  });
  it('marks an infected original, naming the signature, with its quarantine copy deletable after 30 days', () => {
    given(uploaded)
      .when(scan(originalKey, { kind: 'infected', scanner: 'clamd', signature: 'Eicar-Signature' }))
      .then([infected]);
    expect(stateOf(uploaded, infected)).toMatchObject({
      status: 'infected',
      awaitingScan: null,
      copies: [{ key: originalKey, infectedDeleteAfter: '2026-12-23T10:05:00.000Z' }],
    });
  });
  it('records a failed scan with the attempt and the time of the next one, keeping the file waiting', () => {
    given(uploaded)
      .when(scan(originalKey, { kind: 'failed', failure: 'unavailable', reason: 'connect ENOENT' }))
      .then([failed(1)]);
    expect((failed(1).data as { nextAttemptAt: string }).nextAttemptAt).toBe('2026-11-23T10:05:30.000Z');
    given(uploaded, failed(1))
      .when(scan(originalKey, { kind: 'failed', failure: 'unavailable', reason: 'connect ENOENT' }))
      .then([failed(2)]);
    expect((failed(2).data as { nextAttemptAt: string }).nextAttemptAt).toBe('2026-11-23T10:06:00.000Z');
    expect(stateOf(uploaded, failed(1), failed(2))).toMatchObject({
      status: 'scan_unavailable',
      awaitingScan: { key: originalKey, failedAttempts: 2 },
    });
    expect(stateOf(uploaded, failed(1, 'error'))).toMatchObject({ status: 'scan_failed' });
  });
  it('takes a verdict after failed attempts', () => {
    given(uploaded, failed(1), failed(2))
      .when(scan(originalKey, { kind: 'clean', scanner: 'clamd' }))
      .then([clean]);
  });
  it('refuses a second verdict for a file already scanned (a repeated scan result is not recorded twice)', () => {
    given(uploaded, clean)
      .when(scan(originalKey, { kind: 'clean', scanner: 'clamd' }))
      .thenRefuses('scan_not_awaited', 'conflict');
    given(uploaded, infected)
      .when(scan(originalKey, { kind: 'clean', scanner: 'clamd' }))
      .thenRefuses('scan_not_awaited', 'conflict');
    given(uploaded)
      .when(scan(editedKey, { kind: 'clean', scanner: 'clamd' }))
      .thenRefuses('scan_not_awaited', 'conflict');
    given()
      .when(scan(originalKey, { kind: 'clean', scanner: 'clamd' }))
      .thenRefuses('video_not_found', 'not_found');
  });
});

describe('video decider: the admin edit, its scan and publication', () => {
  it('takes an edited version from an admin for a clean video, to be scanned', () => {
    given(uploaded, clean).when(uploadEdited()).then([editedUploaded]);
    expect(stateOf(uploaded, clean, editedUploaded)).toMatchObject({
      status: 'edited_pending_scan',
      awaitingScan: { file: 'edited', key: editedKey },
    });
    expect(stateOf(uploaded, clean, editedUploaded)).toMatchObject({
      copies: [
        { key: originalKey, file: 'original', infectedDeleteAfter: null, deleted: false },
        { key: editedKey, file: 'edited', infectedDeleteAfter: null, deleted: false },
      ],
    });
  });
  it('refuses an edited version from someone who is not an admin, the owner included', () => {
    given(uploaded, clean).when(uploadEdited(owner)).thenRefuses('admin_only', 'forbidden');
  });
  it('refuses an edited version before the original is scanned clean, or after it was found infected', () => {
    given(uploaded).when(uploadEdited()).thenRefuses('video_not_ready_for_edit', 'conflict');
    given(uploaded, failed(1)).when(uploadEdited()).thenRefuses('video_not_ready_for_edit', 'conflict');
    given(uploaded, infected).when(uploadEdited()).thenRefuses('video_not_ready_for_edit', 'conflict');
    given(uploaded, clean, editedUploaded).when(uploadEdited()).thenRefuses('video_not_ready_for_edit', 'conflict');
    given(uploaded, clean, editedUploaded, editedClean, published)
      .when(uploadEdited())
      .thenRefuses('video_not_ready_for_edit', 'conflict');
  });
  it('scans the edited version: clean → publishing; infected → the admin may send another', () => {
    given(uploaded, clean, editedUploaded)
      .when(scan(editedKey, { kind: 'clean', scanner: 'clamscan' }))
      .then([editedClean]);
    expect(stateOf(uploaded, clean, editedUploaded, editedClean)).toMatchObject({ status: 'publishing' });
    given(uploaded, clean, editedUploaded)
      .when(scan(editedKey, { kind: 'infected', scanner: 'clamscan', signature: 'Eicar-Signature' }))
      .then([editedInfected]);
    expect(stateOf(uploaded, clean, editedUploaded, failed(1, 'error', 'edited'))).toMatchObject({
      status: 'edited_scan_failed',
    });
    expect(stateOf(uploaded, clean, editedUploaded, failed(1, 'unavailable', 'edited'))).toMatchObject({
      status: 'edited_scan_unavailable',
    });
    const second: Upload = { ...original, originalName: 'again.mp4', quarantineKey: secondEditKey };
    given(uploaded, clean, editedUploaded, editedInfected)
      .when(uploadEdited(admin, second))
      .then([{ type: 'EditedVideoUploaded', data: { videoId, editedBy: admin.id, ...second, uploadedAt: later } }]);
    given(uploaded, clean, editedUploaded, editedInfected)
      .when(uploadEdited())
      .thenRefuses('video_storage_key', 'invalid');
  });
  it('publishes the clean edited version to the owner’s approved area under a server-chosen name', () => {
    given(uploaded, clean, editedUploaded, editedClean)
      .when({ type: 'PublishVideo', approvedKey, at: later })
      .then([published]);
    expect(stateOf(uploaded, clean, editedUploaded, editedClean, published)).toMatchObject({
      status: 'approved',
      approved: { key: approvedKey, fileName: 'v-1.mov' },
    });
  });
  it('refuses to publish anything but a clean edited version, or to another place', () => {
    given(uploaded, clean)
      .when({ type: 'PublishVideo', approvedKey, at: later })
      .thenRefuses('video_not_publishable', 'conflict');
    given(uploaded, clean, editedUploaded)
      .when({ type: 'PublishVideo', approvedKey, at: later })
      .thenRefuses('video_not_publishable', 'conflict');
    given(uploaded, clean, editedUploaded, editedInfected)
      .when({ type: 'PublishVideo', approvedKey, at: later })
      .thenRefuses('video_not_publishable', 'conflict');
    given(uploaded, clean, editedUploaded, editedClean)
      .when({ type: 'PublishVideo', approvedKey: approvedKeyFor(stranger.id, videoId, 'video/quicktime'), at: later })
      .thenRefuses('video_storage_key', 'invalid');
  });
});

describe('video decider: quarantine copies', () => {
  const deleteCopy = (key: string, when: string): VideoCommand => ({
    type: 'DeleteQuarantineCopy',
    quarantineKey: key,
    at: when,
  });
  it('deletes an infected copy only once its retention period is over, and only once', () => {
    given(uploaded, infected)
      .when(deleteCopy(originalKey, '2026-12-23T10:04:59.999Z'))
      .thenRefuses('quarantine_copy_kept', 'conflict');
    const deleted: VideoEvent = {
      type: 'QuarantineCopyDeleted',
      data: { videoId, quarantineKey: originalKey, deletedAt: '2026-12-23T10:05:00.000Z' },
    };
    given(uploaded, infected).when(deleteCopy(originalKey, '2026-12-23T10:05:00.000Z')).then([deleted]);
    given(uploaded, infected, deleted).when(deleteCopy(originalKey, '2026-12-24T00:00:00.000Z')).then([]);
  });
  it('keeps clean copies until the video is published, then lets them go', () => {
    given(uploaded, clean).when(deleteCopy(originalKey, later)).thenRefuses('quarantine_copy_kept', 'conflict');
    given(uploaded, clean, editedUploaded, editedClean, published)
      .when(deleteCopy(editedKey, later))
      .then([{ type: 'QuarantineCopyDeleted', data: { videoId, quarantineKey: editedKey, deletedAt: later } }]);
    given(uploaded).when(deleteCopy(editedKey, later)).thenRefuses('quarantine_copy_not_found', 'not_found');
  });
  it('keeps the clean original while an infected edit waits for another, even after the infected copy’s retention', () => {
    given(uploaded, clean, editedUploaded, editedInfected)
      .when(deleteCopy(originalKey, '2026-12-24T00:00:00.000Z'))
      .thenRefuses('quarantine_copy_kept', 'conflict');
  });
  it('keeps an infected edit for its retention period even once another edit is published', () => {
    const secondUploaded: VideoEvent = {
      type: 'EditedVideoUploaded',
      data: {
        videoId,
        editedBy: admin.id,
        ...original,
        originalName: 'again.mp4',
        quarantineKey: secondEditKey,
        uploadedAt: later,
      },
    };
    const secondClean: VideoEvent = {
      type: 'VideoScannedClean',
      data: { videoId, file: 'edited', quarantineKey: secondEditKey, scanner: 'clamscan', scannedAt: later },
    };
    const secondPublished: VideoEvent = {
      type: 'VideoPublished',
      data: {
        videoId,
        ownerId: owner.id,
        approvedKey: approvedKeyFor(owner.id, videoId, 'video/mp4'),
        fileName: `${videoId}.mp4`,
        size: original.size,
        contentType: 'video/mp4',
        publishedAt: later,
      },
    };
    const history = [uploaded, clean, editedUploaded, editedInfected, secondUploaded, secondClean, secondPublished];
    given(...history)
      .when(deleteCopy(editedKey, later))
      .thenRefuses('quarantine_copy_kept', 'conflict');
    given(...history)
      .when(deleteCopy(secondEditKey, later))
      .then([{ type: 'QuarantineCopyDeleted', data: { videoId, quarantineKey: secondEditKey, deletedAt: later } }]);
  });
  it('deletes each copy of a published video on its own', () => {
    const editedDeleted: VideoEvent = {
      type: 'QuarantineCopyDeleted',
      data: { videoId, quarantineKey: editedKey, deletedAt: later },
    };
    given(uploaded, clean, editedUploaded, editedClean, published, editedDeleted)
      .when(deleteCopy(originalKey, later))
      .then([{ type: 'QuarantineCopyDeleted', data: { videoId, quarantineKey: originalKey, deletedAt: later } }]);
  });
});

describe('video decider: the listing it is shown on', () => {
  it('lets the owner attach and detach it; nothing is recorded when nothing changes', () => {
    given(uploaded)
      .when({ type: 'AttachToListing', actor: owner, propertyId: 'p-2', at: later })
      .then([
        {
          type: 'VideoAttachedToListing',
          data: { videoId, propertyId: 'p-2', attachedBy: owner.id, attachedAt: later },
        },
      ]);
    given(uploaded).when({ type: 'AttachToListing', actor: owner, propertyId: 'p-1', at: later }).then([]);
    given(uploaded)
      .when({ type: 'DetachFromListing', actor: owner, at: later })
      .then([
        {
          type: 'VideoDetachedFromListing',
          data: { videoId, propertyId: 'p-1', detachedBy: owner.id, detachedAt: later },
        },
      ]);
  });
  it('records nothing when attaching to the listing it is already on, or detaching a video on no listing', () => {
    const attached: VideoEvent = {
      type: 'VideoAttachedToListing',
      data: { videoId, propertyId: 'p-2', attachedBy: owner.id, attachedAt: later },
    };
    const detached: VideoEvent = {
      type: 'VideoDetachedFromListing',
      data: { videoId, propertyId: 'p-1', detachedBy: owner.id, detachedAt: later },
    };
    given(uploaded, attached).when({ type: 'AttachToListing', actor: owner, propertyId: 'p-2', at: later }).then([]);
    given(uploaded, attached)
      .when({ type: 'DetachFromListing', actor: owner, at: later })
      .then([
        {
          type: 'VideoDetachedFromListing',
          data: { videoId, propertyId: 'p-2', detachedBy: owner.id, detachedAt: later },
        },
      ]);
    given(uploaded, detached).when({ type: 'DetachFromListing', actor: owner, at: later }).then([]);
    given(uploaded, detached)
      .when({ type: 'AttachToListing', actor: owner, propertyId: 'p-1', at: later })
      .then([
        {
          type: 'VideoAttachedToListing',
          data: { videoId, propertyId: 'p-1', attachedBy: owner.id, attachedAt: later },
        },
      ]);
  });
  it('refuses anyone else (admins moderate, they do not edit listings) and an infected video', () => {
    given(uploaded)
      .when({ type: 'AttachToListing', actor: stranger, propertyId: 'p-2', at: later })
      .thenRefuses('not_owner', 'forbidden');
    given(uploaded).when({ type: 'DetachFromListing', actor: admin, at: later }).thenRefuses('not_owner', 'forbidden');
    given(uploaded, infected)
      .when({ type: 'AttachToListing', actor: owner, propertyId: 'p-2', at: later })
      .thenRefuses('video_infected', 'conflict');
  });
});

describe('video downloads', () => {
  it('gives an admin the clean original, and nothing unscanned, failed or infected', () => {
    expect(adminDownload(stateOf(uploaded, clean), admin)).toEqual({
      key: originalKey,
      fileName: 'walkthrough.mp4',
      contentType: 'video/mp4',
      size: 5_000_000,
    });
    for (const state of [stateOf(uploaded), stateOf(uploaded, failed(1)), stateOf(uploaded, infected)]) {
      expect(() => adminDownload(state, admin)).toThrow(
        expect.objectContaining({ code: 'video_not_clean', kind: 'conflict' }),
      );
    }
    expect(() => adminDownload(stateOf(uploaded, clean), owner)).toThrow(
      expect.objectContaining({ code: 'admin_only', kind: 'forbidden' }),
    );
    expect(() => adminDownload(stateOf(), admin)).toThrow(expect.objectContaining({ code: 'video_not_found' }));
  });
  it('gives the owner the published version only, and everyone else the same 404 as no video', () => {
    const done = stateOf(uploaded, clean, editedUploaded, editedClean, published);
    expect(ownerDownload(done, owner)).toEqual({
      key: approvedKey,
      fileName: 'v-1.mov',
      contentType: 'video/quicktime',
      size: 4_000_000,
      originalName: 'walkthrough.mp4',
    });
    for (const [state, actor] of [
      [done, stranger],
      [done, admin],
      [stateOf(uploaded, clean, editedUploaded, editedClean), owner],
      [stateOf(uploaded, infected), owner],
    ] as const) {
      expect(() => ownerDownload(state, actor)).toThrow(
        expect.objectContaining({ code: 'video_not_found', kind: 'not_found' }),
      );
    }
  });
});

describe('scan retry delay', () => {
  it('doubles from 30 s and stops growing at an hour', () => {
    expect([1, 2, 3, 4, 7, 8, 50].map(scanRetryDelayMs)).toEqual([
      30_000, 60_000, 120_000, 240_000, 1_920_000, 3_600_000, 3_600_000,
    ]);
  });
});

describe('video decider: unreviewed videos expire (issue 27)', () => {
  const thirtyDays = '2026-12-23T10:00:00.000Z';
  const expired: VideoEvent = {
    type: 'VideoExpiredUnreviewed',
    data: { videoId, ownerId: owner.id, uploadedAt: at, expiredAt: thirtyDays },
  };

  it('expires a video still waiting for its scan or an admin 30 days after its upload, and not a moment before', () => {
    given(uploaded).when({ type: 'ExpireUnreviewed', at: thirtyDays }).then([expired]);
    given(uploaded, clean).when({ type: 'ExpireUnreviewed', at: thirtyDays }).then([expired]);
    given(uploaded, failed(3)).when({ type: 'ExpireUnreviewed', at: thirtyDays }).then([expired]);
    given(uploaded, clean)
      .when({ type: 'ExpireUnreviewed', at: '2026-12-23T09:59:59.999Z' })
      .thenRefuses('video_not_expirable', 'conflict');
  });

  it('never expires a video an admin has taken up, a published one, an infected one, or one already expired', () => {
    for (const events of [
      [uploaded, clean, editedUploaded],
      [uploaded, clean, editedUploaded, editedClean, published],
      [uploaded, infected],
      [uploaded, expired],
    ]) {
      given(...events)
        .when({ type: 'ExpireUnreviewed', at: '2027-06-01T00:00:00.000Z' })
        .thenRefuses('video_not_expirable', 'conflict');
    }
  });

  it('leaves an expired video nothing to scan, and lets its quarantine copy go at once', () => {
    const state = stateOf(uploaded, expired);
    expect(state).toMatchObject({ status: 'expired', awaitingScan: null });
    given(uploaded, expired)
      .when({
        type: 'RecordScanResult',
        quarantineKey: originalKey,
        verdict: { kind: 'clean', scanner: 'clamd' },
        at: thirtyDays,
      })
      .thenRefuses('scan_not_awaited', 'conflict');
    given(uploaded, expired)
      .when({ type: 'DeleteQuarantineCopy', quarantineKey: originalKey, at: thirtyDays })
      .then([{ type: 'QuarantineCopyDeleted', data: { videoId, quarantineKey: originalKey, deletedAt: thirtyDays } }]);
  });
});
