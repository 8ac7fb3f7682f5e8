import { describe, expect, it } from 'vitest';
import { useMigratedDatabase } from '../../testing/use-test-database.ts';
import { createEventStore } from '../store/event-store.ts';
import { createProjectionSet } from '../store/projections.ts';
import type { SavedSearchEvent } from './saved-search.decider.ts';
import { savedSearchStreamId } from './saved-search.events.ts';
import { savedSearchesProjection } from './saved-searches.projection.ts';

const database = useMigratedDatabase();
const projections = createProjectionSet([savedSearchesProjection]);
const searchId = '40000000-0000-4000-8000-000000000001';
const userId = '40000000-0000-4000-8000-000000000002';
const at = '2026-11-29T10:00:00.000Z';
const later = '2026-11-30T10:00:00.000Z';

const history: SavedSearchEvent[] = [
  {
    type: 'SearchSaved',
    data: { searchId, userId, name: 'Hohoe', filters: { location: 'Hohoe', bedrooms: '2' }, savedAt: at },
  },
  { type: 'SearchAlertSent', data: { searchId, listingId: 'l1', channel: 'push', sentAt: at } },
  { type: 'SearchAlertSent', data: { searchId, listingId: 'l2', channel: 'email', sentAt: later } },
];
const unsubscribed: SavedSearchEvent = {
  type: 'SearchUnsubscribed',
  data: { searchId, by: 'link', unsubscribedAt: later },
};

const rows = () =>
  database().query<Record<string, unknown>>(
    'select id, user_id, name, filters, last_alert_at, alerts_sent, unsubscribed_at, version from saved_searches',
  );

describe('saved searches projection', () => {
  it('keeps the filters, the last alert and how many went out, then the unsubscribing; a rebuild gives the same rows', async () => {
    const store = createEventStore(database(), { project: projections.applyInline });
    await store.append(savedSearchStreamId(searchId), 'no_stream', history);
    expect(await rows()).toEqual([
      {
        id: searchId,
        user_id: userId,
        name: 'Hohoe',
        filters: { location: 'Hohoe', bedrooms: '2' },
        last_alert_at: new Date(later),
        alerts_sent: 2,
        unsubscribed_at: null,
        version: 3,
      },
    ]);
    await store.append(savedSearchStreamId(searchId), 3, [unsubscribed]);
    const after = await rows();
    expect(after[0]).toMatchObject({ unsubscribed_at: new Date(later), version: 4 });
    await database().query('update saved_searches set alerts_sent = 0, unsubscribed_at = null');
    expect(await projections.rebuild(database())).toEqual({ events: 4 });
    expect(await rows()).toEqual(after);
    // Applied again: nothing changes.
    const recorded = await store.readStream(savedSearchStreamId(searchId));
    await database().transaction((tx) => savedSearchesProjection.apply(tx, recorded));
    expect(await rows()).toEqual(after);
  });
});
