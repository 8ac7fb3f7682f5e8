import { useEffect, useRef, useState } from 'react';
import type { Workbox } from 'workbox-window';
import { useT } from '../i18n/i18n.ts';

// Registers the service worker (after the page has loaded, off the critical path) and
// offers a new build with a prompt. Nothing reloads until the person says so, so a form
// being filled in is never lost; the first update is offered the same way.

const UPDATE_CHECK_MS = 30 * 60 * 1000;

export function UpdatePrompt() {
  const [waiting, setWaiting] = useState(false);
  const { t } = useT();
  const workbox = useRef<Workbox | null>(null);

  useEffect(() => {
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    let stopped = false;
    let interval: ReturnType<typeof setInterval> | undefined;
    const onVisible = () => document.visibilityState === 'visible' && void workbox.current?.update();
    const start = async () => {
      const { Workbox } = await import('workbox-window');
      if (stopped) return;
      const wb = new Workbox('/sw.js', { scope: '/' });
      workbox.current = wb;
      wb.addEventListener('waiting', () => setWaiting(true));
      // The screens this page loaded before its first worker took over are not precached (sign-in,
      // legal pages, host screens: scripts/pwa-precache.ts), and the worker did not see them load:
      // it is told them, and keeps them from the HTTP cache, so they open offline after one visit.
      wb.addEventListener('activated', (event) => {
        if (event.isUpdate) return;
        const urlsToCache = performance
          .getEntriesByType('resource')
          .map((entry) => entry.name)
          .filter((url) => new URL(url).pathname.startsWith('/assets/'));
        void wb.messageSW({ type: 'CACHE_URLS', payload: { urlsToCache } });
      });
      try {
        await wb.register();
      } catch {
        // Refused (storage turned off, a browser that blocks workers): the app runs without offline use.
        return;
      }
      interval = setInterval(() => void wb.update(), UPDATE_CHECK_MS);
      document.addEventListener('visibilitychange', onVisible);
    };
    if (document.readyState === 'complete') void start();
    else window.addEventListener('load', () => void start(), { once: true });
    return () => {
      stopped = true;
      clearInterval(interval);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);

  if (!waiting) return null;
  const accept = () => {
    const wb = workbox.current;
    if (!wb) return;
    wb.addEventListener('controlling', () => window.location.reload());
    wb.messageSkipWaiting();
  };
  return (
    <div
      role="region"
      aria-label={t('offline.updateAvailable')}
      className="fixed inset-x-2 bottom-2 z-50 mx-auto flex max-w-md flex-wrap items-center gap-3 rounded-lg bg-stone-900 p-4 text-sm text-white shadow-lg"
    >
      <p className="flex-1">{t('offline.newVersion')}</p>
      <button
        type="button"
        onClick={() => setWaiting(false)}
        className="rounded-md px-3 py-2 font-medium hover:bg-stone-800"
      >
        {t('offline.later')}
      </button>
      <button type="button" onClick={accept} className="rounded-md bg-teal-700 px-3 py-2 font-medium hover:bg-teal-800">
        {t('offline.updateNow')}
      </button>
    </div>
  );
}
