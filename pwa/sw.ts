/// <reference lib="webworker" />
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import type { WorkboxPlugin } from 'workbox-core';
import { drainOutbox } from './offline/drain.ts';
import { registerOutboxKinds } from './outbox-kinds.ts';
import { alertPayload, openAlert, showAlert } from './features/properties/search-alerts/alert-notifications.ts';

// Efie's service worker (vite-plugin-pwa, injectManifest). It precaches the shell and
// the screens a renter uses offline (scripts/pwa-precache.ts leaves out host, admin, sign-in
// and legal chunks, which the code cache below keeps once they are opened),
// caches listing images in a bounded, expiring cache, drains the outbox on `sync`, and shows
// saved-search alerts that come by push.

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

// The features' queued actions: what `sync` may send.
registerOutboxKinds();

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

/** Only complete answers (status 200, so never opaque), at most `entries`, for `days`. */
const bounded = (entries: number, days: number) =>
  [
    new CacheableResponsePlugin({ statuses: [200] }),
    new ExpirationPlugin({ maxEntries: entries, maxAgeSeconds: days * 24 * 60 * 60, purgeOnQuotaError: true }),
    // The plugins' optional callbacks do not fit exactOptionalPropertyTypes.
  ] as unknown as WorkboxPlugin[];

// Every page of the SPA is index.html; the API and stored files are never answered with it.
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: [/^\/api\//, /^\/files\//] }));

// Code not precached (host and admin screens, signing in, the legal pages) is kept once
// opened: a host who has opened the wizard can draft offline later.
// The page also sends, once this worker first takes over, the files it loaded before (a CACHE_URLS
// message, which workbox-routing routes here as plain requests with no destination).
registerRoute(
  ({ url }) => url.origin === self.location.origin && /^\/assets\/.+\.(js|css|woff2)$/.test(url.pathname),
  new CacheFirst({
    cacheName: 'efie-code',
    plugins: bounded(80, 60),
  }),
);

// Listing photos: bounded and expiring; status 200 only, so no opaque (status 0) answers.
registerRoute(
  ({ request }) => request.destination === 'image',
  new CacheFirst({
    cacheName: 'efie-images',
    plugins: bounded(150, 30),
  }),
);

// Updates wait until the person accepts the prompt (workbox-window sends SKIP_WAITING).
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

type SyncEvent = ExtendableEvent & { tag: string; lastChance?: boolean };
type SyncRegistration = ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } };
self.addEventListener(
  'sync' as 'message',
  ((event: SyncEvent) => {
    if (event.tag !== 'efie-outbox') return;
    event.waitUntil(
      // The browser fires `sync` when it is back online: items backing off are due now. The
      // drain asks the server who is signed in and sends only that person's items (a phone is
      // often shared): the worker has no page to ask, and the cookie is what the server goes by.
      // A page that is sending holds the lock: the worker waits for it (at most 2 minutes, then
      // the event fails and the browser fires it again later), never ends as if all were sent.
      drainOutbox({ force: true, waitForLock: true }).then(async (result) => {
        if (!result || result.left === 0) return;
        // The browser retries a failed `sync` only a few times: on the last, ask for a new one.
        if (event.lastChance)
          await (self.registration as SyncRegistration).sync?.register('efie-outbox').catch(() => undefined);
        // Rejecting asks the browser to fire `sync` again later.
        throw new Error('The outbox still has items waiting');
      }),
    );
  }) as unknown as (event: ExtendableMessageEvent) => void,
);

// A saved search's alert (docs/decisions/370): shown, and a tap opens the listing.
self.addEventListener('push', (event) => {
  let data: unknown;
  try {
    data = event.data?.json();
  } catch {
    return;
  }
  const payload = alertPayload(data);
  if (payload) event.waitUntil(showAlert(self.registration, payload));
});
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = (event.notification.data as { url?: unknown } | null)?.url;
  const payload = alertPayload({ title: '', body: '', tag: '', url });
  if (payload) event.waitUntil(openAlert(self.clients, self.location.origin, payload.url));
});
