-- Public search reads listing_search (0720), not properties: these indexes
-- served only the old search and cost every listing write (the trigram and
-- amenity GIN indexes most). The admin list keeps properties_admin_newest;
-- its text search scans, as it did (no index served its OR of fields).
drop index if exists properties_live_newest;
drop index if exists properties_live_price;
drop index if exists properties_live_type_price;
drop index if exists properties_live_city;
drop index if exists properties_live_text;
drop index if exists properties_live_amenities;
