import { describe, expect, it } from 'vitest';
import type { PageViewDeadLettersAnswer } from '../contract/analytics.schema.ts';
import { registerUser } from '../../testing/accounts.ts';
import { analyticsApp, analyticsRowCounts, newVisitorId, recentVisitors } from '../../testing/analytics.ts';
import { expectError } from '../../testing/errors.ts';
import { createClient } from '../../testing/test-app.ts';
import { useMigratedDatabase } from '../../testing/use-test-database.ts';
import type { PageViewRecord } from './page-view.ts';
import { deleteExpiredAnalytics } from './retention.ts';

// No value can jam the page-view writer (docs/decisions/110). The boundary refuses bad text
// (api/middleware/well-formed-text.test.ts); here values PostgreSQL refuses are forced past it,
// straight into the app's own buffer, as a bug in the server might one day do.

const database = useMigratedDatabase();
const NOW = new Date('2026-03-10T12:00:00.000Z');
const DEAD_LETTERS = '/api/admin/analytics/dead-letters';

const setUp = () => analyticsApp(database(), NOW);

const record = (page: string, visitorId = newVisitorId()): PageViewRecord => ({
  visitorId,
  page,
  viewedAt: NOW,
  userId: null,
  ipNetwork: '8.8.8.0/24',
  country: 'US',
  city: 'unknown',
});

async function deadLetters(admin: ReturnType<typeof createClient>, query = '') {
  const res = await admin.request(`${DEAD_LETTERS}${query}`);
  const text = await res.text();
  expect(res.status, text).toBe(200);
  return JSON.parse(text) as PageViewDeadLettersAnswer;
}

describe('a batch PostgreSQL refuses', () => {
  it('is split: the refused views are set aside for the admin to see, the rest of the batch is written, and later views too', async () => {
    const { deps, admin } = await setUp();
    const good = Array.from({ length: 9 }, (_, i) => record(`/good-${i}`));
    deps.pageViews.add([
      ...good.slice(0, 4),
      record('/x\ud800', 'visitor_1_surrogate'),
      ...good.slice(4),
      record('/y\u0000', 'visitor_1_nul'),
    ]);
    await deps.pageViews.flush();

    expect(deps.pageViews.stats()).toMatchObject({ buffered: 0, written: 9, setAside: 2, failedWrites: 0 });
    expect(await analyticsRowCounts(deps.db)).toMatchObject({ page_views: 9, visitors: 9, page_daily: 9 });
    const answer = await deadLetters(admin);
    expect(answer.total).toBe(2);
    expect(answer.deadLetters.map((d) => JSON.parse(d.view) as { visitorId: string; page: string })).toEqual([
      expect.objectContaining({ visitorId: 'visitor_1_nul', page: '/y\u0000' }),
      expect.objectContaining({ visitorId: 'visitor_1_surrogate', page: '/x\ud800' }),
    ]);
    // The text keeps the escapes, as six characters each.
    expect(answer.deadLetters[1]!.view).toContain('"page":"/x\\ud800"');
    for (const letter of answer.deadLetters) {
      expect(letter).toEqual({
        id: expect.stringMatching(/^\d+$/),
        failedAt: NOW.toISOString(),
        view: expect.any(String),
        error: expect.stringMatching(/json|Unicode/i),
      });
    }

    // Not jammed: a later view is written at the next flush.
    const later = record('/later', 'visitor_1_later');
    deps.pageViews.add([later]);
    await deps.pageViews.flush();
    expect((await recentVisitors(admin)).map((v) => v.visitorId)).toContain('visitor_1_later');
    expect(deps.pageViews.stats()).toMatchObject({ buffered: 0, written: 10, setAside: 2 });
  });

  it('lists the newest first, up to the limit, and refuses a limit out of range', async () => {
    const { deps, admin } = await setUp();
    deps.pageViews.add(['a', 'b', 'c'].map((n) => record(`/${n}\u0000`, `visitor_1_${n}`)));
    await deps.pageViews.flush();
    const answer = await deadLetters(admin, '?limit=2');
    expect(answer.total).toBe(3);
    expect(answer.deadLetters.map((d) => (JSON.parse(d.view) as { visitorId: string }).visitorId)).toEqual([
      'visitor_1_c',
      'visitor_1_b',
    ]);
    await expectError(await admin.request(`${DEAD_LETTERS}?limit=0`), 400, 'invalid_input');
    await expectError(await admin.request(`${DEAD_LETTERS}?limit=201`), 400, 'invalid_input');
  });

  it('shows the dead letters to admins only: 401 signed out, 403 to anyone else', async () => {
    const { app } = await setUp();
    await expectError(await createClient(app).request(DEAD_LETTERS), 401, 'unauthorized');
    const renter = createClient(app);
    await registerUser(renter);
    await expectError(await renter.request(DEAD_LETTERS), 403, 'forbidden');
  });

  it('deletes dead letters with the page views after two years', async () => {
    const { deps, admin } = await setUp();
    deps.pageViews.add([record('/old\u0000')]);
    await deps.pageViews.flush();
    await deleteExpiredAnalytics(deps.db, new Date('2028-03-10T11:59:59.000Z'));
    expect((await deadLetters(admin)).total).toBe(1);
    await deleteExpiredAnalytics(deps.db, new Date('2028-03-10T12:00:01.000Z'));
    expect((await deadLetters(admin)).total).toBe(0);
  });
});
