import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

// The upload store against a stand-in for tus-js-client (the protocol itself is tus's and the
// server's to test): what it asks tus for, and how the screen's states follow tus's callbacks.

type Options = {
  endpoint: string;
  chunkSize: number;
  retryDelays: number[];
  metadata: Record<string, string>;
  storeFingerprintForResuming: boolean;
  removeFingerprintOnSuccess: boolean;
  fingerprint: () => Promise<string>;
  onProgress: (sent: number, total: number) => void;
  onSuccess: (payload: { lastResponse: { getBody: () => string } }) => void;
  onError: (error: Error) => void;
};

const fake = vi.hoisted(() => {
  const state = {
    uploads: [] as {
      file: File;
      options: Options;
      start: ReturnType<typeof vi.fn>;
      abort: ReturnType<typeof vi.fn>;
      resumeFromPreviousUpload: ReturnType<typeof vi.fn>;
    }[],
    previous: [] as { creationTime: string; uploadUrl: string; urlStorageKey: string }[],
    removed: [] as string[],
  };
  class Upload {
    start = vi.fn();
    abort = vi.fn(() => Promise.resolve());
    resumeFromPreviousUpload = vi.fn();
    constructor(
      public file: File,
      public options: Options,
    ) {
      state.uploads.push(this);
    }
    findPreviousUploads() {
      return Promise.resolve(state.previous);
    }
  }
  const urlStorage = {
    findUploadsByFingerprint: (fingerprint: string) => Promise.resolve([{ urlStorageKey: `tus::${fingerprint}::1` }]),
    removeUpload: (key: string) => {
      state.removed.push(key);
      return Promise.resolve();
    },
  };
  return { state, module: { Upload, defaultOptions: { urlStorage } } };
});

vi.mock('tus-js-client', () => fake.module);
vi.mock('../../ui/toast', () => ({ toast: vi.fn() }));

const events = new EventTarget();
const network = { onLine: true };
vi.stubGlobal('window', globalThis);
vi.stubGlobal('addEventListener', events.addEventListener.bind(events));
vi.stubGlobal('removeEventListener', events.removeEventListener.bind(events));
vi.stubGlobal('location', { origin: 'http://localhost:3000' });
vi.stubGlobal('navigator', network);
vi.stubGlobal('document', {
  visibilityState: 'visible',
  addEventListener: () => undefined,
  removeEventListener: () => undefined,
});

let store: typeof import('./video-upload-store');
let toast: ReturnType<typeof vi.fn>;
beforeAll(async () => {
  store = await import('./video-upload-store.ts');
  toast = (await import('../../ui/toast.ts')).toast as unknown as ReturnType<typeof vi.fn>;
});

const mp4 = (name = 'tour.mp4') =>
  new File(
    [new Uint8Array([0, 0, 0, 16, ...[...'ftypisom'].map((c) => c.charCodeAt(0)), 0, 0, 0, 0]), new Uint8Array(2048)],
    name,
    { type: 'video/mp4', lastModified: 7 },
  );

const httpError = (status: number | null, body = '') =>
  Object.assign(new Error('tus: failed'), {
    originalRequest: {},
    originalResponse: status === null ? null : { getStatus: () => status, getBody: () => body },
  });

let n = 0;
const target = () => ({ userId: 'user-1', propertyId: `prop-${++n}` });
const last = () => fake.state.uploads.at(-1)!;

beforeEach(() => {
  fake.state.previous = [];
  fake.state.removed = [];
  network.onLine = true;
  toast.mockClear();
});

describe('the video upload store', () => {
  it('checks the bytes first and sends nothing for a photo named .mp4', async () => {
    const before = fake.state.uploads.length;
    const place = target();
    const jpeg = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]), new Uint8Array(500)], 'tour.mp4', {
      type: 'video/mp4',
    });
    await store.startUpload(place, jpeg);
    expect(fake.state.uploads.length).toBe(before);
    expect(store.uploadStateOf(store.slotKey(place))).toMatchObject({
      phase: 'failed',
      canRetry: false,
      message: expect.stringContaining('MP4, MOV or AVI'),
    });
  });

  it('uploads with tus: 5 MB chunks, retries, a fingerprint kept for resuming, the listing in the metadata', async () => {
    const place = target();
    await store.startUpload(place, mp4());
    const { options, start } = last();
    expect(options.endpoint).toBe('http://localhost:3000/api/uploads/videos');
    expect(options.chunkSize).toBe(5 * 1024 * 1024);
    expect(options.retryDelays).toEqual([0, 1000, 3000, 5000, 10_000, 20_000]);
    expect(options.storeFingerprintForResuming).toBe(true);
    expect(options.removeFingerprintOnSuccess).toBe(true);
    expect(options.metadata).toEqual({ filename: 'tour.mp4', filetype: 'video/mp4', propertyId: place.propertyId });
    expect(await options.fingerprint()).toBe(`efie-video|user-1|${place.propertyId}|tour.mp4|2064|7`);
    expect(start).toHaveBeenCalledTimes(1);

    options.onProgress(1024, 2064);
    expect(store.uploadStateOf(store.slotKey(place))).toEqual({
      phase: 'uploading',
      name: 'tour.mp4',
      sent: 1024,
      total: 2064,
    });
    options.onSuccess({
      lastResponse: {
        getBody: () =>
          JSON.stringify({
            videoId: 'v1',
            fileName: 'v1.mp4',
            originalName: 'tour.mp4',
            status: 'pending_scan',
            fileSize: 2064,
            propertyId: place.propertyId,
          }),
      },
    });
    expect(store.uploadStateOf(store.slotKey(place))).toMatchObject({
      phase: 'done',
      video: { videoId: 'v1', status: 'pending_scan' },
    });
  });

  it('sends no propertyId from the dashboard', async () => {
    await store.startUpload({ userId: 'user-2' }, mp4());
    expect(last().options.metadata).toEqual({ filename: 'tour.mp4', filetype: 'video/mp4' });
  });

  it('resumes the newest earlier upload of the same file', async () => {
    fake.state.previous = [
      { creationTime: 'Mon Mar 02 2026 10:00:00 GMT+0000', uploadUrl: '/api/uploads/videos/old', urlStorageKey: 'a' },
      { creationTime: 'Tue Mar 03 2026 10:00:00 GMT+0000', uploadUrl: '/api/uploads/videos/new', urlStorageKey: 'b' },
    ];
    await store.startUpload(target(), mp4());
    expect(last().resumeFromPreviousUpload).toHaveBeenCalledWith(
      expect.objectContaining({ uploadUrl: '/api/uploads/videos/new' }),
    );
  });

  it('says the connection is lost when offline, and starts again (HEAD, then on) when it is back', async () => {
    const place = target();
    await store.startUpload(place, mp4());
    const upload = last();
    upload.options.onProgress(1000, 2064);
    network.onLine = false;
    upload.options.onError(httpError(null));
    expect(store.uploadStateOf(store.slotKey(place))).toMatchObject({ phase: 'waiting', sent: 1000 });
    expect(toast).not.toHaveBeenCalled();

    network.onLine = true;
    events.dispatchEvent(new Event('online'));
    expect(store.uploadStateOf(store.slotKey(place))).toMatchObject({ phase: 'uploading' });
    expect(upload.start).toHaveBeenCalledTimes(2);
  });

  it('stops a request in flight when the browser goes offline', async () => {
    const place = target();
    await store.startUpload(place, mp4());
    network.onLine = false;
    events.dispatchEvent(new Event('offline'));
    expect(last().abort).toHaveBeenCalledWith();
    expect(store.uploadStateOf(store.slotKey(place)).phase).toBe('waiting');
  });

  it('gives up on a refused file, says why, and forgets its stored upload', async () => {
    const place = target();
    await store.startUpload(place, mp4());
    last().options.onError(httpError(415, JSON.stringify({ error: 'Not a video', code: 'unsupported_media_type' })));
    expect(store.uploadStateOf(store.slotKey(place))).toMatchObject({
      phase: 'failed',
      message: 'Not a video',
      canRetry: false,
    });
    expect(toast).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Failed to upload videos', variant: 'destructive' }),
    );
    await vi.waitFor(() =>
      expect(fake.state.removed).toEqual([`tus::efie-video|user-1|${place.propertyId}|tour.mp4|2064|7::1`]),
    );
  });

  it('keeps the stored upload when the session ended, to resume after signing in', async () => {
    const place = target();
    await store.startUpload(place, mp4());
    last().options.onError(httpError(401, JSON.stringify({ error: 'Not signed in', code: 'unauthorized' })));
    await Promise.resolve();
    expect(fake.state.removed).toEqual([]);
    expect(store.uploadStateOf(store.slotKey(place))).toMatchObject({ phase: 'failed', canRetry: false });
  });

  it('offers to try again after a server failure, resuming the same upload', async () => {
    const place = target();
    await store.startUpload(place, mp4());
    const upload = last();
    upload.options.onError(httpError(503));
    expect(store.uploadStateOf(store.slotKey(place))).toMatchObject({ phase: 'failed', canRetry: true });
    store.retryUpload(place);
    expect(upload.start).toHaveBeenCalledTimes(2);
    expect(store.uploadStateOf(store.slotKey(place)).phase).toBe('uploading');
  });

  it('pauses without deleting anything, resumes, and cancels by asking the server to delete', async () => {
    const place = target();
    const key = store.slotKey(place);
    await store.startUpload(place, mp4());
    const upload = last();
    await store.pauseUpload(key);
    expect(upload.abort).toHaveBeenLastCalledWith();
    expect(store.uploadStateOf(key).phase).toBe('paused');
    store.resumeUpload(key);
    expect(upload.start).toHaveBeenCalledTimes(2);
    await store.cancelUpload(key);
    expect(upload.abort).toHaveBeenLastCalledWith(true);
    expect(store.uploadStateOf(key)).toEqual({ phase: 'idle' });
  });
});
