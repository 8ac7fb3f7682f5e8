-- Reports about listings (projection "listing-reports", issue 33, docs/decisions/340): one row per
-- report, open until an admin resolves the listing's reports together. The admins' queue lists the
-- listings with open reports, those held for review first.
create table listing_reports (
  id uuid primary key,
  listing_id uuid not null,
  reporter_id uuid not null,
  reason text not null,
  note text not null,
  status text not null check (status in ('open', 'resolved')),
  -- Whether this report was among those that held the listing for review (hid it).
  held boolean not null,
  reported_at timestamptz not null,
  action text,
  resolution_note text,
  resolved_by uuid,
  resolved_at timestamptz,
  version integer not null
);
create index listing_reports_open on listing_reports (listing_id, reported_at) where status = 'open';
create index listing_reports_by_listing on listing_reports (listing_id, reported_at desc);
