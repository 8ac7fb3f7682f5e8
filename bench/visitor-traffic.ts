// Page views as phones send them to POST /api/analytics/track-visitor, for bench:analytics and
// bench:server: 100,000 visitors, public addresses of the markets, the pages renters open.
import { randomBytes } from 'node:crypto';

const PHONE =
  'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36';

const VISITORS = Array.from(
  { length: 100_000 },
  (_, i) => `visitor_${1_763_900_000_000 + i * 37}_${randomBytes(6).toString('hex').slice(0, 9)}`,
);
const PROPERTIES = Array.from({ length: 2_000 }, () => crypto.randomUUID());
/** Public addresses of the markets (Ghana, the US, Jamaica, the Dominican Republic, the UK) and random others. */
const PREFIXES = ['154.160', '41.66', '102.176', '8.8', '172.58', '63.143', '72.252', '152.166', '81.2'];
const addressOf = (i: number) =>
  i % 4 === 3
    ? `${(i % 200) + 11}.${(i >> 3) % 256}.${(i >> 5) % 256}.${i % 251}`
    : `${PREFIXES[i % PREFIXES.length]}.${(i >> 2) % 256}.${i % 253}`;
function pageOf(n: number) {
  const r = n % 20;
  if (r < 4) return { pageUrl: '/', pageTitle: 'Efie' };
  if (r < 7)
    return {
      pageUrl: `/search?location=${['Accra', 'Kumasi', 'Kingston', 'Los Angeles'][n % 4]}&page=${(n % 3) + 1}`,
      pageTitle: 'Search',
    };
  if (r === 7) return { pageUrl: '/services', pageTitle: 'Services' };
  if (r === 8) return { pageUrl: '/login', pageTitle: 'Sign in' };
  return { pageUrl: `/property/${PROPERTIES[(n * 7919) % PROPERTIES.length]}`, pageTitle: 'A home in Accra' };
}

/** Bodies made before the clock starts, so that the load generator spends its CPU on sending. */
export function beacons(viewsPerBeacon: number, count: number) {
  const now = Date.now();
  return Array.from({ length: count }, (_, n) => {
    const visitor = (n * 104_729) % VISITORS.length;
    const views = Array.from({ length: viewsPerBeacon }, (_, k) => ({
      ...pageOf(n * 5 + k),
      viewedAt: now - (viewsPerBeacon - k) * 1500,
    }));
    const body =
      viewsPerBeacon === 1 ? { visitorId: VISITORS[visitor], ...views[0] } : { visitorId: VISITORS[visitor], views };
    return {
      body: JSON.stringify(body),
      headers: {
        'content-type': 'text/plain;charset=UTF-8',
        'user-agent': PHONE,
        'x-forwarded-for': addressOf(visitor),
      },
    };
  });
}
