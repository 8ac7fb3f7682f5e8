import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { MAX_VIEWS_PER_BEACON, TrackVisitorSchema, VisitorIdSchema } from '../../api/contract/analytics.schema.ts';
import { textFault } from '../../api/contract/well-formed-text.ts';
import { createVisitorTracker, FLUSH_AFTER_MS, TRACK_VISITOR_URL, type TrackerBrowser } from './visitor-tracker.ts';
import { newVisitorId, visitorId } from './visitor.ts';

const ID = 'visitor_1700000000000_abc123';

/** A browser with a fake clock, timers, idle queue and sendBeacon that records what it was given. */
function fakeBrowser(answer = true) {
  const beacons: { url: string; body: Blob }[] = [];
  const timers = new Map<number, { at: number; run: () => void }>();
  const idle: (() => void)[] = [];
  const warnings: string[] = [];
  let now = 1_700_000_000_000;
  let nextTimer = 1;
  const state = { online: true, answer };
  const browser: TrackerBrowser = {
    sendBeacon: (url, body) => {
      beacons.push({ url, body });
      return state.answer;
    },
    isOnline: () => state.online,
    now: () => now,
    visitorId: () => ID,
    setTimer: (run, ms) => {
      timers.set(nextTimer, { at: now + ms, run });
      return nextTimer++;
    },
    clearTimer: (timer) => void timers.delete(timer as number),
    idle: (run) => void idle.push(run),
    warn: (message) => void warnings.push(message),
  };
  return {
    browser,
    state,
    beacons,
    warnings,
    timers,
    runIdle: () => {
      for (const run of idle.splice(0)) run();
    },
    advance(ms: number) {
      now += ms;
      for (const [key, timer] of [...timers]) {
        if (timer.at > now) continue;
        timers.delete(key);
        timer.run();
      }
    },
    /** Each beacon's body, checked against the contract's own schema. */
    async bodies() {
      return Promise.all(
        beacons.map(async ({ url, body }) => {
          expect(url).toBe(TRACK_VISITOR_URL);
          expect(body.type).toBe('application/json');
          return v.parse(TrackVisitorSchema, JSON.parse(await body.text()));
        }),
      );
    },
  };
}

const visit = (tracker: { record: (url: string, title: string) => void }, count: number, from = 1) => {
  for (let n = from; n < from + count; n++) tracker.record(`/page-${n}?q=${n}`, `Page ${n}`);
};

describe('the visitor tracker', () => {
  it('sends nothing on a view, then five queued views in one beacon when the main thread is idle', async () => {
    const fake = fakeBrowser();
    const tracker = createVisitorTracker(fake.browser);
    visit(tracker, 4);
    expect(fake.beacons).toHaveLength(0);
    visit(tracker, 1, 5);
    expect(fake.beacons).toHaveLength(0);
    fake.runIdle();
    const [body] = await fake.bodies();
    expect(fake.beacons).toHaveLength(1);
    expect(body?.visitorId).toBe(ID);
    expect(body?.views?.map((view) => view.pageUrl)).toEqual([
      '/page-1?q=1',
      '/page-2?q=2',
      '/page-3?q=3',
      '/page-4?q=4',
      '/page-5?q=5',
    ]);
    expect(body?.views?.[0]).toEqual({ pageUrl: '/page-1?q=1', pageTitle: 'Page 1', viewedAt: 1_700_000_000_000 });
    // The ten-second timer of the first view was stopped by that flush.
    expect(fake.timers.size).toBe(0);
  });

  it('sends a lone view ten seconds after it was queued', async () => {
    const fake = fakeBrowser();
    const tracker = createVisitorTracker(fake.browser);
    visit(tracker, 1);
    fake.advance(FLUSH_AFTER_MS - 1);
    expect(fake.beacons).toHaveLength(0);
    visit(tracker, 1, 2);
    fake.advance(1);
    expect((await fake.bodies())[0]?.views).toHaveLength(2);
  });

  it('flushes what is queued when the page is hidden, and an empty queue sends nothing', async () => {
    const fake = fakeBrowser();
    const tracker = createVisitorTracker(fake.browser);
    tracker.flush();
    expect(fake.beacons).toHaveLength(0);
    visit(tracker, 2);
    tracker.flush();
    expect((await fake.bodies())[0]?.views).toHaveLength(2);
    fake.advance(FLUSH_AFTER_MS);
    expect(fake.beacons).toHaveLength(1);
  });

  it('offline keeps up to one beacon of views and sends them in one batch when online again', async () => {
    const fake = fakeBrowser();
    const tracker = createVisitorTracker(fake.browser);
    fake.state.online = false;
    visit(tracker, MAX_VIEWS_PER_BEACON + 5);
    fake.runIdle();
    tracker.flush();
    fake.advance(FLUSH_AFTER_MS);
    expect(fake.beacons).toHaveLength(0);
    fake.state.online = true;
    tracker.flush();
    const bodies = await fake.bodies();
    expect(bodies).toHaveLength(1);
    // The first twenty are kept; the views past that were dropped, not queued for later.
    expect(bodies[0]?.views?.map((view) => view.pageUrl)).toEqual(
      Array.from({ length: MAX_VIEWS_PER_BEACON }, (_, n) => `/page-${n + 1}?q=${n + 1}`),
    );
    tracker.flush();
    expect(fake.beacons).toHaveLength(1);
  });

  it('drops a batch the browser refuses, warns once, and never tries it again', async () => {
    const fake = fakeBrowser(false);
    const tracker = createVisitorTracker(fake.browser);
    visit(tracker, 5);
    fake.runIdle();
    expect(fake.beacons).toHaveLength(1);
    tracker.flush();
    fake.advance(FLUSH_AFTER_MS * 3);
    fake.runIdle();
    expect(fake.beacons).toHaveLength(1);
    visit(tracker, 1, 6);
    tracker.flush();
    expect(fake.beacons).toHaveLength(2);
    expect((await fake.bodies())[1]?.views?.map((view) => view.pageUrl)).toEqual(['/page-6?q=6']);
    expect(fake.warnings).toHaveLength(1);
  });

  it('leaves out views older than a day and cuts over-long addresses and titles to what the contract takes', async () => {
    const fake = fakeBrowser();
    const tracker = createVisitorTracker(fake.browser);
    fake.state.online = false;
    tracker.record('/yesterday', 'Old');
    fake.advance(25 * 60 * 60 * 1000);
    tracker.record(`/${'a'.repeat(5000)}`, 't'.repeat(1000));
    fake.state.online = true;
    tracker.flush();
    const [body] = await fake.bodies();
    expect(body?.views).toHaveLength(1);
    expect(body?.views?.[0]?.pageUrl).toHaveLength(2048);
    expect(body?.views?.[0]?.pageTitle).toHaveLength(300);
  });

  it('never cuts a title or an address in the middle of an emoji (the server refuses half of one)', async () => {
    const fake = fakeBrowser();
    const tracker = createVisitorTracker(fake.browser);
    tracker.record(`/${'a'.repeat(2046)}😀`, `${'t'.repeat(299)}🏡 and more`);
    tracker.flush();
    const [body] = await fake.bodies();
    const [view] = body?.views ?? [];
    expect(view?.pageTitle).toBe('t'.repeat(299));
    expect(view?.pageUrl).toBe(`/${'a'.repeat(2046)}`);
    expect(textFault(view?.pageTitle ?? '')).toBeUndefined();
  });
});

describe('the visitor id', () => {
  it('has the spec form the contract accepts, however short the random numbers', () => {
    for (let n = 0; n < 200; n++) expect(v.is(VisitorIdSchema, newVisitorId())).toBe(true);
    expect(newVisitorId(0)).toMatch(/^visitor_0_[a-z0-9]+$/);
  });

  it('is kept under the existing key, and a stored id the contract would refuse is replaced', () => {
    const store = new Map<string, string>([['efie.visitorId', 'visitor_1_']]);
    const storage = {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => void store.set(key, value),
    };
    const first = visitorId(storage);
    expect(v.is(VisitorIdSchema, first)).toBe(true);
    expect(store.get('efie.visitorId')).toBe(first);
    expect(visitorId(storage)).toBe(first);
  });

  it('without storage keeps one id for the page', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => undefined,
    };
    expect(visitorId(broken)).toBe(visitorId(broken));
    expect(visitorId(undefined)).toBe(visitorId(broken));
  });
});
