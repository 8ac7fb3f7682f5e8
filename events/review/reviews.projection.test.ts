import { describe, expect, it } from 'vitest';
import { useMigratedDatabase } from '../../testing/use-test-database.ts';
import { createEventStore } from '../store/event-store.ts';
import { createProjectionSet } from '../store/projections.ts';
import type { ReviewEvent } from './review.decider.ts';
import { reviewStreamId } from './review.events.ts';
import { reviewsProjection } from './reviews.projection.ts';

const database = useMigratedDatabase();
const projections = createProjectionSet([reviewsProjection]);
const listingId = '20000000-0000-4000-8000-000000000001';
const hostId = '10000000-0000-4000-8000-000000000001';
const id = (n: number) => `60000000-0000-4000-8000-00000000000${n}`;
const at = '2026-11-29T10:00:00.000Z';

const written = (n: number, rating: number): ReviewEvent => ({
  type: 'ReviewWritten',
  data: { reviewId: id(n), listingId, hostId, renterId: id(n + 5), rating, text: `review ${n}`, writtenAt: at },
});
const removed = (n: number): ReviewEvent => ({
  type: 'ReviewRemoved',
  data: { reviewId: id(n), removedBy: hostId, reason: 'Rude', removedAt: at },
});

const state = async () => ({
  rating: await database().query('select rating_sum, review_count from listing_ratings where listing_id = $1', [
    listingId,
  ]),
  reviews: await database().query('select id, answer, removed_reason from reviews order by id'),
});

describe('reviews projection', () => {
  it('sums the ratings not removed, keeps answers and removals, and a rebuild gives the same rows', async () => {
    const store = createEventStore(database(), { project: projections.applyInline });
    await store.append(reviewStreamId(id(1)), 'no_stream', [written(1, 5)]);
    await store.append(reviewStreamId(id(2)), 'no_stream', [written(2, 2)]);
    await store.append(reviewStreamId(id(3)), 'no_stream', [written(3, 4)]);
    await store.append(reviewStreamId(id(1)), 1, [
      { type: 'ReviewAnswered', data: { reviewId: id(1), answer: 'Thank you', answeredAt: at } },
    ]);
    await store.append(reviewStreamId(id(2)), 1, [removed(2)]);
    const after = await state();
    expect(after).toEqual({
      rating: [{ rating_sum: 9, review_count: 2 }],
      reviews: [
        { id: id(1), answer: 'Thank you', removed_reason: null },
        { id: id(2), answer: null, removed_reason: 'Rude' },
        { id: id(3), answer: null, removed_reason: null },
      ],
    });
    await database().query('update listing_ratings set rating_sum = 0');
    expect(await projections.rebuild(database())).toEqual({ events: 5 });
    expect(await state()).toEqual(after);
  });

  it('changes nothing when events are applied again', async () => {
    const store = createEventStore(database(), { project: projections.applyInline });
    await store.append(reviewStreamId(id(1)), 'no_stream', [written(1, 5), removed(1)]);
    await store.append(reviewStreamId(id(2)), 'no_stream', [written(2, 3)]);
    const before = await state();
    for (const stream of [reviewStreamId(id(1)), reviewStreamId(id(2))]) {
      const recorded = await store.readStream(stream);
      await database().transaction((tx) => reviewsProjection.apply(tx, recorded));
    }
    expect(await state()).toEqual(before);
  });
});
