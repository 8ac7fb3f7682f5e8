-- A Ghanaian listing's GhanaPost GPS digital address (issue 33, docs/decisions/310), canonical
-- (GA-183-8164), '' for none. No listing had one before: nothing to rebuild.
alter table properties add column digital_address text not null default '';
