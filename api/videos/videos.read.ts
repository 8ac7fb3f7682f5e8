import type { SqlClient } from '../../events/store/sql.ts';
import { storedExtensionOf } from '../../events/video/video.policy.ts';
import { isoOrNull } from '../db/row-values.ts';
import { isUuid } from '../http/is-uuid.ts';
import {
  videoIdOfFileName,
  videoStreamUrl,
  type ApprovedVideo,
  type PendingVideo,
  type PendingVideosPage,
  type UploadedVideo,
  type VideoStatus,
} from '../contract/videos.schema.ts';

type PendingRow = {
  id: string;
  owner_id: string;
  status: VideoStatus;
  original_name: string;
  file_size: string | number;
  content_type: string;
  uploaded_at: Date | string;
  last_scan_error: string | null;
  next_scan_at: Date | string | null;
  infected_signature: string | null;
  first_name: string | null;
  last_name: string | null;
  property_id: string | null;
  title: string | null;
};

/**
 * Admin Video Management's list: every video not yet approved nor expired
 * (infected ones included, marked so), newest upload first, with the
 * uploader's name and the listing it is for; a page of it and the count of all.
 */
export async function listPendingVideos(
  db: SqlClient,
  { page, limit }: { page: number; limit: number },
): Promise<PendingVideosPage> {
  const waiting = `v.status not in ('approved', 'expired')`;
  const [count] = await db.query<{ total: string | number }>(`select count(*) as total from videos v where ${waiting}`);
  const rows = await db.query<PendingRow>(
    `select v.id::text as id, v.owner_id::text as owner_id, v.status, v.original_name, v.file_size, v.content_type, v.uploaded_at,
       v.last_scan_error, v.next_scan_at, v.infected_signature, u.first_name, u.last_name,
       p.id::text as property_id, p.title
     from videos v
     left join users u on u.id = v.owner_id
     left join properties p on p.id = v.property_id
     where ${waiting}
     order by v.uploaded_at desc, v.id desc
     limit $1 offset $2`,
    [limit, (page - 1) * limit],
  );
  return { videos: rows.map(toPendingVideo), total: Number(count?.total ?? 0), page, pageSize: limit };
}

function toPendingVideo(r: PendingRow): PendingVideo {
  return {
    videoId: r.id,
    fileName: `${r.id}.${storedExtensionOf(r.content_type) ?? 'bin'}`,
    originalName: r.original_name,
    userId: r.owner_id,
    uploaderName: [r.first_name, r.last_name].filter(Boolean).join(' '),
    propertyId: r.property_id,
    propertyTitle: r.title,
    status: r.status,
    uploadedAt: isoOrNull(r.uploaded_at)!,
    fileSize: Number(r.file_size),
    lastScanError: r.last_scan_error,
    nextScanAt: isoOrNull(r.next_scan_at),
    infectedSignature: r.infected_signature,
  };
}

/** My Videos: the caller's approved videos, newest approval first. */
export async function listApprovedVideos(db: SqlClient, ownerId: string): Promise<ApprovedVideo[]> {
  const rows = await db.query<{
    id: string;
    approved_file_name: string;
    original_name: string;
    approved_at: Date | string;
    approved_size: string | number;
    property_id: string | null;
  }>(
    `select id::text as id, approved_file_name, original_name, approved_at, approved_size, property_id::text as property_id from videos
     where owner_id = $1 and status = 'approved' order by approved_at desc, id desc`,
    [ownerId],
  );
  return rows.map((r) => ({
    videoId: r.id,
    fileName: r.approved_file_name,
    originalName: r.original_name,
    approvedAt: isoOrNull(r.approved_at)!,
    fileSize: Number(r.approved_size),
    streamUrl: videoStreamUrl(r.approved_file_name),
    propertyId: r.property_id,
  }));
}

/**
 * The video a URL's `{userId}/{fileName}` names, only if that user owns it:
 * the name must be one the server made (`<videoId>.<ext>`) and the id and
 * owner must match a row. Anything else is undefined (a 404), so a crafted
 * name reaches neither another user's video nor a storage path.
 */
export async function findVideoOf(db: SqlClient, ownerId: string, fileName: string): Promise<string | undefined> {
  const videoId = videoIdOfFileName(fileName);
  if (!videoId || !isUuid(ownerId)) return undefined;
  const ext = fileName.slice(fileName.lastIndexOf('.') + 1);
  const rows = await db.query<{ id: string; content_type: string; approved_content_type: string | null }>(
    'select id::text as id, content_type, approved_content_type from videos where id = $1 and owner_id = $2',
    [videoId, ownerId],
  );
  const row = rows[0];
  if (!row) return undefined;
  // The name's extension is the original's (admin download) or the approved file's (owner download).
  const known = [
    storedExtensionOf(row.content_type),
    row.approved_content_type ? storedExtensionOf(row.approved_content_type) : undefined,
  ];
  return known.includes(ext) ? row.id : undefined;
}

/** A video as the upload calls answer it (a replayed upload answers the first one's). */
export async function findUploadedVideo(db: SqlClient, videoId: string): Promise<UploadedVideo | undefined> {
  const rows = await db.query<{
    id: string;
    content_type: string;
    original_name: string;
    status: VideoStatus;
    file_size: string | number;
    property_id: string | null;
  }>(
    'select id::text as id, content_type, original_name, status, file_size, property_id::text as property_id from videos where id = $1',
    [videoId],
  );
  const row = rows[0];
  if (!row) return undefined;
  return {
    videoId: row.id,
    fileName: `${row.id}.${storedExtensionOf(row.content_type) ?? 'bin'}`,
    originalName: row.original_name,
    status: row.status,
    fileSize: Number(row.file_size),
    propertyId: row.property_id,
  };
}

/** The published videos attached to a listing, newest first (shown on its page). */
export async function listListingVideos(
  db: SqlClient,
  propertyId: string,
): Promise<{ videoId: string; fileName: string; contentType: string; fileSize: number; key: string }[]> {
  const rows = await db.query<{
    id: string;
    approved_file_name: string;
    approved_content_type: string;
    approved_size: string | number;
    approved_key: string;
  }>(
    `select id::text as id, approved_file_name, approved_content_type, approved_size, approved_key from videos
     where property_id = $1 and status = 'approved' order by approved_at desc, id desc limit 5`,
    [propertyId],
  );
  return rows.map((r) => ({
    videoId: r.id,
    fileName: r.approved_file_name,
    contentType: r.approved_content_type,
    fileSize: Number(r.approved_size),
    key: r.approved_key,
  }));
}

/**
 * A video recorded from a finished resumable upload (its id derived from the
 * tus id) of this owner, recorded since `since`: what HEAD answers for an
 * upload no longer staged (api/videos/tus-uploads.ts).
 */
export async function findFinishedUpload(
  db: SqlClient,
  { videoId, ownerId, since }: { videoId: string; ownerId: string; since: Date },
): Promise<{ videoId: string; size: number } | undefined> {
  const [row] = await db.query<{ id: string; file_size: string | number }>(
    'select id::text as id, file_size from videos where id = $1 and owner_id = $2 and uploaded_at > $3',
    [videoId, ownerId, since],
  );
  return row && { videoId: row.id, size: Number(row.file_size) };
}

/**
 * The same file (by its SHA-256) uploaded by the same owner for the same
 * listing since `since`, still in use (not expired, not infected), other than
 * `videoId`: a retried upload is this one, not a second video.
 */
export async function findSameUpload(
  db: SqlClient,
  {
    videoId,
    ownerId,
    propertyId,
    sha256,
    since,
  }: { videoId: string; ownerId: string; propertyId: string | null; sha256: string; since: string },
): Promise<string | undefined> {
  const [row] = await db.query<{ id: string }>(
    `select id::text as id from videos
     where owner_id = $1 and content_sha256 = $2 and property_id is not distinct from $3 and uploaded_at > $4 and id <> $5
       and status not in ('expired', 'infected')
     order by uploaded_at limit 1`,
    [ownerId, sha256, propertyId, since, videoId],
  );
  return row?.id;
}
