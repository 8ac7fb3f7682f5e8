import { DomainError } from '../store/errors.ts';
import type { Actor } from '../actor.ts';
import type { KnownVideo, VideoState } from './video.decider.ts';

// Who may download which file of a video. Downloads are reads, not events, but
// the rules are the domain's: nothing unscanned or infected ever leaves
// quarantine, and nobody reaches another person's files.

export type Download = { key: string; fileName: string; contentType: string; size: number };

/** The same answer for "no such video" and "not yours": another person's video does not exist for you. */
const notFound = () => new DomainError('not_found', 'video_not_found', 'Video not found');

const CLEAN_ORIGINAL = new Set<KnownVideo['status']>([
  'pending_review',
  'edited_pending_scan',
  'edited_scan_failed',
  'edited_scan_unavailable',
  'edited_infected',
  'publishing',
  'approved',
]);

/**
 * An admin downloads the host's original to edit it, once it is scanned clean
 * (Admin Video Management). Unscanned, failed and infected files: 409, never the bytes.
 */
export function adminDownload(state: VideoState, actor: Actor): Download {
  if (!actor.isAdmin) throw new DomainError('forbidden', 'admin_only', 'Only an administrator can do this.');
  if (state.status === 'none') throw notFound();
  const copy = state.copies.find((c) => c.key === state.original.quarantineKey);
  if (!CLEAN_ORIGINAL.has(state.status) || !copy || copy.infectedDeleteAfter !== null) {
    throw new DomainError(
      'conflict',
      'video_not_clean',
      `Only a video scanned clean can be downloaded (this one is ${state.status.replaceAll('_', ' ')}).`,
    );
  }
  if (copy.deleted) throw new DomainError('not_found', 'video_file_deleted', 'The original file is no longer kept.');
  const { quarantineKey: key, originalName: fileName, contentType, size } = state.original;
  return { key, fileName, contentType, size };
}

/**
 * The owner downloads (or streams) the approved, edited version: theirs only, once published;
 * with the name the owner uploaded it under (a download is saved under it).
 */
export function ownerDownload(state: VideoState, actor: Actor): Download & { originalName: string } {
  if (state.status === 'none' || state.ownerId !== actor.id || state.status !== 'approved' || !state.approved)
    throw notFound();
  const { key, fileName, contentType, size } = state.approved;
  return { key, fileName, contentType, size, originalName: state.original.originalName };
}
