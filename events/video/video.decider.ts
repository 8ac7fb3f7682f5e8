import type { Actor } from '../actor.ts';
import type { Decider } from '../store/decider.ts';
import { DomainError } from '../store/errors.ts';
import type { DomainEvent } from '../store/event-type.ts';
import { videoEventTypes, type ScanFailure, type VideoContentType, type VideoFile } from './video.events.ts';
import {
  addDays,
  addMs,
  approvedKeyFor,
  extensionOf,
  INFECTED_RETENTION_DAYS,
  MAX_VIDEO_BYTES,
  UNREVIEWED_EXPIRY_DAYS,
  quarantinePrefix,
  scanRetryDelayMs,
} from './video.policy.ts';

export type VideoEvent = DomainEvent<(typeof videoEventTypes)[number]>;

/**
 * Spec part 2 §4: upload to quarantine → virus scan → an admin downloads, edits
 * and uploads the edited version → (scanned too) → the owner's approved area.
 * The admin screen shows these with underscores as spaces ("edited pending scan").
 */
export const VIDEO_STATUSES = [
  'pending_scan',
  'scan_failed',
  'scan_unavailable',
  'infected',
  'pending_review',
  'edited_pending_scan',
  'edited_scan_failed',
  'edited_scan_unavailable',
  'edited_infected',
  'publishing',
  'approved',
  'expired',
] as const;
export type VideoStatus = (typeof VIDEO_STATUSES)[number];

/** A host's original still waiting (for its scan or for an admin): what expires unreviewed and counts against the upload quota. */
export const AWAITING_REVIEW: readonly VideoStatus[] = [
  'pending_scan',
  'scan_failed',
  'scan_unavailable',
  'pending_review',
];

export type Upload = {
  originalName: string;
  size: number;
  contentType: VideoContentType;
  quarantineKey: string;
  sha256?: string | undefined;
};

export type QuarantineCopy = {
  key: string;
  file: VideoFile;
  /** Set when the scanner found it infected: never downloadable, deletable from this time on. */
  infectedDeleteAfter: string | null;
  deleted: boolean;
};

export type KnownVideo = {
  status: VideoStatus;
  videoId: string;
  ownerId: string;
  /** The listing the video is for (given at upload or attached later); shown there once approved. */
  propertyId: string | null;
  original: Upload & { uploadedAt: string };
  edited: (Upload & { uploadedAt: string; editedBy: string }) | null;
  /** The file waiting for a verdict, and how many attempts at it failed. */
  awaitingScan: { file: VideoFile; key: string; failedAttempts: number } | null;
  copies: QuarantineCopy[];
  approved: { key: string; fileName: string; size: number; contentType: VideoContentType; publishedAt: string } | null;
};

export type VideoState = { status: 'none' } | KnownVideo;

export type ScanVerdict =
  | { kind: 'clean'; scanner: string }
  | { kind: 'infected'; scanner: string; signature: string }
  | { kind: 'failed'; failure: ScanFailure; reason: string };

export type VideoCommand =
  | { type: 'UploadVideo'; videoId: string; actor: Actor; propertyId: string | null; upload: Upload; at: string }
  | { type: 'RecordScanResult'; quarantineKey: string; verdict: ScanVerdict; at: string }
  | { type: 'UploadEditedVideo'; actor: Actor; upload: Upload; at: string }
  | { type: 'PublishVideo'; approvedKey: string; at: string }
  | { type: 'DeleteQuarantineCopy'; quarantineKey: string; at: string }
  | { type: 'AttachToListing'; actor: Actor; propertyId: string; at: string }
  | { type: 'DetachFromListing'; actor: Actor; at: string }
  | { type: 'ExpireUnreviewed'; at: string };

export const VIDEO_ERRORS = {
  notFound: () => new DomainError('not_found', 'video_not_found', 'Video not found'),
  exists: () => new DomainError('conflict', 'video_exists', 'A video with this id already exists.'),
  tooLarge: () => new DomainError('too_large', 'video_too_large', 'A video may be at most 100 MB.'),
  badKey: () =>
    new DomainError('invalid', 'video_storage_key', 'The storage key is not one the server chose for this video.'),
  adminOnly: () => new DomainError('forbidden', 'admin_only', 'Only an administrator can do this.'),
  notOwner: () => new DomainError('forbidden', 'not_owner', "You don't have permission to change this video."),
  scanNotAwaited: () =>
    new DomainError(
      'conflict',
      'scan_not_awaited',
      'This file is not waiting for a scan (already scanned, or replaced).',
    ),
  notReadyForEdit: (status: VideoStatus) =>
    new DomainError(
      'conflict',
      'video_not_ready_for_edit',
      `An edited version can be uploaded only for a clean video waiting for review (this one is ${status.replaceAll('_', ' ')}).`,
    ),
  notPublishable: () =>
    new DomainError(
      'conflict',
      'video_not_publishable',
      'Only a video whose edited version was scanned clean can be published.',
    ),
  copyUnknown: () =>
    new DomainError('not_found', 'quarantine_copy_not_found', 'This video has no such quarantine copy.'),
  copyStillNeeded: () =>
    new DomainError(
      'conflict',
      'quarantine_copy_kept',
      'This quarantine copy is kept until its retention period ends or the video is published.',
    ),
  infected: () => new DomainError('conflict', 'video_infected', 'This video was found infected and cannot be used.'),
  notExpirable: () =>
    new DomainError(
      'conflict',
      'video_not_expirable',
      `Only a video waiting for review for ${UNREVIEWED_EXPIRY_DAYS} days expires.`,
    ),
};

function known(state: VideoState): KnownVideo {
  if (state.status === 'none') throw VIDEO_ERRORS.notFound();
  return state;
}

function checkUpload(videoId: string, upload: Upload) {
  if (upload.size > MAX_VIDEO_BYTES) throw VIDEO_ERRORS.tooLarge();
  const rest = upload.quarantineKey.slice(quarantinePrefix(videoId).length);
  const ok =
    upload.quarantineKey.startsWith(quarantinePrefix(videoId)) &&
    /^[A-Za-z0-9-]+\.[a-z0-9]+$/.test(rest) &&
    rest.endsWith(`.${extensionOf(upload.contentType)}`);
  if (!ok) throw VIDEO_ERRORS.badKey();
}

function scanResult(s: KnownVideo, key: string, verdict: ScanVerdict, at: string): VideoEvent[] {
  const awaited = s.awaitingScan;
  if (!awaited || awaited.key !== key) throw VIDEO_ERRORS.scanNotAwaited();
  const { videoId } = s;
  const { file } = awaited;
  switch (verdict.kind) {
    case 'clean':
      return [
        {
          type: 'VideoScannedClean',
          data: { videoId, file, quarantineKey: key, scanner: verdict.scanner, scannedAt: at },
        },
      ];
    case 'infected':
      return [
        {
          type: 'VideoFoundInfected',
          data: {
            videoId,
            file,
            quarantineKey: key,
            signature: verdict.signature,
            scanner: verdict.scanner,
            scannedAt: at,
            deleteAfter: addDays(at, INFECTED_RETENTION_DAYS),
          },
        },
      ];
    case 'failed': {
      const attempt = awaited.failedAttempts + 1;
      return [
        {
          type: 'VideoScanFailed',
          data: {
            videoId,
            file,
            quarantineKey: key,
            attempt,
            failure: verdict.failure,
            reason: verdict.reason,
            failedAt: at,
            nextAttemptAt: addMs(at, scanRetryDelayMs(attempt)),
          },
        },
      ];
    }
    default: {
      const unknown: never = verdict;
      throw new Error(`unknown verdict ${JSON.stringify(unknown)}`);
    }
  }
}

function deleteCopy(s: KnownVideo, key: string, at: string): VideoEvent[] {
  const copy = s.copies.find((c) => c.key === key);
  if (!copy) throw VIDEO_ERRORS.copyUnknown();
  if (copy.deleted) return [];
  const expired = copy.infectedDeleteAfter !== null && copy.infectedDeleteAfter <= at;
  // A clean copy has done its work once the edited version is in the approved area; an expired video's is of no more use.
  const superseded = copy.infectedDeleteAfter === null && (s.status === 'approved' || s.status === 'expired');
  if (!expired && !superseded) throw VIDEO_ERRORS.copyStillNeeded();
  return [{ type: 'QuarantineCopyDeleted', data: { videoId: s.videoId, quarantineKey: key, deletedAt: at } }];
}

function decide(command: VideoCommand, state: VideoState): VideoEvent[] {
  switch (command.type) {
    case 'UploadVideo': {
      if (state.status !== 'none') throw VIDEO_ERRORS.exists();
      const { videoId, actor, propertyId, upload, at } = command;
      checkUpload(videoId, upload);
      const { sha256, ...file } = upload;
      return [
        {
          type: 'VideoUploaded',
          data: { videoId, ownerId: actor.id, propertyId, ...file, uploadedAt: at, ...(sha256 ? { sha256 } : {}) },
        },
      ];
    }
    case 'RecordScanResult':
      return scanResult(known(state), command.quarantineKey, command.verdict, command.at);
    case 'UploadEditedVideo': {
      const s = known(state);
      if (!command.actor.isAdmin) throw VIDEO_ERRORS.adminOnly();
      if (s.status !== 'pending_review' && s.status !== 'edited_infected') throw VIDEO_ERRORS.notReadyForEdit(s.status);
      checkUpload(s.videoId, command.upload);
      if (s.copies.some((c) => c.key === command.upload.quarantineKey)) throw VIDEO_ERRORS.badKey();
      const { sha256: _, ...file } = command.upload;
      return [
        {
          type: 'EditedVideoUploaded',
          data: { videoId: s.videoId, editedBy: command.actor.id, ...file, uploadedAt: command.at },
        },
      ];
    }
    case 'PublishVideo': {
      const s = known(state);
      if (s.status !== 'publishing' || !s.edited) throw VIDEO_ERRORS.notPublishable();
      const { contentType, size } = s.edited;
      if (command.approvedKey !== approvedKeyFor(s.ownerId, s.videoId, contentType)) throw VIDEO_ERRORS.badKey();
      return [
        {
          type: 'VideoPublished',
          data: {
            videoId: s.videoId,
            ownerId: s.ownerId,
            approvedKey: command.approvedKey,
            fileName: `${s.videoId}.${extensionOf(contentType)}`,
            size,
            contentType,
            publishedAt: command.at,
          },
        },
      ];
    }
    case 'DeleteQuarantineCopy':
      return deleteCopy(known(state), command.quarantineKey, command.at);
    case 'AttachToListing': {
      const s = known(state);
      if (command.actor.id !== s.ownerId) throw VIDEO_ERRORS.notOwner();
      if (s.status === 'infected') throw VIDEO_ERRORS.infected();
      if (s.propertyId === command.propertyId) return [];
      return [
        {
          type: 'VideoAttachedToListing',
          data: {
            videoId: s.videoId,
            propertyId: command.propertyId,
            attachedBy: command.actor.id,
            attachedAt: command.at,
          },
        },
      ];
    }
    case 'DetachFromListing': {
      const s = known(state);
      if (command.actor.id !== s.ownerId) throw VIDEO_ERRORS.notOwner();
      if (s.propertyId === null) return [];
      return [
        {
          type: 'VideoDetachedFromListing',
          data: { videoId: s.videoId, propertyId: s.propertyId, detachedBy: command.actor.id, detachedAt: command.at },
        },
      ];
    }
    case 'ExpireUnreviewed': {
      const s = known(state);
      if (!AWAITING_REVIEW.includes(s.status) || addDays(s.original.uploadedAt, UNREVIEWED_EXPIRY_DAYS) > command.at)
        throw VIDEO_ERRORS.notExpirable();
      return [
        {
          type: 'VideoExpiredUnreviewed',
          data: { videoId: s.videoId, ownerId: s.ownerId, uploadedAt: s.original.uploadedAt, expiredAt: command.at },
        },
      ];
    }
    default: {
      const unknown: never = command;
      throw new Error(`unknown command ${JSON.stringify(unknown)}`);
    }
  }
}

const failedStatus = (file: VideoFile, failure: ScanFailure): VideoStatus =>
  file === 'original'
    ? failure === 'unavailable'
      ? 'scan_unavailable'
      : 'scan_failed'
    : failure === 'unavailable'
      ? 'edited_scan_unavailable'
      : 'edited_scan_failed';

function evolve(state: VideoState, event: VideoEvent): VideoState {
  if (event.type === 'VideoUploaded') {
    const { videoId, ownerId, propertyId, uploadedAt, sha256: _, ...upload } = event.data;
    return {
      status: 'pending_scan',
      videoId,
      ownerId,
      propertyId,
      original: { ...upload, uploadedAt },
      edited: null,
      awaitingScan: { file: 'original', key: upload.quarantineKey, failedAttempts: 0 },
      copies: [{ key: upload.quarantineKey, file: 'original', infectedDeleteAfter: null, deleted: false }],
      approved: null,
    };
  }
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'VideoScannedClean':
      return { ...state, status: event.data.file === 'original' ? 'pending_review' : 'publishing', awaitingScan: null };
    case 'VideoFoundInfected': {
      const { quarantineKey, deleteAfter, file } = event.data;
      return {
        ...state,
        status: file === 'original' ? 'infected' : 'edited_infected',
        awaitingScan: null,
        copies: state.copies.map((c) => (c.key === quarantineKey ? { ...c, infectedDeleteAfter: deleteAfter } : c)),
      };
    }
    case 'VideoScanFailed': {
      const { file, failure, attempt, quarantineKey } = event.data;
      return {
        ...state,
        status: failedStatus(file, failure),
        awaitingScan: { file, key: quarantineKey, failedAttempts: attempt },
      };
    }
    case 'EditedVideoUploaded': {
      const { editedBy, uploadedAt, videoId: _, ...upload } = event.data;
      return {
        ...state,
        status: 'edited_pending_scan',
        edited: { ...upload, uploadedAt, editedBy },
        awaitingScan: { file: 'edited', key: upload.quarantineKey, failedAttempts: 0 },
        copies: [
          ...state.copies,
          { key: upload.quarantineKey, file: 'edited', infectedDeleteAfter: null, deleted: false },
        ],
      };
    }
    case 'VideoPublished': {
      const { approvedKey: key, fileName, size, contentType, publishedAt } = event.data;
      return { ...state, status: 'approved', approved: { key, fileName, size, contentType, publishedAt } };
    }
    case 'QuarantineCopyDeleted':
      return {
        ...state,
        copies: state.copies.map((c) => (c.key === event.data.quarantineKey ? { ...c, deleted: true } : c)),
      };
    case 'VideoAttachedToListing':
      return { ...state, propertyId: event.data.propertyId };
    case 'VideoDetachedFromListing':
      return { ...state, propertyId: null };
    case 'VideoExpiredUnreviewed':
      return { ...state, status: 'expired', awaitingScan: null };
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

export const videoDecider: Decider<VideoCommand, VideoEvent, VideoState> = {
  initialState: () => ({ status: 'none' }),
  decide,
  evolve,
};

/** The video's events and rules, for the command runner. */
export const videoAggregate = { eventTypes: videoEventTypes, decider: videoDecider };
