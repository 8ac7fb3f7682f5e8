import type { RecordedEvent } from '../store/event-store.ts';
import { createEventDecoder } from '../store/event-type.ts';
import type { Projection } from '../store/projections.ts';
import type { SqlClient } from '../store/sql.ts';
import { REVIEW_EVENT_NAMES, reviewEventTypes } from './review.events.ts';

const decode = createEventDecoder(reviewEventTypes);

/**
 * The `reviews` read model, one row per review, and `listing_ratings`, each listing's sum and count
 * of the ratings not removed. Idempotent: a review is inserted once and changed only while its
 * version is older than the event's, and a listing's rating changes only with a row that changed.
 */
export const reviewsProjection: Projection = {
  name: 'reviews',
  tables: ['reviews', 'listing_ratings'],
  handles: REVIEW_EVENT_NAMES,
  async apply(tx: SqlClient, events: RecordedEvent[]) {
    for (const recorded of events) {
      const event = decode(recorded);
      const version = recorded.streamVersion;
      switch (event.type) {
        case 'ReviewWritten': {
          const { reviewId, listingId, hostId, renterId, rating, text, writtenAt } = event.data;
          const inserted = await tx.query(
            `insert into reviews (id, listing_id, host_id, renter_id, rating, text, written_at, version)
             values ($1, $2, $3, $4, $5, $6, $7, $8) on conflict (id) do nothing returning id`,
            [reviewId, listingId, hostId, renterId, rating, text, writtenAt, version],
          );
          if (inserted.length > 0) await addToRating(tx, listingId, rating, 1);
          break;
        }
        case 'ReviewAnswered':
          await tx.query(
            'update reviews set answer = $2, answered_at = $3, version = $4 where id = $1 and version < $4',
            [event.data.reviewId, event.data.answer, event.data.answeredAt, version],
          );
          break;
        case 'ReviewRemoved': {
          const removedRows = await tx.query<{ listing_id: string; rating: number }>(
            `update reviews set removed_at = $2, removed_reason = $3, version = $4
             where id = $1 and version < $4 and removed_at is null returning listing_id, rating`,
            [event.data.reviewId, event.data.removedAt, event.data.reason, version],
          );
          for (const row of removedRows) await addToRating(tx, row.listing_id, -row.rating, -1);
          break;
        }
        default: {
          const unknown: never = event;
          throw new Error(`reviews projection: unhandled ${JSON.stringify(unknown)}`);
        }
      }
    }
  },
};

async function addToRating(tx: SqlClient, listingId: string, rating: number, count: number) {
  await tx.query(
    `insert into listing_ratings (listing_id, rating_sum, review_count) values ($1, $2, $3)
     on conflict (listing_id) do update set rating_sum = listing_ratings.rating_sum + excluded.rating_sum,
       review_count = listing_ratings.review_count + excluded.review_count`,
    [listingId, rating, count],
  );
}
