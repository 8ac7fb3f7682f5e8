-- Search reads price bounds without a timePeriod as a month's (ADR 170), so every price
-- filter uses monthly_price (properties_live_price); the index on the amount as written
-- (0203) serves no query any more and only costs each listing write.
drop index if exists properties_live_amount;
