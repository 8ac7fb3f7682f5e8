import type { SqlClient } from '../../events/store/sql.ts';
import type { AnalyticsTimeframe } from '../contract/analytics.schema.ts';
import type { HostResponse, ListingActivity, ListingAnalytics } from '../contract/listing-analytics.schema.ts';
import { analyticsWindow } from '../analytics/analytics-window.ts';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** The response rate and reply time look back this far, whatever window the dashboard shows. */
export const RESPONSE_WINDOW_DAYS = 30;
/** An unanswered thread younger than this is not counted yet: the host still has time to answer. */
export const RESPONSE_GRACE_MS = DAY_MS;

const LISTING_PAGE = '/property/';

/**
 * How the host answers renters (docs/decisions/390): the threads started in the last 30 days,
 * less those started under 24 hours ago and not answered yet; answered = the host wrote in it.
 * The host's index (host_id, last_message_at) bounds the read: a thread started in the window has
 * had its last message in it too.
 */
export async function readHostResponse(db: SqlClient, hostId: string, now: Date): Promise<HostResponse> {
  const since = new Date(now.getTime() - RESPONSE_WINDOW_DAYS * DAY_MS);
  const [row] = await db.query<{ started: number; answered: number; median_minutes: number | null }>(
    `select count(*)::int as started, count(first_reply_at)::int as answered,
       (extract(epoch from percentile_cont(0.5) within group (order by first_reply_at - started_at)) / 60)::float8 as median_minutes
     from conversations
     where host_id = $1 and last_message_at >= $2 and started_at >= $2
       and (first_reply_at is not null or started_at <= $3)`,
    [hostId, since, new Date(now.getTime() - RESPONSE_GRACE_MS)],
  );
  const started = row?.started ?? 0;
  const answered = row?.answered ?? 0;
  return {
    started,
    answered,
    responseRate: started === 0 ? null : answered / started,
    medianReplyMinutes: row?.median_minutes == null ? null : Math.round(Number(row.median_minutes)),
  };
}

const none = (): ListingActivity => ({ views: 0, visitors: 0, conversations: 0, contacts: { whatsapp: 0, call: 0 } });

/**
 * The host's own listings (deleted ones left out) over the last `days` UTC days, today included:
 * views and devices of each listing's page (the host's own signed-in views left out),
 * conversations started, WhatsApp and call contacts; with the totals and how the host answers.
 */
export async function readListingAnalytics(
  db: SqlClient,
  hostId: string,
  now: Date,
  days: AnalyticsTimeframe,
): Promise<ListingAnalytics> {
  const window = analyticsWindow(now, days);
  const listings = await db.query<{ id: string; title: string }>(
    'select id, title from properties where owner_id = $1 and not deleted order by created_at desc, id desc',
    [hostId],
  );
  const ids = listings.map((l) => l.id);
  const pages = ids.map((id) => `${LISTING_PAGE}${id}`);
  const [views, conversations, contacts, response] = await Promise.all([
    // One row per page and one for all (page null): a device that saw two listings is one visitor in all.
    // The `like` repeats the partial index's predicate (migrations/1301), so the planner can use it.
    db.query<{ page: string | null; views: number; visitors: number }>(
      `select page, count(*)::int as views, count(distinct visitor_id)::int as visitors
       from page_views
       where page like '/property/%' and page = any($1::text[]) and viewed_at >= $2 and user_id is distinct from $3
       group by grouping sets ((page), ())`,
      [pages, window.start, hostId],
    ),
    db.query<{ listing_id: string; started: number }>(
      `select listing_id, count(*)::int as started from conversations
       where host_id = $1 and last_message_at >= $2 and started_at >= $2 group by listing_id`,
      [hostId, window.start],
    ),
    db.query<{ listing_id: string; whatsapp: number; call: number }>(
      `select listing_id, count(*) filter (where channel = 'whatsapp')::int as whatsapp,
         count(*) filter (where channel = 'call')::int as call
       from listing_contacts where listing_id = any($1::uuid[]) and contacted_at >= $2 group by listing_id`,
      [ids, window.start],
    ),
    readHostResponse(db, hostId, now),
  ]);
  const byId = new Map(listings.map((l) => [l.id, { listingId: l.id, title: l.title, ...none() }]));
  const totals = none();
  for (const row of views) {
    if (row.page === null) {
      totals.views = row.views;
      totals.visitors = row.visitors;
      continue;
    }
    const listing = byId.get(row.page.slice(LISTING_PAGE.length));
    if (listing) Object.assign(listing, { views: row.views, visitors: row.visitors });
  }
  for (const row of conversations) {
    const listing = byId.get(row.listing_id);
    if (!listing) continue; // a deleted listing's threads
    listing.conversations = row.started;
    totals.conversations += row.started;
  }
  for (const row of contacts) {
    const listing = byId.get(row.listing_id);
    if (!listing) continue;
    listing.contacts = { whatsapp: row.whatsapp, call: row.call };
    totals.contacts.whatsapp += row.whatsapp;
    totals.contacts.call += row.call;
  }
  return { days, from: window.from, to: window.to, listings: [...byId.values()], totals, response };
}
