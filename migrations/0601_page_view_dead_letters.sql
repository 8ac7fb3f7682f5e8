-- Page views PostgreSQL refused (docs/decisions/110): the batch writer splits a refused batch
-- until the refused views stand alone, keeps them here with the error, and writes the rest.
-- `view` is the record as JSON text with its escapes kept (`"\ud800"`, `"\u0000"` as six
-- characters), which is plain text that the column takes whatever the view held.
-- Deleted with the page views after two years (api/analytics/retention.ts).
create table page_view_dead_letters (
  id bigint generated always as identity primary key,
  failed_at timestamptz not null,
  view text not null,
  error text not null
);
create index page_view_dead_letters_by_time on page_view_dead_letters (failed_at);
