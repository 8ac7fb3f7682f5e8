import * as v from 'valibot';
import { queryInt } from './query-int.ts';

/** At most 100 MB a video (the domain's limit, events/video/video.policy.ts; pure, so the PWA may import it). */
export { MAX_VIDEO_BYTES } from '../../events/video/video.policy.ts';

// The HTTP shapes of property videos (spec part 2 §3 Pending video and Approved
// video, §7 the video calls; docs/decisions/080). The PWA imports this file:
// no node:*, no SQL.

/** The video workflow's statuses (events/video/video.decider.ts); the admin screen shows `_` as spaces. */
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

/** "edited_pending_scan" → "edited pending scan" (spec: Admin Video Management). */
export const statusLabel = (status: VideoStatus) => status.replaceAll('_', ' ');

/**
 * The name a video goes by in URLs: `<videoId>.<mp4|mov|avi>`, made by the
 * server. A name in a path is only ever matched against this, never joined
 * into a storage path.
 */
export const VIDEO_FILE_NAME = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(mp4|mov|avi)$/;

/** The video id in a file name from a URL, or undefined for anything else. */
export function videoIdOfFileName(fileName: string): string | undefined {
  return VIDEO_FILE_NAME.exec(fileName)?.[1];
}

export const PendingVideoSchema = v.object({
  videoId: v.string(),
  /** `<videoId>.<ext>`, for GET /api/admin/download-video/{userId}/{fileName}. */
  fileName: v.string(),
  /** As the uploader's phone named it: shown, never used as a path. */
  originalName: v.string(),
  userId: v.string(),
  uploaderName: v.string(),
  propertyId: v.nullable(v.string()),
  propertyTitle: v.nullable(v.string()),
  status: v.picklist(VIDEO_STATUSES),
  uploadedAt: v.string(),
  fileSize: v.number(),
  /** Why the last scan gave no verdict, and when the next attempt is due (scan failed / unavailable). */
  lastScanError: v.nullable(v.string()),
  nextScanAt: v.nullable(v.string()),
  infectedSignature: v.nullable(v.string()),
});
export type PendingVideo = v.InferOutput<typeof PendingVideoSchema>;

export const ApprovedVideoSchema = v.object({
  videoId: v.string(),
  /** `<videoId>.<ext>`, for GET /api/user/download-video/{fileName}. */
  fileName: v.string(),
  /** As the uploader's phone named it ("tour.mp4"): what My Videos shows, never a path (issue 28). */
  originalName: v.string(),
  approvedAt: v.string(),
  fileSize: v.number(),
  streamUrl: v.string(),
  propertyId: v.nullable(v.string()),
});
export type ApprovedVideo = v.InferOutput<typeof ApprovedVideoSchema>;

/**
 * The name the owner's device saves the approved video under: the name they
 * gave it, with the approved file's extension (the edited version may be of
 * another type): "IMG_0042.MOV" edited as `<id>.mp4` is saved as "IMG_0042.mp4".
 */
export function savedVideoName(originalName: string, fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  const extension = dot > 0 ? fileName.slice(dot) : '';
  const stemEnd = originalName.lastIndexOf('.');
  const stem = stemEnd >= 0 ? originalName.slice(0, stemEnd) : originalName;
  return `${stem || 'video'}${extension}`;
}

/** Where the owner's player streams an approved video from (Range requests). */
export const videoStreamUrl = (fileName: string) => `/api/user/download-video/${fileName}?inline=1`;

/**
 * The resumable upload endpoint (tus 1.0, docs/decisions/080): `POST` creates
 * an upload (`Upload-Length`, `Upload-Metadata` with `filename`, `filetype`
 * and optionally `propertyId`, base64 as tus says), `PATCH` sends bytes from
 * an offset, `HEAD` tells the offset the server has. The finishing `PATCH`
 * answers with the stored video (UploadedVideoSchema) as JSON.
 */
export const VIDEO_TUS_PATH = '/api/uploads/videos';

/** A video just stored in quarantine, waiting for its scan (both upload calls answer with these). */
export const UploadedVideoSchema = v.object({
  videoId: v.string(),
  fileName: v.string(),
  originalName: v.string(),
  status: v.picklist(VIDEO_STATUSES),
  fileSize: v.number(),
  propertyId: v.nullable(v.string()),
});
export type UploadedVideo = v.InferOutput<typeof UploadedVideoSchema>;

/** POST /api/upload/property-videos (multipart field `videos`, optional field `propertyId`): 201. */
export const UploadVideosResponseSchema = v.object({ videos: v.array(UploadedVideoSchema) });

/** POST /api/admin/upload-edited-video/{userId} (multipart `editedVideo`, `originalFileName` = the pending video's fileName): 201. */
export const EditedVideoResponseSchema = v.object({
  videoId: v.string(),
  status: v.picklist(VIDEO_STATUSES),
  message: v.string(),
});

/** The admins' pending list is paged like GET /api/admin/properties: 20 a page unless `limit` says (at most 100). */
export const PENDING_VIDEOS_PAGE_SIZE = 20;
export const MAX_PENDING_VIDEOS_PAGE_SIZE = 100;

/** GET /api/admin/pending-videos?page=&limit= */
export const PendingVideosQuerySchema = v.object({
  page: v.optional(queryInt('page', 1, 100_000), '1'),
  limit: v.optional(queryInt('limit', 1, MAX_PENDING_VIDEOS_PAGE_SIZE), String(PENDING_VIDEOS_PAGE_SIZE)),
});

/** Newest upload first; `total` counts every video still waiting (the admin's pager). */
export const PendingVideosResponseSchema = v.object({
  videos: v.array(PendingVideoSchema),
  total: v.number(),
  page: v.number(),
  pageSize: v.number(),
});
export type PendingVideosPage = v.InferOutput<typeof PendingVideosResponseSchema>;
export const ApprovedVideosResponseSchema = v.object({ videos: v.array(ApprovedVideoSchema) });

/** A published video shown on a listing's page: GET /api/properties/{id}/videos. */
export const ListingVideoSchema = v.object({
  videoId: v.string(),
  /** Streams with Range requests; nothing is fetched until the viewer presses play. */
  streamUrl: v.string(),
  contentType: v.string(),
  fileSize: v.number(),
});
export const ListingVideosResponseSchema = v.object({ videos: v.array(ListingVideoSchema) });
export const listingVideoStreamUrl = (propertyId: string, fileName: string) =>
  `/api/properties/${propertyId}/videos/${fileName}`;
