import type { CreatePropertyInput, UpdatePropertyInput } from '../../lib/contract.ts';
import type { OutboxItem, QueuedItem } from '../../offline/outbox-store.ts';
import type { ListingValues } from './listing-edit-diff.ts';

// The listing actions that wait in the outbox, as stored (their kinds: create-listing.outbox.ts
// and edit-listing.outbox.ts).

/** A listing made in the wizard, sent with its draft's photos (send-listing.ts). */
export type CreateListingItem = QueuedItem<
  'create-listing',
  {
    draftId: string;
    body: Omit<CreatePropertyInput, 'images'>;
    /** Version 1 kept uploaded photo URLs here, by index; now they are kept with the draft's photos. */
    uploaded?: (string | null)[];
    /** Set once the listing exists: only the draft's removal is left. */
    propertyId?: string;
  }
>;

/** A listing edit saved without a connection (queue-edit.ts), sent with the version it was based on. */
export type EditListingItem = QueuedItem<
  'edit-listing',
  {
    propertyId: string;
    body: UpdatePropertyInput;
    /** The listing's values the edit was based on (at body.expectedVersion): shown beside a refusal, and what a re-apply compares with. */
    baseValues?: ListingValues;
  }
>;

export const isEditListingItem = (item: OutboxItem): item is EditListingItem => item.kind === 'edit-listing';
