import type { PageViewRecord } from './page-view.ts';

export type PageViewBufferOptions = {
  /** A flush starts as soon as this many views wait, and writes at most this many per transaction. */
  flushAt?: number;
  /** More than this waiting (the database slow or away) and new beacons are dropped and counted. */
  maxBuffered?: number;
  /** The timer's period once start() is called. */
  flushEveryMs?: number;
  onError?: (error: unknown) => void;
};

export type PageViewBufferStats = { buffered: number; written: number; dropped: number; failedWrites: number };

export type PageViewBuffer = {
  /** Takes a beacon's views whole, or drops them whole (and counts them) when the buffer is full. */
  add(views: readonly PageViewRecord[]): boolean;
  /** Writes everything waiting now; resolves once it is written (or its write failed). */
  flush(): Promise<void>;
  start(): void;
  /** Stops the timer and writes what is left (the SIGTERM path). */
  stop(): Promise<void>;
  stats(): PageViewBufferStats;
};

export const PAGE_VIEW_BUFFER_DEFAULTS = { flushAt: 5_000, maxBuffered: 50_000, flushEveryMs: 1_000 } as const;

/**
 * Page views are written in batches (docs/decisions/100): a request only appends to this
 * in-process list, and one writer at a time takes up to `flushAt` views per transaction,
 * every `flushEveryMs` or as soon as `flushAt` are waiting. Memory is bounded by
 * `maxBuffered`; a crash loses what waits here, normally under a second of views.
 */
export function createPageViewBuffer(
  write: (batch: readonly PageViewRecord[]) => Promise<void>,
  options: PageViewBufferOptions = {},
): PageViewBuffer {
  const { flushAt, maxBuffered, flushEveryMs } = { ...PAGE_VIEW_BUFFER_DEFAULTS, ...options };
  const onError = options.onError ?? (() => {});
  let pending: PageViewRecord[] = [];
  let writing: Promise<void> | undefined;
  let timer: ReturnType<typeof setInterval> | undefined;
  const stats = { written: 0, dropped: 0, failedWrites: 0 };

  async function drain() {
    while (pending.length > 0) {
      const batch = pending.slice(0, flushAt);
      pending = pending.slice(batch.length);
      try {
        await write(batch);
        stats.written += batch.length;
      } catch (error) {
        stats.failedWrites += 1;
        onError(error);
        // Kept for the next flush if there is room; the database may be back by then.
        if (pending.length + batch.length <= maxBuffered) pending = [...batch, ...pending];
        else stats.dropped += batch.length;
        return;
      }
    }
  }

  async function flush() {
    while (writing) await writing;
    if (pending.length === 0) return;
    writing = drain().finally(() => {
      writing = undefined;
    });
    await writing;
  }

  return {
    add(views) {
      if (pending.length + views.length > maxBuffered) {
        stats.dropped += views.length;
        return false;
      }
      for (const view of views) pending.push(view);
      if (pending.length >= flushAt && !writing) void flush();
      return true;
    },
    flush,
    start() {
      timer ??= setInterval(() => void flush(), flushEveryMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await flush();
    },
    stats: () => ({ buffered: pending.length, ...stats }),
  };
}
