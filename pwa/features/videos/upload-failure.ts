import { NOT_A_VIDEO } from './video-file.ts';

/**
 * What went wrong with an upload, as the screen needs it:
 * - `connection`: no answer (offline, or the server out of reach): wait and resume from the server's offset;
 * - `refused`: the server will never take this file like this (413, 415, 401, 403, 404): start again differently;
 * - `server`: the server failed after tus's own retries: offer to try again (it resumes, nothing is sent twice).
 */
export type UploadFailure = { kind: 'connection' } | { kind: 'refused' | 'server'; message: string };

export const UPLOAD_FAILED = 'Failed to upload videos';

const FALLBACK: Record<number, string> = {
  401: 'You are signed out. Sign in again, then choose the video again: it carries on from where it stopped.',
  403: 'You can only add videos to your own listings.',
  404: 'You can only add videos to your own listings.',
  413: 'This video is larger than 100 MB.',
  415: NOT_A_VIDEO,
  429: 'Too many uploads at once. Please wait a minute and try again.',
};

/** The contract's `{error, code}` body, if the answer has one. */
export function serverErrorText(body: string | null | undefined): string | undefined {
  if (!body) return undefined;
  try {
    const parsed: unknown = JSON.parse(body);
    const error = parsed && typeof parsed === 'object' ? (parsed as { error?: unknown }).error : undefined;
    return typeof error === 'string' && error.trim() ? error : undefined;
  } catch {
    return undefined;
  }
}

/** `status` null or 0: no HTTP answer reached the page. */
export function classifyUploadFailure(
  status: number | null | undefined,
  body: string | null | undefined,
  online: boolean,
): UploadFailure {
  if (!status || !online) return { kind: 'connection' };
  const text = serverErrorText(body);
  if (status === 429 || status >= 500 || status === 409 || status === 423) {
    return {
      kind: 'server',
      message:
        text && status < 500
          ? text
          : (FALLBACK[status] ??
            'Something went wrong on our side. Try again: the upload carries on from where it stopped.'),
    };
  }
  return { kind: 'refused', message: text ?? FALLBACK[status] ?? `The upload was refused (${status}).` };
}
