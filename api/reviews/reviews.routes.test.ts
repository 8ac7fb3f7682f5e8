import { describe, expect, it } from 'vitest';
import { createProjectionSet } from '../../events/store/projections.ts';
import { reviewsProjection } from '../../events/review/reviews.projection.ts';
import { createAdmin, registerUser, signInAgain } from '../../testing/accounts.ts';
import { expectError } from '../../testing/errors.ts';
import { approveListing, createListing } from '../../testing/listings.ts';
import { createClient, createTestApp } from '../../testing/test-app.ts';
import { useMigratedDatabase } from '../../testing/use-test-database.ts';
import type { MessageSent } from '../contract/conversations.schema.ts';
import type { Property } from '../contract/properties.schema.ts';
import type { AdminReviewPage, ListingReviews, Review } from '../contract/reviews.schema.ts';

// Reviews that mean something (issue 34, docs/decisions/410), through HTTP on a clock the test moves:
// who may review and when, the host's one answer, an admin's removal, and the rating's arithmetic.

const database = useMigratedDatabase();
const DAY = 24 * 60 * 60 * 1000;

async function setup() {
  let now = new Date('2026-11-29T10:00:00.000Z');
  const { app, deps } = await createTestApp(database(), { clock: () => now });
  const host = createClient(app);
  await registerUser(host, { firstName: 'Kofi', userType: 'owner' });
  const admin = createClient(app);
  const adminAccount = await createAdmin(deps, admin);
  const listing = await createListing(host, { title: 'Two rooms near Hohoe market' });
  await approveListing(admin, listing.id);
  const renters = await Promise.all(
    ['Esi', 'Yaw', 'Ama'].map(async (firstName) => {
      const client = createClient(app);
      const { email } = await registerUser(client, { firstName });
      return { client, email };
    }),
  );
  const everyone = [{ client: host, email: (await (await host.request('/api/auth/user')).json()).email as string }];
  /** A renter writes, and the host answers, now. */
  const answered = async (renter: (typeof renters)[number]) => {
    const { conversationId } = (await (
      await renter.client.request(`/api/properties/${listing.id}/conversations`, {
        method: 'POST',
        json: { text: 'Is it still available?' },
      })
    ).json()) as MessageSent;
    const reply = await host.request(`/api/conversations/${conversationId}/messages`, {
      method: 'POST',
      json: { text: 'Yes, come and see it.' },
    });
    expect(reply.status).toBe(201);
  };
  const review = (client: typeof host, rating: number, text = 'Clean and quiet; the host answered fast.') =>
    client.request(`/api/properties/${listing.id}/reviews`, { method: 'POST', json: { rating, text } });
  const property = async () =>
    (await (await createClient(app).request(`/api/properties/${listing.id}`)).json()) as Property;
  const reviews = async (client = createClient(app)) =>
    (await (await client.request(`/api/properties/${listing.id}/reviews`)).json()) as ListingReviews;
  return {
    app,
    host,
    admin,
    renters,
    listing,
    answered,
    review,
    property,
    reviews,
    /** Moves the clock on; everyone signs in again (sessions end). */
    later: async (days: number) => {
      now = new Date(now.getTime() + days * DAY);
      await signInAgain([...renters, ...everyone, { client: admin, email: adminAccount.email! }]);
    },
  };
}

describe('reviews', () => {
  it('takes a review from a renter the host answered, a week after the answer, once', async () => {
    const { host, renters, answered, review, property, reviews, later } = await setup();
    const [esi, yaw] = renters;
    await answered(esi!);
    // Yaw wrote but was never answered; the host cannot review their own listing.
    await yaw!.client.request(`/api/properties/${(await property()).id}/conversations`, {
      method: 'POST',
      json: { text: 'Hello?' },
    });
    await later(6);
    // The listing's reviews say beforehand what the POST then answers, to each caller.
    expect((await reviews(esi!.client)).canReview).toEqual({ status: 'too_soon', from: '2026-12-06T10:00:00.000Z' });
    await expectError(await review(esi!.client, 4), 409, 'review_too_soon');
    await later(1);
    expect(await reviews(esi!.client)).toMatchObject({ canReview: { status: 'allowed' }, mine: null });
    expect((await reviews(yaw!.client)).canReview).toEqual({ status: 'not_allowed' });
    expect((await reviews(host)).canReview).toEqual({ status: 'own_listing' });
    expect((await reviews()).canReview).toEqual({ status: 'signed_out' });
    const res = await review(esi!.client, 4);
    expect(res.status, await res.clone().text()).toBe(201);
    expect(((await res.json()) as { review: Review }).review).toMatchObject({ rating: 4, author: 'Esi', answer: null });
    await expectError(await review(esi!.client, 5), 409, 'already_reviewed');
    await expectError(await review(yaw!.client, 1), 403, 'review_not_allowed');
    await expectError(await review(host, 5), 403, 'own_listing');
    const esis = await reviews(esi!.client);
    expect(esis.canReview).toEqual({ status: 'already_reviewed' });
    expect(esis.mine).toMatchObject({ rating: 4, author: 'Esi', removed: null });
    expect((await reviews()).mine).toBeNull();
    expect(await property()).toMatchObject({ averageRating: 4, reviewCount: 1 });
    expect((await reviews()).reviews.map((r) => [r.author, r.rating])).toEqual([['Esi', 4]]);
  });

  it('refuses bad ratings and empty texts in the contract’s words', async () => {
    const { renters, review } = await setup();
    for (const rating of [0, 6, 3.5]) {
      const refused = await expectError(await review(renters[0]!.client, rating), 400, 'invalid_input');
      expect(refused.issues?.map((issue) => issue.path)).toEqual(['rating']);
    }
    const empty = await expectError(await review(renters[0]!.client, 4, '  '), 400, 'invalid_input');
    expect(empty.issues?.map((issue) => issue.path)).toEqual(['text']);
  });

  it('averages to one decimal, lets the host answer once, and an admin remove with a reason', async () => {
    const { host, admin, renters, answered, review, property, reviews, later } = await setup();
    for (const renter of renters) await answered(renter);
    await later(7);
    for (const [renter, rating] of [
      [renters[0]!, 5],
      [renters[1]!, 4],
      [renters[2]!, 4],
    ] as const)
      expect((await review(renter.client, rating)).status).toBe(201);
    // 13 / 3 = 4.33…: one decimal.
    expect(await property()).toMatchObject({ averageRating: 4.3, reviewCount: 3 });

    // Written at the same moment: Ama's, by its author.
    const newest = (await reviews()).reviews.find((r) => r.author === 'Ama');
    const answer = (client: typeof host) =>
      client.request(`/api/reviews/${newest!.id}/answer`, { method: 'POST', json: { answer: 'Thank you, Ama!' } });
    await expectError(await answer(renters[2]!.client), 403, 'not_host');
    expect((await answer(host)).status).toBe(200);
    await expectError(await answer(host), 409, 'already_answered');
    expect((await reviews()).reviews.find((r) => r.id === newest!.id)?.answer?.text).toBe('Thank you, Ama!');

    const remove = (client: typeof host, id = newest!.id) =>
      client.request(`/api/admin/reviews/${id}/remove`, { method: 'POST', json: { reason: 'Names a person' } });
    await expectError(await remove(host), 403, 'forbidden');
    expect((await remove(admin)).status).toBe(200);
    expect(await property()).toMatchObject({ averageRating: 4.5, reviewCount: 2 });
    expect((await reviews()).reviews).toHaveLength(2);
    await expectError(await remove(admin, '00000000-0000-4000-8000-000000000000'), 404, 'review_not_found');
    // Its author still sees it as theirs, and why it went; they cannot write another.
    expect(await reviews(renters[2]!.client)).toMatchObject({
      canReview: { status: 'already_reviewed' },
      mine: { id: newest!.id, removed: { reason: 'Names a person' } },
    });

    const before = await property();
    await database().query('delete from listing_ratings');
    await createProjectionSet([reviewsProjection]).rebuild(database());
    expect(await property()).toMatchObject({ averageRating: before.averageRating, reviewCount: before.reviewCount });
  });

  it('answers each caller privately: never a shared cache’s copy', async () => {
    const { renters, listing, app } = await setup();
    for (const client of [createClient(app), renters[0]!.client]) {
      const res = await client.request(`/api/properties/${listing.id}/reviews`);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
    }
  });

  it('lists reviews to admins only, newest first, live or removed, found by listing title or text', async () => {
    const { host, admin, renters, answered, review, later, app } = await setup();
    for (const renter of renters) await answered(renter);
    await later(7);
    const texts = ['Quiet street, kind host.', 'The roof leaks when it rains.', 'Water every day; quiet nights.'];
    for (const [i, renter] of renters.entries()) {
      expect((await review(renter.client, 3 + i, texts[i])).status).toBe(201);
      await later(1);
    }
    const list = async (query = '', client = admin) => {
      const res = await client.request(`/api/admin/reviews${query}`);
      expect(res.status, await res.clone().text()).toBe(200);
      return (await res.json()) as AdminReviewPage;
    };
    const all = await list();
    expect(all).toMatchObject({ total: 3, page: 1, pageSize: 20 });
    expect(all.reviews.map((r) => r.text)).toEqual([...texts].reverse());
    expect(all.reviews[0]).toMatchObject({
      listingTitle: 'Two rooms near Hohoe market',
      reviewerName: expect.stringMatching(/^Ama/),
      rating: 5,
      removed: null,
    });

    const leaks = all.reviews.find((r) => r.text.startsWith('The roof'))!;
    const removed = await admin.request(`/api/admin/reviews/${leaks.id}/remove`, {
      method: 'POST',
      json: { reason: 'Not about the listing' },
    });
    expect(removed.status).toBe(200);
    expect((await list('?status=removed')).reviews).toMatchObject([
      { id: leaks.id, removed: { reason: 'Not about the listing' } },
    ]);
    expect((await list('?status=live')).reviews.map((r) => r.text)).toEqual([texts[2], texts[0]]);
    expect((await list('?q=QUIET')).total).toBe(2);
    expect((await list('?q=hohoe&status=live')).total).toBe(2);
    expect((await list('?q=50%25_off')).total).toBe(0);
    const paged = await list('?limit=2&page=2');
    expect(paged).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(paged.reviews.map((r) => r.text)).toEqual([texts[0]]);

    await expectError(await createClient(app).request('/api/admin/reviews'), 401, 'unauthorized');
    await expectError(await renters[0]!.client.request('/api/admin/reviews'), 403, 'forbidden');
    await expectError(await host.request('/api/admin/reviews'), 403, 'forbidden');
    const bad = await expectError(await admin.request('/api/admin/reviews?status=hidden&page=0'), 400, 'invalid_input');
    expect(bad.issues?.map((issue) => issue.path).sort()).toEqual(['page', 'status']);
  });
});
