// Visitor tracking (spec part 1): page views batched into sendBeacon calls (visitor-tracker.ts),
// flushed when the page is hidden, when 5 are queued, 10 s after the first, or on `online`.
import { signOutSeenPending } from '../offline/session-store.ts';
import { createVisitorTracker, type VisitorTracker } from './visitor-tracker.ts';

const VISITOR_KEY = 'efie.visitorId';
// The contract's VisitorIdSchema shape; a stored id that lost it is replaced, not sent to be refused forever.
const VISITOR_ID = /^visitor_\d{1,16}_[A-Za-z0-9]{1,40}$/;

/** The spec's `visitor_{timestamp}_{random}`; the random part is 1 to 14 base-36 characters, never empty. */
export function newVisitorId(now = Date.now()): string {
  const [a = 0, b = 0] = crypto.getRandomValues(new Uint32Array(2));
  return `visitor_${now}_${a.toString(36)}${b.toString(36)}`;
}

let sessionId: string | undefined;

/** The id kept in local storage; with storage off, one id for this page's life. */
export function visitorId(storage: Pick<Storage, 'getItem' | 'setItem'> | undefined = globalThis.localStorage): string {
  try {
    if (!storage) throw new Error('no local storage');
    const existing = storage.getItem(VISITOR_KEY);
    if (existing && VISITOR_ID.test(existing)) return existing;
    const created = newVisitorId();
    storage.setItem(VISITOR_KEY, created);
    return created;
  } catch {
    sessionId ??= newVisitorId();
    return sessionId;
  }
}

let tracker: VisitorTracker | undefined;

function browserTracker(): VisitorTracker {
  const created = createVisitorTracker({
    sendBeacon: (url, body) => navigator.sendBeacon(url, body),
    // A beacon carries the session cookie: while a sign-out waits to reach the server, views wait
    // too, as offline, rather than be counted as the person who signed out (a shared phone).
    isOnline: () => navigator.onLine !== false && !signOutSeenPending(),
    now: Date.now,
    visitorId: () => visitorId(),
    setTimer: (run, ms) => setTimeout(run, ms),
    clearTimer: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
    idle: (run) =>
      typeof requestIdleCallback === 'function' ? requestIdleCallback(run, { timeout: 2000 }) : setTimeout(run, 0),
    warn: (message) => console.warn(message),
  });
  // pagehide as well as visibilitychange: some browsers close a tab without the latter.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') created.flush();
  });
  addEventListener('pagehide', created.flush);
  addEventListener('online', created.flush);
  return created;
}

/** Records a page view (path and query string) for the next beacon; failures are dropped quietly. */
export function trackVisit(pageUrl: string): void {
  if (typeof navigator.sendBeacon !== 'function') return;
  tracker ??= browserTracker();
  tracker.record(pageUrl, document.title);
}
