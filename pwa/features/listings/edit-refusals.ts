import type { QueryClient } from '@tanstack/react-query';
import type { Property } from '../../lib/contract.ts';
import { fetchProperty } from '../../lib/queries/property.queries.ts';
import { listen, listItems, type OutboxItem } from '../../offline/outbox-store.ts';
import { isEditListingItem, type EditListingItem } from './listing-outbox-items.ts';

// A queued edit is shown on this device at once (queue-edit.ts writes it into the cached
// listing). When the server refuses it, the cached listing goes back to the server's copy:
// the refused values live on only in the outbox item, until the person chooses what to do.

const isRefusedEdit = (item: OutboxItem): item is EditListingItem =>
  isEditListingItem(item) && item.status === 'failed';

export function followEditRefusals(queryClient: QueryClient) {
  const rolledBack = new Set<string>();
  const rollBack = async (item: EditListingItem) => {
    const key = ['properties', 'detail', item.propertyId];
    try {
      queryClient.setQueryData<Property>(key, await fetchProperty(item.propertyId));
      rolledBack.add(item.id);
    } catch {
      // No connection now: at least never show the refused copy as fresh; tried again on the next change.
      void queryClient.invalidateQueries({ queryKey: key, refetchType: 'none' });
    }
    void queryClient.invalidateQueries({ queryKey: ['properties'], refetchType: 'active' });
  };
  const check = async () => {
    for (const item of (await listItems()).filter(isRefusedEdit)) if (!rolledBack.has(item.id)) await rollBack(item);
  };
  listen(() => void check());
  window.addEventListener('online', () => void check());
  void check();
}
