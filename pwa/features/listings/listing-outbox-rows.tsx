import { Link } from '@tanstack/react-router';
import { discardItem } from '../../offline/outbox-actions.ts';
import { NotSentRow, registerRefusedRow } from '../../offline/outbox-rows.tsx';
import { createListingKind } from './create-listing.outbox.ts';
import { editListingKind } from './edit-listing.outbox.ts';
import { EditRefusedRow } from './edit-refused-row.tsx';
import type { CreateListingItem } from './listing-outbox-items.ts';

/** A refused new listing goes back to its draft (Fix); a refused edit is compared and re-applied. */
function RefusedNewListing({ item }: { item: CreateListingItem }) {
  const fix = (
    <Link
      to="/list-property"
      search={{ draft: item.draftId }}
      onClick={() => void discardItem(item)}
      className="rounded-md border border-stone-300 px-3 py-1"
    >
      Fix
    </Link>
  );
  return <NotSentRow item={item} fix={fix} />;
}

/** How the offline bar shows the listing actions the server refused (pages only). */
export function registerListingOutboxRows() {
  registerRefusedRow(createListingKind, RefusedNewListing);
  registerRefusedRow(editListingKind, EditRefusedRow);
}
