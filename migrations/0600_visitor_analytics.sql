-- Visitor analytics (docs/decisions/100). Usage telemetry, not domain events: written in
-- batches by api/analytics/page-views.write.ts, kept two years (api/analytics/retention.ts).

-- Every page view, append-only: the record the roll-ups below are made from.
-- ip_network keeps only the network (IPv4 /24, IPv6 /48); page has no query string.
create table page_views (
  viewed_at timestamptz not null,
  visitor_id text not null,
  page text not null,
  user_id uuid,
  ip_network text not null,
  country text not null,
  city text not null
);
-- Rows arrive in time order (give or take a day of late beacons): a BRIN index finds the
-- oldest for the retention job at a tiny fraction of a b-tree's size and write cost.
create index page_views_by_time on page_views using brin (viewed_at);

-- The spec's Visitor record, one row per device id, updated by upsert at each flush.
-- user_id is the account last signed in on the device; name and e-mail are read from users.
create table visitors (
  id uuid primary key default gen_random_uuid(),
  visitor_id text not null unique,
  user_id uuid,
  is_registered_user boolean not null,
  ip_network text not null,
  city text not null,
  country text not null,
  pages_viewed integer not null,
  landing_page text not null,
  first_visit timestamptz not null,
  last_visit timestamptz not null
);
-- A window always ends now, so "visited in the window" is last_visit >= its start.
create index visitors_by_last_visit on visitors (last_visit desc, visitor_id);
create index visitors_by_first_visit on visitors (first_visit);

-- Daily roll-ups. visitor_days makes each day's distinct visitors exact: a device counts
-- on a day when its (day, visitor) row is new.
create table visitor_days (
  day date not null,
  visitor_id text not null,
  primary key (day, visitor_id)
);
create table analytics_daily (
  day date primary key,
  page_views bigint not null,
  visitors integer not null
);
create table page_daily (
  day date not null,
  page text not null,
  views integer not null,
  primary key (day, page)
);
