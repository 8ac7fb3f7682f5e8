-- What search compares a listing's price by is its monthly equivalent, not a
-- price of its own (docs/decisions/240): the column takes the name of the
-- function that computes it, monthlyEquivalent (events/listing/listing-search.ts).
-- The indexes that include it follow the rename.
alter table listing_search rename column monthly_price to monthly_equivalent;

-- properties.monthly_price served the search that now reads listing_search
-- (0720, 0721); nothing reads it, and it repeated the period arithmetic in SQL.
alter table properties drop column monthly_price;

-- The change log's states named it monthlyPrice: a new log, so no reader
-- compares entries written under the old name (readers start over, emptying
-- their caches, as after an emptied database).
delete from search_changes;
update search_change_head set log_id = gen_random_uuid();
