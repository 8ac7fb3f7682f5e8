-- What each logged change did to each listing, for the API's in-memory search
-- index and listing cards (docs/decisions/260): every changed listing's id,
-- creation time and live search state after the change (null: not live). JSON null, as for
-- `states`, means anything may have changed (a rebuild, a batch of more than 50).
-- A row from before this column (null here, states not null) also makes the
-- index load again.
alter table search_changes add column listings jsonb;
