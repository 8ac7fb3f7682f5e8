-- Advance rent (issue 33, docs/decisions/320): the months of rent a host asks up front, null when
-- the host has not said. No listing stated one before: nothing to rebuild.
alter table properties add column advance_rent_months integer;

-- Search filters on it ("at most 6 months up front"): a column of listing_search, and in each of
-- its indexes' included columns so that a filtered search stays an index-only scan.
alter table listing_search add column advance_rent_months smallint;
drop index listing_search_newest;
drop index listing_search_price;
drop index listing_search_type_newest;
drop index listing_search_type_price;
create index listing_search_newest on listing_search (place_id, created_at desc, listing_id desc)
  include (monthly_equivalent, property_type, category, listing_type, bedrooms, amenities, advance_rent_months);
create index listing_search_price on listing_search (place_id, monthly_equivalent, listing_id)
  include (property_type, category, listing_type, bedrooms, amenities, advance_rent_months);
create index listing_search_type_newest on listing_search (place_id, property_type, created_at desc, listing_id desc)
  include (monthly_equivalent, category, listing_type, bedrooms, amenities, advance_rent_months);
create index listing_search_type_price on listing_search (place_id, property_type, monthly_equivalent, listing_id)
  include (category, listing_type, bedrooms, amenities, advance_rent_months);
