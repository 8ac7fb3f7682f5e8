import { registerOutboxKind } from '../../offline/outbox-registry'
import { createListingKind } from './create-listing.outbox'
import { editListingKind } from './edit-listing.outbox'

/** The listing actions that wait in the outbox: a new listing and an edit (page and service worker). */
export function registerListingOutbox() {
  registerOutboxKind(createListingKind)
  registerOutboxKind(editListingKind)
}
