import type { RecordedEvent } from '../store/event-store.ts';
import { createEventDecoder } from '../store/event-type.ts';
import type { Projection } from '../store/projections.ts';
import type { SqlClient } from '../store/sql.ts';
import { FAVORITE_EVENT_NAMES, favoriteEventTypes } from './favorites.events.ts';

type Change = { user_id: string; property_id: string; is_favorite: boolean; added_at: string; version: number };

const decode = createEventDecoder(favoriteEventTypes);

/** The row an event leaves for its pair; a removal keeps the row (is_favorite false) so a replay stays skipped. */
function changeOf(recorded: RecordedEvent): Change {
  const event = decode(recorded);
  const version = recorded.streamVersion;
  switch (event.type) {
    case 'FavoriteAdded': {
      const { userId, propertyId, addedAt } = event.data;
      return { user_id: userId, property_id: propertyId, is_favorite: true, added_at: addedAt, version };
    }
    case 'FavoriteRemoved': {
      // added_at only matters for a pair never added before; the upsert keeps an existing row's.
      const { userId, propertyId } = event.data;
      return {
        user_id: userId,
        property_id: propertyId,
        is_favorite: false,
        added_at: recorded.recordedAt.toISOString(),
        version,
      };
    }
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

/**
 * The `favorites` read model with set semantics. A row keeps the user stream's
 * version of its last event; an event at or below it is a replay and skipped.
 * Within a batch the last event per pair wins, then one upsert writes them.
 */
export const favoritesProjection: Projection = {
  name: 'favorites',
  tables: ['favorites'],
  handles: FAVORITE_EVENT_NAMES,
  async apply(tx: SqlClient, events: RecordedEvent[]) {
    const last = new Map<string, Change>();
    for (const recorded of events) {
      const change = changeOf(recorded);
      const key = `${change.user_id}/${change.property_id}`;
      const prior = last.get(key);
      if (!prior || prior.version < change.version) last.set(key, change);
    }
    await tx.query(
      `insert into favorites (user_id, property_id, is_favorite, added_at, version)
       select user_id, property_id, is_favorite, added_at, version
       from jsonb_to_recordset($1::jsonb->'rows') as r(user_id uuid, property_id uuid, is_favorite boolean, added_at timestamptz, version integer)
       on conflict (user_id, property_id) do update
         set is_favorite = excluded.is_favorite,
             added_at = case when excluded.is_favorite then excluded.added_at else favorites.added_at end,
             version = excluded.version
         where favorites.version < excluded.version`,
      [{ rows: [...last.values()] }],
    );
  },
};
