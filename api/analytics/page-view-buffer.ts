import type { PageViewRecord } from './page-view.ts';

export type PageViewBufferOptions = {
  /** A flush starts as soon as this many views wait, and writes at most this many per transaction. */
  flushAt?: number;
  /** More than this waiting (the database slow or away) and new beacons are dropped and counted. */
  maxBuffered?: number;
  /** The timer's period once start() is called. */
  flushEveryMs?: number;
  /** A write failed for a reason a retry may cure (the database away): the batch is kept. */
  onError?: (error: unknown) => void;
  /**
   * Whether an error says the database refused the values themselves, so that a retry of the
   * same rows can never pass (api/db/refused-values.ts). Such a batch is split until the rows it
   * refuses are found; those go to `setAside`, the rest is written.
   */
  refusesValues?: (error: unknown) => boolean;
  /** Keeps a view the database refused, with why (the dead-letter table). If this fails too, the view is kept in the buffer. */
  setAside?: (view: PageViewRecord, error: unknown) => Promise<void>;
};

export type PageViewBufferStats = {
  buffered: number;
  written: number;
  dropped: number;
  failedWrites: number;
  setAside: number;
};

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
 *
 * No value can jam it (docs/decisions/110): a batch the database refuses for its values is
 * halved, and each half written or halved again, until the refused views stand alone; those
 * are set aside and the rest is written. A batch that fails for any other reason goes back to
 * the head of the buffer, since the database may be back by the next flush.
 */
export function createPageViewBuffer(
  write: (batch: readonly PageViewRecord[]) => Promise<void>,
  options: PageViewBufferOptions = {},
): PageViewBuffer {
  const { flushAt, maxBuffered, flushEveryMs } = { ...PAGE_VIEW_BUFFER_DEFAULTS, ...options };
  const onError = options.onError ?? (() => {});
  const refused = options.refusesValues ?? (() => false);
  let pending: PageViewRecord[] = [];
  let writing: Promise<void> | undefined;
  let timer: ReturnType<typeof setInterval> | undefined;
  const stats = { written: 0, dropped: 0, failedWrites: 0, setAside: 0 };

  /** Writes a batch, splitting it around refused views; answers the views left unwritten, in order. */
  async function writeAround(batch: readonly PageViewRecord[]): Promise<readonly PageViewRecord[]> {
    // Parts still to write, the next one last; halves are pushed second half first.
    const parts = [batch];
    for (let part = parts.pop(); part; part = parts.pop()) {
      try {
        await write(part);
        stats.written += part.length;
      } catch (writeError) {
        let error = writeError;
        if (options.setAside && refused(error)) {
          if (part.length > 1) {
            const half = Math.ceil(part.length / 2);
            parts.push(part.slice(half), part.slice(0, half));
            continue;
          }
          try {
            await options.setAside(part[0]!, error);
            stats.setAside += 1;
            continue;
          } catch (setAsideError) {
            error = setAsideError;
          }
        }
        stats.failedWrites += 1;
        onError(error);
        return [...part, ...parts.reverse().flat()];
      }
    }
    return [];
  }

  async function drain() {
    while (pending.length > 0) {
      const batch = pending.slice(0, flushAt);
      pending = pending.slice(batch.length);
      const left = await writeAround(batch);
      if (left.length > 0) {
        // Kept for the next flush if there is room; the database may be back by then.
        if (pending.length + left.length <= maxBuffered) pending = [...left, ...pending];
        else stats.dropped += left.length;
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
