import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { isCurrentUserQuery } from '../lib/current-user.ts';
import { discardItem } from './outbox-actions.ts';
import { outboxSummary } from './outbox-owner.ts';
import { RefusedItemRow } from './outbox-rows.tsx';
import { claimItem } from './outbox-runtime.ts';
import type { OutboxItem, SendProgress } from './outbox-store.ts';
import { useOnline, useOutbox } from './use-outbox.ts';

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
  new Date(time).toLocaleString('en-GB', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });

/** The offline bar's second sentence: never "showing what was saved" over a screen that has nothing saved. */
function shownDataText({ time, missing }: ShownData): string {
  if (missing)
    return time
      ? `Parts of this page need a connection; the rest was saved on ${timeText(time)}.`
      : 'This page needs a connection.';
  return time ? `Showing what was saved on ${timeText(time)}.` : 'Showing what is saved on this device.';
}

export function OfflineBar() {
  const online = useOnline();
  const { signedIn, items, signInNeeded, sending } = useOutbox();
  const shown = useShownData(!online);
  const [open, setOpen] = useState(false);
  if (online && items.length === 0 && !signInNeeded) return null;
  return (
    <div className="border-t border-stone-200 bg-amber-50 text-sm text-stone-900">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-1 px-4 py-2">
        {!online && (
          <p role="status" data-testid="offline-indicator" className="font-medium">
            <span aria-hidden="true">●</span> You are offline.{' '}
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
            {outboxSummary(items)}
          </button>
        )}
        {signInNeeded && <SignInToSend />}
      </div>
      {sending && <SendingProgress sending={sending} />}
      {open && items.length > 0 && (
        <ul id="outbox-panel" aria-label="Waiting to send" className="mx-auto grid max-w-6xl gap-2 px-4 pb-3">
          {items.map((item) => (
            <OutboxRow key={item.id} item={item} signedIn={signedIn} />
          ))}
        </ul>
      )}
    </div>
  );
}

function OutboxRow({ item, signedIn }: { item: OutboxItem; signedIn: string | null }) {
  return (
    <li className="rounded-md border border-stone-200 bg-white p-3">
      <p className="font-medium">{item.label}</p>
      {item.ownerId === null ? (
        <UnclaimedRow item={item} signedIn={signedIn} />
      ) : item.status === 'waiting' ? (
        <p className="text-stone-700">
          Waiting to send
          {item.attempts > 0 ? ` (tried ${item.attempts} ${item.attempts === 1 ? 'time' : 'times'})` : ''}.
          {item.needsSignIn ? ' Your session ended: sign in again to send it.' : ''}
        </p>
      ) : (
        <RefusedItemRow item={item} />
      )}
    </li>
  );
}

/**
 * Nobody is signed in, and a change waits for the session that ended (expired, or ended on
 * another device). Whose it is is not said (a shared phone): only its owner's sign-in sends it.
 */
function SignInToSend() {
  return (
    <p role="status" className="ml-auto">
      Changes made on this phone are waiting for their account.{' '}
      <Link to="/login" className="font-medium text-teal-800 underline underline-offset-2">
        Sign in to send
      </Link>
    </p>
  );
}

/** The upload under way (a new listing's photos), from a page: the worker reports none. */
function SendingProgress({ sending }: { sending: SendProgress }) {
  const text = `Sending photo ${sending.photo} of ${sending.photos} of ${sending.label}`;
  return (
    <div className="mx-auto flex max-w-6xl items-center gap-3 px-4 pb-2">
      <span className="truncate">{text}</span>
      <progress aria-label={text} max={1} value={sending.fraction} className="h-2 w-32 shrink-0" />
      <span aria-hidden="true">{Math.round(sending.fraction * 100)}%</span>
    </div>
  );
}

/** Queued before the app recorded who queued what: sent only once the person claims it. */
function UnclaimedRow({ item, signedIn }: { item: OutboxItem; signedIn: string | null }) {
  return (
    <>
      <p className="text-stone-700">
        Saved on this phone by an earlier version of Efie, which did not note whose account it was for. Send it only if
        it is yours.
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        {signedIn && (
          <button
            type="button"
            onClick={() => void claimItem(item, signedIn)}
            className="rounded-md border border-stone-300 px-3 py-1"
          >
            It is mine, send it
          </button>
        )}
        <button
          type="button"
          onClick={() => void discardItem(item)}
          className="rounded-md border border-red-300 px-3 py-1 text-red-800"
        >
          Discard
        </button>
      </div>
    </>
  );
}
