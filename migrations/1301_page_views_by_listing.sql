-- Serves the host analytics read (api/host-analytics/host-analytics.read.ts, docs/decisions/390),
-- not a projection: page_views is telemetry, written by api/analytics/page-views.write.ts. A
-- host's dashboard counts each own listing's page views over up to 90 days; the BRIN index bounds
-- only the time, so without this one every view of the window is read. Partial: only listings'
-- pages, so other views cost no more to write; the read repeats the predicate.
create index page_views_by_listing on page_views (page, viewed_at) where page like '/property/%';
