import type { RecordedEvent } from '../store/event-store.ts';
import type { Projection } from '../store/projections.ts';
import type { SqlClient } from '../store/sql.ts';
import { FAVORITE_EVENT_NAMES } from './favorites.events.ts';

type Change = { user_id: string; property_id: string; is_favorite: boolean; added_at: string; version: number };

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
    for (const e of events) {
      const data = e.data as { userId: string; propertyId: string; addedAt?: string };
      const change: Change = {
        user_id: data.userId,
        property_id: data.propertyId,
        is_favorite: e.type === 'FavoriteAdded',
        added_at: data.addedAt ?? e.recordedAt.toISOString(),
        version: e.streamVersion,
      };
      const key = `${data.userId}/${data.propertyId}`;
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
