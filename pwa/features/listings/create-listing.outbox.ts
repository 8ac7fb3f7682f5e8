import type { QueryClient } from '@tanstack/react-query';
import * as v from 'valibot';
import type { OutboxKind } from '../../offline/outbox-kind.ts';
import { changeItem, type OutboxItem } from '../../offline/outbox-store.ts';
import { deleteDraft, getDraft, repairOrphanedDrafts, unmarkDraftQueued } from './drafts-store.ts';
import type { CreateListingItem } from './listing-outbox-items.ts';
import { sendNewListing } from './send-listing.ts';

// A listing made in the wizard, waiting in the outbox with its draft (listing-drafts.ts):
// its photos are uploaded one by one, then the listing is created (send-listing.ts).

export const createListingKind: OutboxKind<CreateListingItem> = {
  kind: 'create-listing',
  schema: v.looseObject({
    kind: v.literal('create-listing'),
    draftId: v.string(),
    body: v.looseObject({}),
    uploaded: v.optional(v.array(v.nullable(v.string()))),
    propertyId: v.optional(v.string()),
  }),
  target: (item) => `draft:${item.draftId}`,
  send: sendNewListing,
  reportsProgress: true,
  /**
   * The listing first records that it exists, then its draft goes (then the engine removes the
   * item), so an app stopped in between finishes the tidying next time instead of creating it
   * again or losing the draft.
   */
  async settleSent(item, result) {
    let recorded: OutboxItem | undefined;
    const propertyId = (result as { id?: string } | null)?.id;
    if (propertyId && !item.propertyId)
      recorded = await changeItem(item.id, (current) => (current ? { ...current, propertyId } : 'keep'));
    await deleteDraft(item.draftId);
    return recorded;
  },
  /** The draft stays, editable again, with the photos already uploaded remembered. */
  discarded: (item) => unmarkDraftQueued(item.draftId, item.id),
  /** A draft marked for an item that is not in the outbox (the app stopped in between) is given back. */
  tidy: (isQueued) => repairOrphanedDrafts(isQueued),
  /** Drafts always recorded their owner. */
  recordedOwner: async (item) => (await getDraft(item.draftId))?.ownerId ?? null,
  sentOnPage: (queryClient: QueryClient) => void queryClient.invalidateQueries({ queryKey: ['properties'] }),
};
