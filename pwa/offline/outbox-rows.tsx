import type { ComponentType, ReactNode } from 'react';
import { discardItem } from './outbox-actions.ts';
import { retryItem } from './outbox-runtime.ts';
import type { OutboxKind } from './outbox-kind.ts';
import type { OutboxItem } from './outbox-store.ts';
import { t } from '../i18n/i18n.ts';

// How the offline bar shows an item the server refused. By default: why, Try again, Discard.
// A kind with its own way to put things right registers a row of its own (in the page only:
// the service worker shows nothing).

export type RefusedRow<Item extends OutboxItem = OutboxItem> = ComponentType<{ item: Item }>;

const rows = new Map<string, RefusedRow>();

/**
 * The row for refused items of `kind`: it is given only items of that kind, and those were read
 * through the kind's schema (outbox-registry.ts upgradeItem; one that does not match is an
 * unknown item), so the row is typed by the kind's item.
 */
export function registerRefusedRow<Item extends OutboxItem>(kind: OutboxKind<Item>, row: RefusedRow<Item>) {
  rows.set(kind.kind, row as RefusedRow);
}

export function RefusedItemRow({ item }: { item: OutboxItem }) {
  const Row = rows.get(item.kind);
  return Row ? <Row item={item} /> : <NotSentRow item={item} />;
}

const button = 'rounded-md border border-stone-300 px-3 py-1';

/**
 * Not sent, and why; then `fix` (the kind's way to change it, e.g. back to its draft) or Try
 * again, and Discard. With a fix, Try again is offered too when no server refused it (it failed
 * on this phone).
 */
export function NotSentRow({ item, fix }: { item: OutboxItem; fix?: ReactNode }) {
  return (
    <>
      <p role="alert" className="text-red-800">
        Not sent: {item.error ?? 'the server refused it.'}
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        {fix ?? (
          <button type="button" onClick={() => void retryItem(item)} className={button}>
            {t('common.tryAgain')}
          </button>
        )}
        {fix && item.httpStatus === undefined && (
          <button type="button" onClick={() => void retryItem(item)} className={button}>
            {t('common.tryAgain')}
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
