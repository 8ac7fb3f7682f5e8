-- One name per concept (issue 29): the listing's price is `pricePerNight` in the
-- contract and the events, so the column is price_per_night (it was `price`).
-- A rename keeps the data and is catalogue-only; the generated column
-- monthly_price refers to the column by number, so its expression follows.
alter table properties rename column price to price_per_night;
