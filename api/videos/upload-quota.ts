import { DomainError } from '../../events/store/errors.ts';
import type { Database, SqlClient } from '../../events/store/sql.ts';
import { AWAITING_REVIEW } from '../../events/video/video.decider.ts';
import { addDays, INFECTED_RETENTION_DAYS } from '../../events/video/video.policy.ts';
import type { User } from '../contract/auth.schema.ts';

// Bounds on what one account can make Efie hold for videos (issue 27,
// docs/decisions/140): who may upload, how many uploads at once, how many bytes
// waiting. Counted in PostgreSQL under a per-account advisory lock, so parallel
// requests (and several instances) cannot slip past them together.

const MB = 1024 * 1024;

export const VIDEO_QUOTA = {
  /** Uploads at once per account: a resumable upload from creation to finish (or expiry), a multipart request while it is read. */
  inFlight: 3,
  /** Bytes per account waiting for a scan or a review, with those of its uploads in flight and its infected files not yet deleted. */
  pendingBytes: 300 * MB,
  /** How long a multipart request's hold may outlive a process that died while reading it. */
  multipartHoldMs: 2 * 60 * 60 * 1000,
  /** After a refusal for uploads at once: by then one has often finished. */
  retryAfterSeconds: 60,
} as const;

export const QUOTA_ERRORS = {
  unverified: () =>
    new DomainError(
      'forbidden',
      'verification_required',
      'Verify your e-mail address or phone number before uploading videos (Account settings).',
    ),
  tooManyAtOnce: () =>
    new DomainError(
      'rate_limited',
      'too_many_uploads',
      `You already have ${VIDEO_QUOTA.inFlight} video uploads in progress. Let one finish, or cancel one, then try again.`,
      {
        retryAfterSeconds: VIDEO_QUOTA.retryAfterSeconds,
      },
    ),
  pendingFull: (waitingBytes: number) =>
    new DomainError(
      'too_large',
      'video_quota_exceeded',
      `You have ${Math.round(waitingBytes / MB)} MB of videos waiting for review, and at most ${VIDEO_QUOTA.pendingBytes / MB} MB can wait at once. ` +
        'Upload more once our team has reviewed them.',
    ),
};

/** A video upload needs an account whose e-mail or phone is verified: a throwaway account cannot fill quarantine. */
export function requireVerified(user: Pick<User, 'emailVerified' | 'phoneVerified'>): void {
  if (!user.emailVerified && !user.phoneVerified) throw QUOTA_ERRORS.unverified();
}

/** What an account holds now: its uploads in flight and the bytes waiting. */
async function usage(tx: SqlClient, ownerId: string, now: Date): Promise<{ inFlight: number; bytes: number }> {
  const [slots] = await tx.query<{ n: string | number; bytes: string | number }>(
    'select count(*) as n, coalesce(sum(bytes), 0) as bytes from video_upload_slots where owner_id = $1 and expires_at > $2',
    [ownerId, now],
  );
  // Infected copies are kept INFECTED_RETENTION_DAYS after their verdict, then deleted.
  const [videos] = await tx.query<{ bytes: string | number }>(
    `select coalesce(sum(file_size), 0) as bytes from videos
     where owner_id = $1 and (status = any($2::text[]) or (status = 'infected' and scanned_at > $3))`,
    [ownerId, AWAITING_REVIEW, addDays(now.toISOString(), -INFECTED_RETENTION_DAYS)],
  );
  return { inFlight: Number(slots?.n ?? 0), bytes: Number(slots?.bytes ?? 0) + Number(videos?.bytes ?? 0) };
}

/**
 * Holds a place for an upload of `bytes` (declared; a resumable upload's
 * Upload-Length, a multipart request's Content-Length) until `expiresAt`, or
 * refuses: 429 past VIDEO_QUOTA.inFlight uploads at once, 413 past
 * VIDEO_QUOTA.pendingBytes waiting. The same `slotId` again changes nothing.
 */
export async function holdUploadSlot(
  db: Database,
  {
    slotId,
    ownerId,
    bytes,
    now,
    expiresAt,
  }: { slotId: string; ownerId: string; bytes: number; now: Date; expiresAt: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock(hashtext($1))', [`video-quota:${ownerId}`]);
    const [held] = await tx.query('select 1 from video_upload_slots where id = $1', [slotId]);
    if (held) return;
    const current = await usage(tx, ownerId, now);
    if (current.inFlight >= VIDEO_QUOTA.inFlight) throw QUOTA_ERRORS.tooManyAtOnce();
    if (current.bytes + bytes > VIDEO_QUOTA.pendingBytes) throw QUOTA_ERRORS.pendingFull(current.bytes);
    await tx.query('delete from video_upload_slots where owner_id = $1 and expires_at <= $2', [ownerId, now]);
    await tx.query(
      'insert into video_upload_slots (id, owner_id, bytes, created_at, expires_at) values ($1, $2, $3, $4, $5)',
      [slotId, ownerId, bytes, now, expiresAt],
    );
  });
}

/** The upload is finished, refused or cancelled: its place is free (its video, if any, now counts as waiting). */
export async function releaseUploadSlot(db: SqlClient, slotId: string): Promise<void> {
  await db.query('delete from video_upload_slots where id = $1', [slotId]);
}

/** Forgets holds past their time (the rows no longer count; this only keeps the table small). */
export async function deleteExpiredSlots(db: SqlClient, now: Date): Promise<void> {
  await db.query('delete from video_upload_slots where expires_at <= $1', [now]);
}
