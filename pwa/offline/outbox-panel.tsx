import { discardItem } from './outbox-actions.ts';
import { RefusedItemRow } from './outbox-rows.tsx';
import { claimItem } from './outbox-runtime.ts';
import type { OutboxItem } from './outbox-store.ts';
import { t, tn, useT } from '../i18n/i18n.ts';
import { enOutbox } from '../i18n/en-outbox.ts';

// The offline bar's list of what waits to be sent (offline-bar.tsx), loaded when it is opened.

export function OutboxRows({ items, signedIn }: { items: OutboxItem[]; signedIn: string | null }) {
  useT(enOutbox);
  return (
    <>
      {items.map((item) => (
        <OutboxRow key={item.id} item={item} signedIn={signedIn} />
      ))}
    </>
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
          {t('offline.waitingToSend')}
          {item.attempts > 0 ? tn('outbox.tried', item.attempts) : ''}.
          {item.needsSignIn ? t('outbox.sessionEnded') : ''}
        </p>
      ) : (
        <RefusedItemRow item={item} />
      )}
    </li>
  );
}

/** Queued before the app recorded who queued what: sent only once the person claims it. */
function UnclaimedRow({ item, signedIn }: { item: OutboxItem; signedIn: string | null }) {
  return (
    <>
      <p className="text-stone-700">{t('outbox.unclaimed')}</p>
      <div className="mt-2 flex flex-wrap gap-2">
        {signedIn && (
          <button
            type="button"
            onClick={() => void claimItem(item, signedIn)}
            className="rounded-md border border-stone-300 px-3 py-1"
          >
            {t('outbox.itIsMine')}
          </button>
        )}
        <button
          type="button"
          onClick={() => void discardItem(item)}
          className="rounded-md border border-red-300 px-3 py-1 text-red-800"
        >
          {t('offline.discard')}
        </button>
      </div>
    </>
  );
}
