import { describe, expect, it } from 'vitest';
import type { PageViewRecord } from './page-view.ts';
import { visitorUpdates } from './page-views.write.ts';

const at = (minute: number) => new Date(Date.UTC(2026, 2, 10, 12, minute));
const view = (visitorId: string, minute: number, overrides: Partial<PageViewRecord> = {}): PageViewRecord => ({
  visitorId, page: `/${minute}`, viewedAt: at(minute), userId: null, ipNetwork: '8.8.8.0/24', country: 'US', city: 'unknown', ...overrides,
});

describe('visitorUpdates', () => {
  it("folds a batch into one update per visitor, in time order whatever the batch's order", () => {
    const updates = visitorUpdates([
      view('visitor_1_b', 5, { userId: 'u-1' }),
      view('visitor_1_a', 3),
      view('visitor_1_b', 9, { ipNetwork: '81.2.69.0/24', country: 'GB', city: 'St Albans' }),
      view('visitor_1_b', 1),
    ]);
    expect(updates).toEqual([
      {
        visitor_id: 'visitor_1_a', user_id: null, ip_network: '8.8.8.0/24', city: 'unknown', country: 'US',
        pages_viewed: 1, landing_page: '/3', first_visit: at(3).toISOString(), last_visit: at(3).toISOString(),
      },
      {
        // Signed in at one view and not at the later one: still that account's device.
        visitor_id: 'visitor_1_b', user_id: 'u-1', ip_network: '81.2.69.0/24', city: 'St Albans', country: 'GB',
        pages_viewed: 3, landing_page: '/1', first_visit: at(1).toISOString(), last_visit: at(9).toISOString(),
      },
    ]);
  });
});
