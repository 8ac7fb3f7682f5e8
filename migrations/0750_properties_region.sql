-- A listing stores its region (issue 33, docs/decisions/310): one of Ghana's 16 for a Ghanaian
-- listing, '' elsewhere. The properties read model is rebuilt from the log after this migration
-- (api/runtime.ts REBUILT_AFTER), so the listings written before it get the region their events
-- imply (events/listing/listing.events.ts, the v1 upcasters), and search finds them by it.
alter table properties add column region text not null default '';

-- The admins' text search also matches the region.
alter table properties drop column search_text;
alter table properties add column search_text text generated always as (
  lower(city || ' ' || address || ' ' || country || ' ' || location || case when region = '' then '' else ' ' || region end)
) stored;
