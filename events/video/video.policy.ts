import type { VideoContentType } from './video.events.ts';

/** Spec part 2 / CONTRACT: at most 100 MB a video (100 × 2^20 bytes). */
export const MAX_VIDEO_BYTES = 100 * 1024 * 1024;

/**
 * How long an infected file's quarantine copy is kept before it is deleted: long
 * enough for an operator to look at a suspected false positive and report it,
 * short enough that nobody keeps malware lying around. Never downloadable meanwhile.
 */
export const INFECTED_RETENTION_DAYS = 30;

/**
 * A host's video that waits this long after its upload without being reviewed
 * (waiting for its scan or for an admin) expires (issue 27): its quarantine
 * copy is deleted and its owner told, so unreviewed uploads cannot pile up.
 */
export const UNREVIEWED_EXPIRY_DAYS = 30;

const SECOND = 1000;
const FIRST_RETRY_MS = 30 * SECOND;
const LONGEST_RETRY_MS = 60 * 60 * SECOND;

/**
 * The pause before scan attempt `failedAttempts + 1`: 30 s, doubling, at most an
 * hour. There is no last attempt: a file without a verdict stays in quarantine
 * and keeps being tried; it is never passed as clean.
 */
export function scanRetryDelayMs(failedAttempts: number): number {
  const doublings = Math.max(0, failedAttempts - 1);
  return Math.min(FIRST_RETRY_MS * 2 ** Math.min(doublings, 30), LONGEST_RETRY_MS);
}

export const addMs = (iso: string, ms: number) => new Date(new Date(iso).getTime() + ms).toISOString();
export const addDays = (iso: string, days: number) => addMs(iso, days * 24 * 60 * 60 * SECOND);

const EXTENSIONS: Record<VideoContentType, string> = {
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
  'video/x-msvideo': 'avi',
};
export const extensionOf = (type: VideoContentType) => EXTENSIONS[type];
/** For a type read back from storage, where the database does not constrain it: undefined if it is none of ours. */
export const storedExtensionOf = (type: string): string | undefined =>
  Object.hasOwn(EXTENSIONS, type) ? EXTENSIONS[type as VideoContentType] : undefined;

/** Server-chosen keys only: the uploader's file name never becomes part of a path. */
export const quarantinePrefix = (videoId: string) => `videos/quarantine/${videoId}/`;
export const quarantineKeyFor = (videoId: string, uploadId: string, type: VideoContentType) =>
  `${quarantinePrefix(videoId)}${uploadId}.${extensionOf(type)}`;
export const approvedPrefix = (ownerId: string) => `videos/approved/${ownerId}/`;
export const approvedKeyFor = (ownerId: string, videoId: string, type: VideoContentType) =>
  `${approvedPrefix(ownerId)}${videoId}.${extensionOf(type)}`;
