-- Price bounds without a timePeriod compare the amount as written (p.price).
create index properties_live_amount on properties (price, id) where is_live;
