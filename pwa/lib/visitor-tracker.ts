// The page-view queue behind pwa/lib/visitor.ts, with the browser passed in so tests can
// drive it. It is in every first load: only two constants come from the contract (no valibot).
import {
  MAX_VIEW_AGE_MS,
  MAX_VIEWS_PER_BEACON,
  type PageView,
  type TrackVisitorBody,
} from '../../api/contract/analytics.schema.ts';
import { cutText } from '../../api/contract/well-formed-text.ts';

export const TRACK_VISITOR_URL = '/api/analytics/track-visitor';
/** A full batch goes at once; a phone on 2G sends one request per five screens, not five. */
export const FLUSH_AT_VIEWS = 5;
/** A lone view still reaches the server soon, even if the person stays on the page. */
export const FLUSH_AFTER_MS = 10_000;
// The contract's limits on one view (analytics.schema.ts): one over-long view must not get a
// whole batch refused. The tests check every beacon against the schema itself. Cut by cutText:
// half an emoji at the cut is not text the server takes (a 400 for the whole beacon).
const MAX_URL = 2048;
const MAX_TITLE = 300;

export type TrackerBrowser = {
  sendBeacon: (url: string, body: Blob) => boolean;
  isOnline: () => boolean;
  now: () => number;
  visitorId: () => string;
  setTimer: (run: () => void, ms: number) => unknown;
  clearTimer: (timer: unknown) => void;
  /** Runs work when the main thread is free (requestIdleCallback where there is one). */
  idle: (run: () => void) => void;
  warn: (message: string) => void;
};

export type VisitorTracker = {
  /** Queues one view; never sends on the caller's time. */
  record: (pageUrl: string, pageTitle: string) => void;
  /** Sends what is queued in one beacon if online; offline, keeps it for `online`. */
  flush: () => void;
};

export function createVisitorTracker(browser: TrackerBrowser): VisitorTracker {
  let queue: PageView[] = [];
  let timer: unknown = null;
  let flushPlanned = false;
  let warned = false;

  const stopTimer = () => {
    if (timer !== null) browser.clearTimer(timer);
    timer = null;
  };

  function flush() {
    flushPlanned = false;
    stopTimer();
    // Offline the views wait in memory for the `online` event; a beacon now would only be lost.
    if (queue.length === 0 || !browser.isOnline()) return;
    // The server refuses views older than a day (a tab left offline overnight): drop those here.
    const oldest = browser.now() - MAX_VIEW_AGE_MS;
    const views = queue.filter((view) => (view.viewedAt ?? 0) > oldest);
    queue = [];
    if (views.length === 0) return;
    const body: TrackVisitorBody = { visitorId: browser.visitorId(), views };
    const sent = browser.sendBeacon(TRACK_VISITOR_URL, new Blob([JSON.stringify(body)], { type: 'application/json' }));
    // Never retried: analytics must not cost a renter's data plan twice. One warning per page life.
    if (!sent && !warned) {
      warned = true;
      browser.warn('Page views could not be queued for sending and were dropped');
    }
  }

  function record(pageUrl: string, pageTitle: string) {
    // Held offline up to one beacon's worth; the rest are dropped rather than kept without bound.
    if (queue.length >= MAX_VIEWS_PER_BEACON) return;
    queue.push({
      pageUrl: cutText(pageUrl, MAX_URL),
      pageTitle: cutText(pageTitle, MAX_TITLE),
      viewedAt: browser.now(),
    });
    if (!browser.isOnline()) return;
    if (queue.length >= FLUSH_AT_VIEWS) {
      if (!flushPlanned) {
        flushPlanned = true;
        browser.idle(flush);
      }
    } else if (timer === null) {
      timer = browser.setTimer(flush, FLUSH_AFTER_MS);
    }
  }

  return { record, flush };
}
