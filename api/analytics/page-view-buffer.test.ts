import { describe, expect, it, vi } from 'vitest';
import type { PageViewRecord } from './page-view.ts';
import { createPageViewBuffer } from './page-view-buffer.ts';

const view = (page = '/'): PageViewRecord => ({
  visitorId: 'visitor_1_a', page, viewedAt: new Date(0), userId: null, ipNetwork: 'unknown', country: 'unknown', city: 'unknown',
});
const views = (n: number) => Array.from({ length: n }, (_, i) => view(`/${i}`));

/** A write that waits until the test lets it finish. */
function gatedWrite() {
  const batches: (readonly PageViewRecord[])[] = [];
  let open: () => void = () => {};
  let gate = new Promise<void>((resolve) => (open = resolve));
  return {
    batches,
    write: async (batch: readonly PageViewRecord[]) => {
      batches.push(batch);
      await gate;
    },
    release() {
      open();
      gate = Promise.resolve();
    },
  };
}

describe('page view buffer', () => {
  it('writes nothing until flushed, then everything in batches of at most flushAt', async () => {
    const written: number[] = [];
    const buffer = createPageViewBuffer(async (batch) => void written.push(batch.length), { flushAt: 4, maxBuffered: 100 });
    buffer.add(views(3));
    expect(written).toEqual([]);
    expect(buffer.stats()).toMatchObject({ buffered: 3, written: 0 });
    buffer.add(views(7)); // 10 waiting: a flush starts by itself
    await buffer.flush();
    expect(written).toEqual([4, 4, 2]);
    expect(buffer.stats()).toEqual({ buffered: 0, written: 10, dropped: 0, failedWrites: 0 });
  });

  it('starts a write as soon as flushAt views wait', async () => {
    const gated = gatedWrite();
    const buffer = createPageViewBuffer(gated.write, { flushAt: 5, maxBuffered: 100 });
    buffer.add(views(4));
    expect(gated.batches).toHaveLength(0);
    buffer.add(views(1));
    expect(gated.batches).toHaveLength(1);
    gated.release();
    await buffer.flush();
  });

  it('drops and counts whole beacons once maxBuffered views wait, and never holds more', async () => {
    const gated = gatedWrite();
    const buffer = createPageViewBuffer(gated.write, { flushAt: 5, maxBuffered: 12 });
    expect(buffer.add(views(5))).toBe(true); // taken by the write, which hangs
    expect(buffer.add(views(10))).toBe(true);
    expect(buffer.add(views(3))).toBe(false);
    expect(buffer.add(views(2))).toBe(true);
    expect(buffer.stats()).toMatchObject({ buffered: 12, dropped: 3 });
    gated.release();
    await buffer.flush();
    expect(buffer.stats()).toEqual({ buffered: 0, written: 17, dropped: 3, failedWrites: 0 });
  });

  it('keeps a batch whose write failed for the next flush', async () => {
    let fail = true;
    const written: string[] = [];
    const onError = vi.fn();
    const buffer = createPageViewBuffer(
      async (batch) => {
        if (fail) throw new Error('database away');
        written.push(...batch.map((v) => v.page));
      },
      { flushAt: 10, maxBuffered: 100, onError },
    );
    buffer.add([view('/a'), view('/b')]);
    await buffer.flush();
    expect(onError).toHaveBeenCalledTimes(1);
    expect(buffer.stats()).toMatchObject({ buffered: 2, failedWrites: 1, dropped: 0 });
    fail = false;
    buffer.add([view('/c')]);
    await buffer.flush();
    expect(written).toEqual(['/a', '/b', '/c']);
  });

  it('flushes on its timer once started, and stop() writes what is left', async () => {
    const written: number[] = [];
    const buffer = createPageViewBuffer(async (batch) => void written.push(batch.length), { flushAt: 100, flushEveryMs: 10 });
    buffer.start();
    buffer.add(views(2));
    await vi.waitFor(() => expect(written).toEqual([2]));
    buffer.add(views(3));
    await buffer.stop();
    expect(written).toEqual([2, 3]);
  });
});
