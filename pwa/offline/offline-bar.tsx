import { loadRefusedRows } from './refused-rows-loaders.ts';
import { type ComponentType, lazy, Suspense, useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { isCurrentUserQuery } from '../lib/current-user.ts';
import { outboxSummary } from './outbox-owner.ts';
import type { OutboxItem, SendProgress } from './outbox-store.ts';
import { useOnline, useOutbox } from './use-outbox.ts';
import { currentLanguage, localeTag, t, useT } from '../i18n/i18n.ts';

// Under the header: "you are offline, this is from <time>", and what the signed-in person
// has waiting to be sent, with the reason and Fix / Try again / Discard for what the server
// refused (outbox-rows.tsx). Another person's items on this phone are not shown: they are theirs.

/** What the screen's queries hold while offline: when the oldest was fetched, and whether one has nothing saved. */
interface ShownData {
  time: number;
  missing: boolean;
}

/**
 * When the data on screen was fetched: the oldest of the screen's queries, and whether one
 * of them has nothing saved (a search never made on this phone). Read only while offline,
 * and updated after the cache has settled (a timer, not a synchronous store), so that the
 * bar never re-renders the page in the middle of a query update.
 */
function useShownData(enabled: boolean): ShownData {
  const cache = useQueryClient().getQueryCache();
  const [shown, setShown] = useState<ShownData>({ time: 0, missing: false });
  useEffect(() => {
    if (!enabled) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = () => {
      // Who is signed in is not shown as content, and "nobody" is never saved (persist-cache.ts):
      // a visitor's unanswered ask must not make a saved page read as one that needs a connection.
      const updated = cache
        .findAll({ type: 'active' })
        .filter((query) => !isCurrentUserQuery(query))
        .map((query) => query.state.dataUpdatedAt);
      const times = updated.filter((time) => time > 0);
      setShown({ time: times.length ? Math.min(...times) : 0, missing: times.length < updated.length });
    };
    read();
    const unsubscribe = cache.subscribe(() => {
      clearTimeout(timer);
      timer = setTimeout(read, 100);
    });
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  }, [cache, enabled]);
  return shown;
}

const timeText = (time: number) =>
  new Date(time).toLocaleString(currentLanguage().code === 'en' ? 'en-GB' : localeTag(), {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });

/** The offline bar's second sentence: never "showing what was saved" over a screen that has nothing saved. */
function shownDataText({ time, missing }: ShownData): string {
  if (missing)
    return time ? t('offline.partsNeedConnection', { time: timeText(time) }) : t('offline.pageNeedsConnection');
  return time ? t('offline.showingSavedOn', { time: timeText(time) }) : t('offline.showingSaved');
}

// The rows of what waits load when the person opens the list, with the features' own rows for refused
// items (refused-rows-loaders.ts; the service worker has them offline):
// they are not part of a first visit. Should they not load, the list stays empty; the summary still counts.
type OutboxRowsProps = { items: OutboxItem[]; signedIn: string | null };
const OutboxRows = lazy(
  (): Promise<{ default: ComponentType<OutboxRowsProps> }> =>
    Promise.all([import('./outbox-panel.tsx'), loadRefusedRows()]).then(
      ([module]) => ({ default: module.OutboxRows }),
      () => ({ default: () => null }),
    ),
);

const SUMMARY_WORDS = {
  notSentWaiting: (failed: number, waiting: number) => t('offline.notSentWaiting', { failed, waiting }),
  waiting: (count: number) => t('offline.waitingCount', { count }),
  toCheck: (count: number) => t('offline.toCheck', { count }),
};

export function OfflineBar() {
  const online = useOnline();
  const { signedIn, items, signInNeeded, sending } = useOutbox();
  const shown = useShownData(!online);
  const [open, setOpen] = useState(false);
  const { t } = useT();
  if (online && items.length === 0 && !signInNeeded) return null;
  return (
    <div className="border-t border-stone-200 bg-amber-50 text-sm text-stone-900">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-1 px-4 py-2">
        {!online && (
          <p role="status" data-testid="offline-indicator" className="font-medium">
            <span aria-hidden="true">●</span> {t('offline.youAreOffline')}{' '}
            <span className="font-normal">{shownDataText(shown)}</span>
          </p>
        )}
        {items.length > 0 && (
          <button
            type="button"
            aria-expanded={open}
            aria-controls="outbox-panel"
            onClick={() => setOpen(!open)}
            className="ml-auto font-medium text-teal-800 underline underline-offset-2"
          >
            {outboxSummary(items, SUMMARY_WORDS)}
          </button>
        )}
        {signInNeeded && <SignInToSend />}
      </div>
      {sending && <SendingProgress sending={sending} />}
      {open && items.length > 0 && (
        <ul
          id="outbox-panel"
          aria-label={t('offline.waitingToSend')}
          className="mx-auto grid max-w-6xl gap-2 px-4 pb-3"
        >
          <Suspense fallback={null}>
            <OutboxRows items={items} signedIn={signedIn} />
          </Suspense>
        </ul>
      )}
    </div>
  );
}

/**
 * Nobody is signed in, and a change waits for the session that ended (expired, or ended on
 * another device). Whose it is is not said (a shared phone): only its owner's sign-in sends it.
 */
function SignInToSend() {
  return (
    <p role="status" className="ml-auto">
      {t('offline.waitingForAccount')}{' '}
      <Link to="/login" className="font-medium text-teal-800 underline underline-offset-2">
        {t('offline.signInToSend')}
      </Link>
    </p>
  );
}

/** The upload under way (a new listing's photos), from a page: the worker reports none. */
function SendingProgress({ sending }: { sending: SendProgress }) {
  const text = t('offline.sendingPhoto', { photo: sending.photo, photos: sending.photos, label: sending.label });
  return (
    <div className="mx-auto flex max-w-6xl items-center gap-3 px-4 pb-2">
      <span className="truncate">{text}</span>
      <progress aria-label={text} max={1} value={sending.fraction} className="h-2 w-32 shrink-0" />
      <span aria-hidden="true">{Math.round(sending.fraction * 100)}%</span>
    </div>
  );
}
