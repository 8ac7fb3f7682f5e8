import { currentLanguage, localeTag } from '../../i18n/i18n.ts';
import type { VideoStatus } from './videos-contract.ts';

const MB = 1024 * 1024;

/** Sizes as the spec writes its limits: "100 MB" is 100 × 2^20 bytes. */
export const formatMegabytes = (bytes: number, digits = 1) => `${(Math.max(0, bytes) / MB).toFixed(digits)} MB`;

/** Whole percent, never 100 before the last byte is sent. */
export function percentOf(sent: number, total: number): number {
  if (total <= 0) return 0;
  if (sent >= total) return 100;
  return Math.min(99, Math.floor((Math.max(0, sent) * 100) / total));
}

/** "12.5 of 80.0 MB" */
export const progressText = (sent: number, total: number) =>
  `${(Math.min(sent, total) / MB).toFixed(1)} of ${formatMegabytes(total)}`;

/** Day, month, year and time, in the person's own locale settings for the time of day. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return 'N/A';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return 'N/A';
  return date.toLocaleString(currentLanguage().code === 'en' ? 'en-GB' : localeTag(), {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}

// The workflow (docs/decisions/080): the original is clean from pending_review on; every
// edited_* status and publishing are about the edited file, the original stays clean.
const ORIGINAL_CLEAN: ReadonlySet<VideoStatus> = new Set([
  'pending_review',
  'edited_pending_scan',
  'edited_scan_failed',
  'edited_scan_unavailable',
  'edited_infected',
  'publishing',
]);
/** An admin may download the original only once the scan found it clean (the server answers 409 otherwise). */
export const canDownloadOriginal = (status: VideoStatus) => ORIGINAL_CLEAN.has(status);

/** An edited version is taken for a clean original waiting for one, or to replace an infected edit. */
export const canUploadEdited = (status: VideoStatus) => status === 'pending_review' || status === 'edited_infected';

/** The scan gave no verdict yet: the last reason and the next attempt are worth showing. */
export const isScanProblem = (status: VideoStatus) =>
  status === 'scan_failed' ||
  status === 'scan_unavailable' ||
  status === 'edited_scan_failed' ||
  status === 'edited_scan_unavailable';

export const isInfected = (status: VideoStatus) => status === 'infected' || status === 'edited_infected';

export type StatusTone = 'neutral' | 'green' | 'amber' | 'blue' | 'red';

export function statusTone(status: VideoStatus): StatusTone {
  if (isInfected(status)) return 'red';
  if (isScanProblem(status)) return 'amber';
  if (status === 'pending_review') return 'blue';
  if (status === 'approved' || status === 'publishing') return 'green';
  return 'neutral';
}

const PLAYABLE: Record<string, string> = { mp4: 'video/mp4', mov: 'video/quicktime', avi: 'video/x-msvideo' };
/** The type a stored video's name says (`<videoId>.<mp4|mov|avi>`, made by the server). */
export const contentTypeOfFileName = (fileName: string): string | undefined =>
  PLAYABLE[fileName.split('.').pop()?.toLowerCase() ?? ''];
