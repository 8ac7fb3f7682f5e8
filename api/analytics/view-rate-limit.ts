/**
 * How many page views one client may add a minute (docs/decisions/110). A person reads a page
 * in seconds and the PWA sends at most 20 views a beacon (an offline batch): 60 a minute per
 * device is three such batches. An address (IPv6 by /64) may be a carrier's NAT shared by many
 * phones, so it gets more: 120 a minute is two views a second (ANALYTICS_VIEWS_PER_MINUTE
 * sets it: a market where many phones share one address may need more).
 */
export const VIEW_RATE_LIMITS = { perAddressPerMinute: 120, perVisitorPerMinute: 60 } as const;
export type ViewRateLimits = { perAddressPerMinute: number; perVisitorPerMinute: number };

const WINDOW_MS = 60_000;

export type ViewRateLimit = {
  /** How many of `wanted` views this client may add now; the rest are refused and counted. */
  take(addressKey: string, visitorId: string, wanted: number): number;
  /** Views refused since the start. */
  refused(): number;
};

/**
 * In this process only, unlike the sign-in and message limits that live in PostgreSQL: this
 * path takes about 12,000 views a second and answers without touching the database, and a
 * view is telemetry, not a cost or a secret. Several instances each allow the limit. Fixed
 * one-minute windows (UTC minutes): the counters are two maps emptied at each new minute, so
 * memory holds at most one minute's clients; a client can get up to twice the limit across
 * a window's edge.
 */
export function createViewRateLimit(now: () => number, limits: ViewRateLimits = VIEW_RATE_LIMITS): ViewRateLimit {
  let window = -1;
  let byAddress = new Map<string, number>();
  let byVisitor = new Map<string, number>();
  let refused = 0;
  return {
    take(addressKey, visitorId, wanted) {
      const current = Math.floor(now() / WINDOW_MS);
      if (current !== window) {
        window = current;
        byAddress = new Map();
        byVisitor = new Map();
      }
      const fromAddress = byAddress.get(addressKey) ?? 0;
      const fromVisitor = byVisitor.get(visitorId) ?? 0;
      const taken = Math.max(
        0,
        Math.min(wanted, limits.perAddressPerMinute - fromAddress, limits.perVisitorPerMinute - fromVisitor),
      );
      if (taken > 0) {
        byAddress.set(addressKey, fromAddress + taken);
        byVisitor.set(visitorId, fromVisitor + taken);
      }
      refused += wanted - taken;
      return taken;
    },
    refused: () => refused,
  };
}
