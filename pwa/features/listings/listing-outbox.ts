import { registerOutboxKind } from '../../offline/outbox-registry.ts';
import { createListingKind } from './create-listing.outbox.ts';
import { editListingKind } from './edit-listing.outbox.ts';

/** The listing actions that wait in the outbox: a new listing and an edit (page and service worker). */
export function registerListingOutbox() {
  registerOutboxKind(createListingKind);
  registerOutboxKind(editListingKind);
}
