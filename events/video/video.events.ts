import * as v from 'valibot';
import { defineEvent } from '../store/event-type.ts';

// A property video on its own stream `video-<id>` (docs/decisions/080). A host's
// upload lands in quarantine; the scanner's verdicts, the admin's edited version,
// its scan, its publication to the owner's approved area and the deletion of
// quarantine copies are the events that follow. Storage keys are chosen by the
// server (never from a file name); the original name is kept only to show it.

export const videoStreamId = (videoId: string) => `video-${videoId}`;

/** What the bytes say the file is (api/videos/video-type.ts), never its name. */
export const VIDEO_CONTENT_TYPES = ['video/mp4', 'video/quicktime', 'video/x-msvideo'] as const;
export type VideoContentType = (typeof VIDEO_CONTENT_TYPES)[number];

/** Which file of a video a scan is about: the host's upload or the admin's edited version. */
export const VIDEO_FILES = ['original', 'edited'] as const;
export type VideoFile = (typeof VIDEO_FILES)[number];

/** Why a scan gave no verdict: no scanner answered, or the scanner answered with an error. */
export const SCAN_FAILURES = ['unavailable', 'error'] as const;
export type ScanFailure = (typeof SCAN_FAILURES)[number];

const at = v.string();
const id = v.string();
const file = v.picklist(VIDEO_FILES);
const key = v.string();

const UploadedFile = {
  /** As the uploader's device named it; shown, never used as a path. */
  originalName: v.string(),
  size: v.number(),
  contentType: v.picklist(VIDEO_CONTENT_TYPES),
  /** Where the bytes wait in quarantine, `videos/quarantine/<videoId>/<uploadId>.<ext>`. */
  quarantineKey: key,
};

export const VideoUploaded = defineEvent(
  'VideoUploaded',
  v.object({
    videoId: id,
    ownerId: id,
    propertyId: v.nullable(id),
    ...UploadedFile,
    uploadedAt: at,
    /** The file's SHA-256 (hex), so that the same file sent again soon after is known (issue 27); absent on older events. */
    sha256: v.optional(v.string()),
  }),
);
export const VideoScannedClean = defineEvent(
  'VideoScannedClean',
  v.object({ videoId: id, file, quarantineKey: key, scanner: v.string(), scannedAt: at }),
);
/** Kept out of reach for ever; the quarantine copy may be deleted from `deleteAfter` on. */
export const VideoFoundInfected = defineEvent(
  'VideoFoundInfected',
  v.object({
    videoId: id,
    file,
    quarantineKey: key,
    signature: v.string(),
    scanner: v.string(),
    scannedAt: at,
    deleteAfter: at,
  }),
);
/** No verdict: the file stays in quarantine and is scanned again from `nextAttemptAt`. */
export const VideoScanFailed = defineEvent(
  'VideoScanFailed',
  v.object({
    videoId: id,
    file,
    quarantineKey: key,
    attempt: v.number(),
    failure: v.picklist(SCAN_FAILURES),
    reason: v.string(),
    failedAt: at,
    nextAttemptAt: at,
  }),
);
export const EditedVideoUploaded = defineEvent(
  'EditedVideoUploaded',
  v.object({ videoId: id, editedBy: id, ...UploadedFile, uploadedAt: at }),
);
/** The clean edited version copied to the owner's approved area, `videos/approved/<ownerId>/<videoId>.<ext>`. */
export const VideoPublished = defineEvent(
  'VideoPublished',
  v.object({
    videoId: id,
    ownerId: id,
    approvedKey: key,
    fileName: v.string(),
    size: v.number(),
    contentType: v.picklist(VIDEO_CONTENT_TYPES),
    publishedAt: at,
  }),
);
export const QuarantineCopyDeleted = defineEvent(
  'QuarantineCopyDeleted',
  v.object({ videoId: id, quarantineKey: key, deletedAt: at }),
);
/**
 * Nobody reviewed it within UNREVIEWED_EXPIRY_DAYS of its upload (issue 27): it
 * leaves the admins' list, its quarantine copy is deleted and its owner told.
 */
export const VideoExpiredUnreviewed = defineEvent(
  'VideoExpiredUnreviewed',
  v.object({ videoId: id, ownerId: id, uploadedAt: at, expiredAt: at }),
);
export const VideoAttachedToListing = defineEvent(
  'VideoAttachedToListing',
  v.object({ videoId: id, propertyId: id, attachedBy: id, attachedAt: at }),
);
export const VideoDetachedFromListing = defineEvent(
  'VideoDetachedFromListing',
  v.object({ videoId: id, propertyId: id, detachedBy: id, detachedAt: at }),
);

export const videoEventTypes = [
  VideoUploaded,
  VideoScannedClean,
  VideoFoundInfected,
  VideoScanFailed,
  EditedVideoUploaded,
  VideoPublished,
  QuarantineCopyDeleted,
  VideoAttachedToListing,
  VideoDetachedFromListing,
  VideoExpiredUnreviewed,
] as const;

export const VIDEO_EVENT_NAMES: readonly string[] = videoEventTypes.map((t) => t.type);
