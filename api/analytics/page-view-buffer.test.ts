import { describe, expect, it, vi } from 'vitest';
import type { PageViewRecord } from './page-view.ts';
import { createPageViewBuffer } from './page-view-buffer.ts';

const view = (page = '/'): PageViewRecord => ({
  visitorId: 'visitor_1_a',
  page,
  viewedAt: new Date(0),
  userId: null,
  ipNetwork: 'unknown',
  country: 'unknown',
  city: 'unknown',
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

/** A database that refuses any batch holding a view whose page starts with /bad, as PostgreSQL refuses a batch with one bad value. */
function refusingDatabase() {
  const written: string[] = [];
  let statements = 0;
  return {
    written,
    get statements() {
      return statements;
    },
    write: async (batch: readonly PageViewRecord[]) => {
      statements += 1;
      if (batch.some((v) => v.page.startsWith('/bad')))
        throw Object.assign(new Error('invalid input syntax for type json'), { code: '22P02' });
      written.push(...batch.map((v) => v.page));
    },
  };
}

describe('page view buffer', () => {
  it('writes nothing until flushed, then everything in batches of at most flushAt', async () => {
    const written: number[] = [];
    const buffer = createPageViewBuffer(async (batch) => void written.push(batch.length), {
      flushAt: 4,
      maxBuffered: 100,
    });
    buffer.add(views(3));
    expect(written).toEqual([]);
    expect(buffer.stats()).toMatchObject({ buffered: 3, written: 0 });
    buffer.add(views(7)); // 10 waiting: a flush starts by itself
    await buffer.flush();
    expect(written).toEqual([4, 4, 2]);
    expect(buffer.stats()).toEqual({ buffered: 0, written: 10, dropped: 0, failedWrites: 0, setAside: 0 });
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
    expect(buffer.stats()).toEqual({ buffered: 0, written: 17, dropped: 3, failedWrites: 0, setAside: 0 });
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

  it('splits a batch the database refuses until the refused views stand alone, sets those aside and writes the rest', async () => {
    const db = refusingDatabase();
    const setAside: string[] = [];
    const buffer = createPageViewBuffer(db.write, {
      flushAt: 100,
      maxBuffered: 1_000,
      refusesValues: (error) => (error as { code?: string }).code === '22P02',
      setAside: async (v, error) => void setAside.push(`${v.page} ${(error as Error).message}`),
    });
    const batch = views(40);
    batch[7] = view('/bad-7');
    batch[31] = view('/bad-31');
    buffer.add(batch);
    await buffer.flush();
    expect(setAside).toEqual([
      '/bad-7 invalid input syntax for type json',
      '/bad-31 invalid input syntax for type json',
    ]);
    // Every other view written once, in order.
    expect(db.written).toEqual(batch.map((v) => v.page).filter((page) => !page.startsWith('/bad')));
    expect(buffer.stats()).toEqual({ buffered: 0, written: 38, dropped: 0, failedWrites: 0, setAside: 2 });
    // The writer is not jammed: later views are written.
    buffer.add([view('/later')]);
    await buffer.flush();
    expect(db.written.at(-1)).toBe('/later');
    // A batch took about 2·log2(40) statements to find two bad rows, not one each.
    expect(db.statements).toBeLessThan(30);
  });

  it('puts back only what is unwritten when the database goes away in the middle of a split, and keeps a view it could not set aside', async () => {
    const db = refusingDatabase();
    let setAsideFails = true;
    const onError = vi.fn();
    const buffer = createPageViewBuffer(db.write, {
      flushAt: 100,
      maxBuffered: 1_000,
      onError,
      refusesValues: (error) => (error as { code?: string }).code === '22P02',
      setAside: async () => {
        if (setAsideFails) throw new Error('database away');
      },
    });
    const batch = views(8);
    batch[5] = view('/bad-5');
    buffer.add(batch);
    await buffer.flush();
    // The first half went in; the refused view could not be set aside, so it and what follows wait.
    expect(db.written).toEqual(['/0', '/1', '/2', '/3', '/4']);
    expect(buffer.stats()).toMatchObject({ buffered: 3, written: 5, failedWrites: 1, setAside: 0 });
    expect(onError).toHaveBeenCalledWith(new Error('database away'));
    setAsideFails = false;
    await buffer.flush();
    expect(db.written).toEqual(['/0', '/1', '/2', '/3', '/4', '/6', '/7']);
    expect(buffer.stats()).toMatchObject({ buffered: 0, written: 7, setAside: 1 });
  });

  it('never splits a batch that failed for another reason: it waits whole for the next flush', async () => {
    const statements: number[] = [];
    const buffer = createPageViewBuffer(
      async (batch) => {
        statements.push(batch.length);
        throw Object.assign(new Error('connection closed'), { code: 'CONNECTION_CLOSED' });
      },
      {
        flushAt: 100,
        refusesValues: (error) => (error as { code?: string }).code === '22P02',
        setAside: async () => {},
      },
    );
    buffer.add(views(10));
    await buffer.flush();
    expect(statements).toEqual([10]);
    expect(buffer.stats()).toMatchObject({ buffered: 10, failedWrites: 1, setAside: 0 });
  });

  it('flushes on its timer once started, and stop() writes what is left', async () => {
    const written: number[] = [];
    const buffer = createPageViewBuffer(async (batch) => void written.push(batch.length), {
      flushAt: 100,
      flushEveryMs: 10,
    });
    buffer.start();
    buffer.add(views(2));
    await vi.waitFor(() => expect(written).toEqual([2]));
    buffer.add(views(3));
    await buffer.stop();
    expect(written).toEqual([2, 3]);
  });
});
