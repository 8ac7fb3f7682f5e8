// One HTTP request of the outbox, with an idle timeout instead of a deadline: a photo on a
// 2G uplink may take minutes, which is fine as long as bytes keep moving.
// In a page it is an XMLHttpRequest, whose upload progress both resets the idle timer and is
// shown to the person. The service worker has no XMLHttpRequest and fetch() reports no upload
// progress, so there the limit grows with the body: IDLE_MS plus the time the body takes at
// SLOWEST_UPLINK_BYTES_PER_S (a bad 2G link), and no progress is shown.

export const IDLE_MS = 20_000;
export const SLOWEST_UPLINK_BYTES_PER_S = 2_000;

/** No byte moved for IDLE_MS (or, in the worker, the body took longer than a bad 2G link would). */
export class StalledError extends Error {
  constructor(url: string) {
    super(`Nothing moved for ${IDLE_MS / 1000} s while sending to ${url}`);
    this.name = 'StalledError';
  }
}
/** No answer at all: offline, or the connection dropped. */
export class NoConnectionError extends Error {
  constructor(url: string) {
    super(`No connection to ${url}`);
    this.name = 'NoConnectionError';
  }
}

export type OutboxRequest = { method: string; url: string; headers: Record<string, string>; body?: string };
export type OutboxAnswer = { status: number; statusText: string; text: string };
/** Bytes of the body sent so far, of `total`. */
export type UploadProgress = (sent: number, total: number) => void;

export function sendRequest(request: OutboxRequest, onUpload?: UploadProgress): Promise<OutboxAnswer> {
  return typeof XMLHttpRequest === 'function' ? withXhr(request, onUpload) : withFetch(request);
}

function withXhr(request: OutboxRequest, onUpload?: UploadProgress): Promise<OutboxAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const moved = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        xhr.abort();
        reject(new StalledError(request.url));
      }, IDLE_MS);
    };
    xhr.open(request.method, request.url);
    xhr.withCredentials = true;
    for (const [name, value] of Object.entries(request.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      moved();
      if (event.lengthComputable) onUpload?.(event.loaded, event.total);
    };
    xhr.onprogress = moved;
    xhr.onreadystatechange = moved;
    xhr.onload = () => {
      clearTimeout(timer);
      resolve({ status: xhr.status, statusText: xhr.statusText, text: xhr.responseText });
    };
    xhr.onerror = () => {
      clearTimeout(timer);
      reject(new NoConnectionError(request.url));
    };
    moved();
    xhr.send(request.body ?? null);
  });
}

async function withFetch(request: OutboxRequest): Promise<OutboxAnswer> {
  const bytes = request.body?.length ?? 0;
  const limit = IDLE_MS + Math.ceil((bytes / SLOWEST_UPLINK_BYTES_PER_S) * 1000);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), limit);
  try {
    const init: RequestInit = {
      method: request.method,
      credentials: 'include',
      headers: request.headers,
      signal: controller.signal,
    };
    if (request.body !== undefined) init.body = request.body;
    const response = await fetch(request.url, init);
    return { status: response.status, statusText: response.statusText, text: await response.text() };
  } catch (error) {
    if (controller.signal.aborted) throw new StalledError(request.url);
    if (error instanceof TypeError) throw new NoConnectionError(request.url);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
