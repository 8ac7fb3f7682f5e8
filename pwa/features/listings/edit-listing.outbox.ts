import * as v from 'valibot';
import type { Property } from '../../lib/contract.ts';
import { call } from '../../offline/outbox-call.ts';
import type { OutboxKind } from '../../offline/outbox-kind.ts';
import type { EditListingItem } from './listing-outbox-items.ts';

// A listing edit saved without a connection (queue-edit.ts), sent with the version it was
// based on, so an edit gone stale meanwhile is refused and shown (edit-refused-row.tsx).

export const editListingKind: OutboxKind<EditListingItem> = {
  kind: 'edit-listing',
  schema: v.looseObject({ kind: v.literal('edit-listing'), propertyId: v.string(), body: v.looseObject({}) }),
  target: (item) => `listing:${item.propertyId}`,
  send: (item, session) =>
    call<Property>(session, 'PUT', `/api/properties/${encodeURIComponent(item.propertyId)}`, item.id, item.body),
  sentOnPage(queryClient, _item, result) {
    const property = result as Property | null;
    if (property?.id) queryClient.setQueryData(['properties', 'detail', property.id], property);
    void queryClient.invalidateQueries({ queryKey: ['properties'] });
  },
};
