import type { DetailedError, Upload } from 'tus-js-client';
import { toast } from '../../ui/toast.ts';
import { checkVideoFile } from './video-file.ts';
import { classifyUploadFailure, UPLOAD_FAILED, type UploadFailure } from './upload-failure.ts';
import { VIDEO_TUS_PATH, type UploadedVideo } from './videos-contract.ts';

// One resumable upload per place (the dashboard, each listing) and person, kept here rather
// than in a component: a host may go on to another screen of the app while 100 MB crawl up
// a 3G link, and come back to see it. tus-js-client is imported when an upload starts, so
// no screen pays for it before then (docs/decisions/080).

export type UploadTarget = { userId: string; propertyId?: string | undefined };

export type UploadState =
  | { phase: 'idle' }
  | { phase: 'checking'; name: string }
  | { phase: 'uploading' | 'paused' | 'waiting'; name: string; sent: number; total: number }
  | { phase: 'done'; name: string; video: UploadedVideo | null }
  | { phase: 'failed'; name: string; message: string; canRetry: boolean };

const CHUNK_BYTES = 5 * 1024 * 1024;
const RETRY_DELAYS = [0, 1000, 3000, 5000, 10_000, 20_000];
/** While the connection is lost: how often to look again, besides the browser's `online` event. */
const WAKE_EVERY_MS = 15_000;

type Slot = {
  state: UploadState;
  listeners: Set<() => void>;
  file?: File;
  upload?: Upload;
};

const slots = new Map<string, Slot>();
/** How to stop waiting for the connection, per slot. */
const stops = new WeakMap<Slot, () => void>();
const IDLE: UploadState = { phase: 'idle' };

/** Also the start of every fingerprint of this place's uploads (tus keeps them in localStorage). */
export const slotKey = (target: UploadTarget) => `efie-video|${target.userId}|${target.propertyId ?? '-'}`;

function slotOf(key: string): Slot {
  let slot = slots.get(key);
  if (!slot) {
    slot = { state: IDLE, listeners: new Set() };
    slots.set(key, slot);
  }
  return slot;
}

function set(slot: Slot, state: UploadState) {
  slot.state = state;
  for (const listener of slot.listeners) listener();
}

export const uploadStateOf = (key: string): UploadState => slots.get(key)?.state ?? IDLE;

export function subscribeToUpload(key: string, listener: () => void): () => void {
  const slot = slotOf(key);
  slot.listeners.add(listener);
  return () => slot.listeners.delete(listener);
}

const busy = (state: UploadState) =>
  state.phase === 'checking' || state.phase === 'uploading' || state.phase === 'waiting';

// Leaving the page mid-upload asks first; if the person leaves anyway, picking the same file
// later resumes from the server's offset.
if (typeof window !== 'undefined') {
  addEventListener('beforeunload', (event) => {
    if ([...slots.values()].some((slot) => busy(slot.state))) event.preventDefault();
  });
  // A request in flight when the connection drops can hang for a long time on a phone: say so
  // at once, stop it, and go on from the server's offset when the connection is back.
  addEventListener('offline', () => {
    for (const slot of slots.values()) {
      const { upload, state } = slot;
      if (!upload || state.phase !== 'uploading') continue;
      set(slot, { ...state, phase: 'waiting' });
      void upload.abort().then(() => {
        if (slot.upload === upload && slot.state.phase === 'waiting') wakeWhenOnline(slot, upload);
      });
    }
  });
}

export async function startUpload(target: UploadTarget, file: File): Promise<void> {
  const key = slotKey(target);
  const slot = slotOf(key);
  if (busy(slot.state) || slot.state.phase === 'paused') return;
  slot.file = file;
  set(slot, { phase: 'checking', name: file.name });
  const check = await checkVideoFile(file);
  if (!check.ok) return set(slot, { phase: 'failed', name: file.name, message: check.message, canRetry: false });

  let tus: typeof import('tus-js-client');
  try {
    tus = await import('tus-js-client');
  } catch {
    return set(slot, {
      phase: 'failed',
      name: file.name,
      message: 'The uploader could not be loaded. Check your connection and try again.',
      canRetry: true,
    });
  }
  const fingerprint = `${key}|${file.name}|${file.size}|${file.lastModified}`;
  const upload = new tus.Upload(file, {
    endpoint: new URL(VIDEO_TUS_PATH, location.origin).href,
    chunkSize: CHUNK_BYTES,
    retryDelays: RETRY_DELAYS,
    metadata: {
      filename: file.name,
      filetype: check.type,
      ...(target.propertyId ? { propertyId: target.propertyId } : {}),
    },
    // The same person, place and file: another person on a shared phone never resumes it.
    fingerprint: () => Promise.resolve(fingerprint),
    storeFingerprintForResuming: true,
    removeFingerprintOnSuccess: true,
    onProgress: (sent, total) => {
      if (slot.upload === upload && (slot.state.phase === 'uploading' || slot.state.phase === 'waiting')) {
        set(slot, { phase: 'uploading', name: file.name, sent, total });
      }
    },
    onSuccess: ({ lastResponse }) => {
      if (slot.upload !== upload) return;
      stopWaking(slot);
      set(slot, { phase: 'done', name: file.name, video: parseVideo(lastResponse.getBody()) });
    },
    onError: (error) => {
      if (slot.upload !== upload) return;
      const status = (error as Partial<DetailedError>).originalResponse?.getStatus();
      // Signed out: the part already sent is still this person's to resume once signed in again.
      failed(slot, upload, file, failureOf(error), status === 401 ? undefined : () => forget(tus, fingerprint));
    },
  });
  slot.upload = upload;
  set(slot, { phase: 'uploading', name: file.name, sent: 0, total: file.size });
  // Started before (a reload, the app killed in the background): carry on from the server's offset.
  try {
    const previous = await upload.findPreviousUploads();
    const newest = previous.sort((a, b) => Date.parse(b.creationTime) - Date.parse(a.creationTime))[0];
    if (newest) upload.resumeFromPreviousUpload(newest);
  } catch {
    // No storage (private mode): a fresh upload.
  }
  if (slot.upload === upload && slot.state.phase === 'uploading') upload.start();
}

function failureOf(error: Error | DetailedError): UploadFailure {
  const detailed = error as Partial<DetailedError>;
  // Not an HTTP failure at all (storage refused, a bug): worth one more try, not an endless wait.
  if (!detailed.originalRequest)
    return { kind: 'server', message: 'The upload stopped unexpectedly. Please try again.' };
  const response = detailed.originalResponse ?? null;
  return classifyUploadFailure(response?.getStatus() ?? null, response?.getBody() ?? null, navigator.onLine);
}

function failed(
  slot: Slot,
  upload: Upload,
  file: File,
  failure: UploadFailure,
  forgetStored: (() => Promise<void>) | undefined,
) {
  const name = file.name;
  const sent = 'sent' in slot.state ? slot.state.sent : 0;
  if (failure.kind === 'connection') {
    set(slot, { phase: 'waiting', name, sent, total: file.size });
    return wakeWhenOnline(slot, upload);
  }
  stopWaking(slot);
  // Refused for good: the server's copy is useless, and so is remembering it.
  if (failure.kind === 'refused') void forgetStored?.();
  set(slot, { phase: 'failed', name, message: failure.message, canRetry: failure.kind === 'server' });
  toast({ title: UPLOAD_FAILED, description: failure.message, variant: 'destructive' });
}

/** Offline: tus asks the server for its offset (HEAD) and goes on from there once the connection is back. */
function wakeWhenOnline(slot: Slot, upload: Upload) {
  stopWaking(slot);
  const wake = () => {
    if (slot.upload !== upload || slot.state.phase !== 'waiting') return stopWaking(slot);
    if (!navigator.onLine) return;
    stopWaking(slot);
    set(slot, { ...slot.state, phase: 'uploading' });
    upload.start();
  };
  const onVisible = () => document.visibilityState === 'visible' && wake();
  addEventListener('online', wake);
  document.addEventListener('visibilitychange', onVisible);
  const timer = setInterval(wake, WAKE_EVERY_MS);
  stops.set(slot, () => {
    clearInterval(timer);
    removeEventListener('online', wake);
    document.removeEventListener('visibilitychange', onVisible);
  });
}

function stopWaking(slot: Slot) {
  stops.get(slot)?.();
  stops.delete(slot);
}

async function forget(tus: typeof import('tus-js-client'), fingerprint: string) {
  const storage = tus.defaultOptions.urlStorage;
  for (const stored of await storage.findUploadsByFingerprint(fingerprint).catch(() => [])) {
    await storage.removeUpload(stored.urlStorageKey).catch(() => undefined);
  }
}

function parseVideo(body: string): UploadedVideo | null {
  try {
    const parsed: unknown = JSON.parse(body);
    return parsed && typeof parsed === 'object' && 'videoId' in parsed ? (parsed as UploadedVideo) : null;
  } catch {
    // A resumed upload that had already finished answers its HEAD with no body.
    return null;
  }
}

export async function pauseUpload(key: string): Promise<void> {
  const slot = slots.get(key);
  if (!slot?.upload || !(slot.state.phase === 'uploading' || slot.state.phase === 'waiting')) return;
  stopWaking(slot);
  set(slot, { ...slot.state, phase: 'paused' });
  await slot.upload.abort();
}

export function resumeUpload(key: string): void {
  const slot = slots.get(key);
  if (!slot?.upload || slot.state.phase !== 'paused') return;
  set(slot, { ...slot.state, phase: 'uploading' });
  slot.upload.start();
}

/** After a server failure: tus asks for the offset and goes on from there; if the uploader never loaded, from the start. */
export function retryUpload(target: UploadTarget): void {
  const slot = slots.get(slotKey(target));
  if (!slot?.file || slot.state.phase !== 'failed' || !slot.state.canRetry) return;
  if (!slot.upload) {
    const file = slot.file;
    set(slot, IDLE);
    return void startUpload(target, file);
  }
  set(slot, { phase: 'uploading', name: slot.state.name, sent: 0, total: slot.file.size });
  slot.upload.start();
}

/** Stops the upload and asks the server to delete what it has (tus termination); nothing is kept. */
export async function cancelUpload(key: string): Promise<void> {
  const slot = slots.get(key);
  if (!slot) return;
  stopWaking(slot);
  const upload = slot.upload;
  delete slot.upload;
  delete slot.file;
  set(slot, IDLE);
  await upload?.abort(true).catch(() => undefined);
}

/** Back to choosing a file, after a success or a refusal. */
export function clearUpload(key: string): void {
  const slot = slots.get(key);
  if (!slot || busy(slot.state) || slot.state.phase === 'paused') return;
  delete slot.upload;
  delete slot.file;
  set(slot, IDLE);
}
